/// The base class of the views a user acts on to change a value or trigger an action, as UIKit's
/// `UIControl`: `Button`, `Switch`, `SegmentedControl` and `Stepper` are controls, and so are
/// an app's own (the DocC article "Writing a control").
///
/// Guarantees:
/// - State: `isEnabled` (false: drawn dimmed, no focus, no tracking, no events), `isHighlighted`
///   (true while a press that began on the control is held with the pointer inside it),
///   `isSelected` (a control's own meaning; the built-ins leave it false). Each change redraws;
///   disabling ends a press being tracked, without an event.
/// - Tracking, as UIKit's: a left press on the control is always consumed (so a press on a
///   disabled control reaches nothing behind it); it starts tracking when
///   `beginTracking(at:)` says so (by default while enabled); the motions with the button
///   held call `continueTracking(at:)` and keep `isTouchInside` and `isHighlighted` up to date;
///   the release calls `endTracking(at:)`, where the built-ins act if the pointer is still
///   inside (a release outside cancels, UIKit's touch-up-outside). Points are in the control's
///   coordinates. The window sends a press's motions and release to the view that took it.
/// - Events reach the app one way: the handlers added with `addAction(for:_:)`, called on the
///   main actor in the order added, each time the control sends one of their events
///   (`sendActions(for:)`). The controls send events for what the user does only (a key, a
///   click), after their value changed; a change made in code sends nothing (UIKit's rule).
///   The built-ins' `action` and `onValueChanged` properties are one such handler each.
/// - Looks: `currentStyle` is `style` as the control shows it now: the theme's disabled
///   attributes while disabled, else the theme's focus look in the tint while focused. Each
///   control adds its own state on top.
/// - Ownership: the control holds its handlers strongly: capture whatever owns the control
///   weakly (`[weak self]` in a controller), or it is never freed.
@MainActor
open class Control: View {
    /// A control is an element; a disabled one is `.notEnabled` ("dimmed").
    open override var defaultAccessibility: AccessibilityDescription {
        AccessibilityDescription(traits: isEnabled ? [] : .notEnabled, isElement: true)
    }

    /// The kinds of event a control sends, as UIKit's `UIControl.Event`. Differs from UIKit: no
    /// editing events, as the text inputs are scroll views (`TextInputView`) with callbacks of
    /// their own (`onChange`, `onBeginEditing`, `onEndEditing`).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// An event of `rawValue`'s bits; the named events use the low ones, the rest are an
        /// app's (`applicationReserved`).
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The control did what it is for: a button was pressed (a key, or a click released
        /// inside it).
        public static let primaryActionTriggered = Event(rawValue: 1 << 0)
        /// The user changed the control's value (a switch flipped, a segment chosen, a step).
        public static let valueChanged = Event(rawValue: 1 << 1)
        /// The bits an app's own controls may use for events of their own.
        public static let applicationReserved = Event(rawValue: 0xFF << 16)
        /// Every event.
        public static let allEvents = Event(rawValue: ~0)
    }

    /// Identifies a handler added with `addAction(for:_:)`, to remove it.
    public struct ActionIdentifier: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// When false the control is drawn dimmed, cannot take focus and ignores the user, as
    /// UIKit's `isEnabled`. A focused control that becomes disabled loses the focus on the
    /// window's next frame or key.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { endTrackingQuietly() }
            setNeedsDisplay()
        }
    }

    /// True while a press that began on the control is held with the pointer inside it, as
    /// UIKit's `isHighlighted`; controls may show it (a `Button` does).
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// A selected state of the control's own meaning, as UIKit's `isSelected` (the built-ins
    /// leave it false).
    public var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }

    /// The style of the control at rest; its states are derived from it (see `currentStyle`).
    public var style: Style { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// Whether a press that began on the control is being tracked (see the type's notes).
    public private(set) var isTracking = false

    /// Whether the pointer of the press being tracked is inside the control.
    public private(set) var isTouchInside = false

    /// Whether the left press now held began on the control (tracked or not): its motions and
    /// release are consumed too.
    private var holdsPress = false

    /// The handlers, in the order added.
    private var actions: [(id: ActionIdentifier, events: Event, handler: @MainActor (Control) -> Void)] = []
    private var nextActionID = 0

    /// An enabled control drawn from `style`.
    public init(style: Style = .plain, frame: Rect = .zero) {
        self.style = style
        super.init(frame: frame)
    }

    /// Enabled controls take the focus.
    open override var canBecomeFocused: Bool { isEnabled }

    /// `style` as the control shows it now (see the type's looks); subclasses add their state.
    open var currentStyle: Style { controlLook(style, isEnabled: isEnabled) }

    /// Fills `canvas` in `currentStyle` and returns that look and the row a one-row control
    /// draws on (the middle one, the top of two), or `nil` (drawing nothing) when the canvas has
    /// no cells: the start of a control's `draw(in:)`.
    public func fillBackground(in canvas: inout Canvas) -> (look: Style, row: Int)? {
        guard canvas.size.width > 0, canvas.size.height > 0 else { return nil }
        let look = currentStyle
        canvas.fill(style: look)
        return (look, (canvas.size.height - 1) / 2)
    }

    // MARK: Events

    /// Calls `handler` with the control each time it sends one of `events`, after the handlers
    /// added before it; returns what removes it (`removeAction(_:)`). Capture owners weakly.
    @discardableResult
    public func addAction(
        for events: Event, _ handler: @escaping @MainActor (Control) -> Void
    ) -> ActionIdentifier {
        nextActionID += 1
        let id = ActionIdentifier(value: nextActionID)
        actions.append((id, events, handler))
        return id
    }

    /// Removes a handler added with `addAction(for:_:)`; an unknown one is ignored.
    public func removeAction(_ id: ActionIdentifier) {
        actions.removeAll { $0.id == id }
    }

    /// Calls the handlers of any of `events`, in the order they were added, once each. A
    /// handler added or removed meanwhile takes effect at the next send.
    public func sendActions(for events: Event) {
        for action in actions where !action.events.isDisjoint(with: events) { action.handler(self) }
    }

    /// The handler a property like `Button.action` keeps: set again, it replaces its earlier
    /// one in place (the order among handlers is kept); `nil` removes it.
    func replaceAction(_ id: inout ActionIdentifier?, for events: Event, with handler: (@MainActor (Control) -> Void)?)
    {
        if let handler, let old = id, let index = actions.firstIndex(where: { $0.id == old }) {
            actions[index] = (old, events, handler)
            return
        }
        if let old = id { removeAction(old) }
        id = handler.map { addAction(for: events, $0) }
    }

    /// `replaceAction(_:for:with:)` for a handler that takes the control as its own type (a
    /// `Switch`'s `onValueChanged`).
    func replaceAction<Sender: Control>(
        _ id: inout ActionIdentifier?, for events: Event, withTyped handler: (@MainActor (Sender) -> Void)?
    ) {
        var wrapped: (@MainActor (Control) -> Void)?
        if let handler {
            wrapped = { control in
                if let sender = control as? Sender { handler(sender) }
            }
        }
        replaceAction(&id, for: events, with: wrapped)
    }

    // MARK: Tracking

    /// Asked at a left press on the control whether to track it (`point` in the control's
    /// coordinates). Default: while enabled. The press is consumed either way.
    open func beginTracking(at point: Point) -> Bool { isEnabled }

    /// Told each motion of the tracked press (`isTouchInside` is already up to date); return
    /// false to stop tracking (no `endTracking` follows). Default: true.
    open func continueTracking(at point: Point) -> Bool { true }

    /// Told the release of the tracked press (`isTouchInside` says whether it was inside).
    /// Default: `primaryAction()` when the release is inside (a click, UIKit's touch up inside).
    open func endTracking(at point: Point) {
        if isTouchInside { primaryAction() }
    }

    /// What the control does when clicked or activated from the keyboard (its `.activate`
    /// binding, Enter or Space): a button presses, a switch flips. Default: nothing. Called
    /// only while enabled by the tracking; a key calls it whatever the state, so an override
    /// checks `isEnabled` (the built-ins do nothing while disabled).
    open func primaryAction() {}

    /// `.activate` performs `primaryAction()` (taken even while disabled, so the key goes no
    /// further).
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .activate else { return super.perform(command, key: key) }
        primaryAction()
        return true
    }

    /// Told that tracking ended without a release the control should act on (it was disabled,
    /// or left the window). Default: nothing.
    open func cancelTracking() {}

    /// Ends the press being tracked without acting on it.
    private func endTrackingQuietly() {
        guard isTracking else { return }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        cancelTracking()
    }

    /// A control leaving its window stops tracking its press.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { endTrackingQuietly() }
    }

    /// Left press, motion and release drive the tracking (see the type's notes).
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left):
            endTrackingQuietly()
            holdsPress = true
            guard beginTracking(at: point) else { return true }
            isTracking = true
            isTouchInside = true
            isHighlighted = true
            return true
        case .drag(.left):
            guard isTracking else { return holdsPress }
            isTouchInside = bounds.contains(point)
            isHighlighted = isTouchInside
            if !continueTracking(at: point) {
                isTracking = false
                isTouchInside = false
                isHighlighted = false
            }
            return true
        case .release:
            defer { holdsPress = false }
            guard isTracking else { return holdsPress }
            isTouchInside = bounds.contains(point)
            isTracking = false
            isHighlighted = false
            endTracking(at: point)
            isTouchInside = false
            return true
        default:
            return false
        }
    }
}
