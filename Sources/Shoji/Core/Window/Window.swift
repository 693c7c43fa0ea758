/// The top of the view tree: holds the root view controller, sizes it to the screen, routes
/// events and composes each frame. It is the main loop's delegate, like a one-window
/// `UIWindow` + `UIApplication`.
///
/// Guarantees:
/// - The root controller's view fills the window and follows resizes.
/// - The root controller appears when the window gets its first main loop callback (event,
///   resize or frame) unless the app showed or hid it before (`viewWillAppear` and
///   `viewDidAppear` with `animated` false), and disappears when the window is hidden or the
///   root is replaced, so appearance is balanced from the top. A hidden window stays hidden
///   until `show()`.
/// - Keys go to the first responder, then up the responder chain (view, superviews, their
///   controller, parent controllers, the window, its application); the first that handles a key
///   ends the walk.
///   Pasted text (`InputEvent.paste`) takes the same route to `paste(_:)`.
///   With no first responder, the first focusable view of the focus scope takes focus.
///   Tab and Shift-Tab, when nobody handled them, move focus within the focus scope.
/// - Mouse events go to the front-most interactive view under the pointer, then up the chain.
///   A press on a focusable view focuses it. The drags and the release that follow a handled
///   press go to the responder that handled it, wherever the pointer is (as UIKit sends a
///   touch's moves and end to the view where it began), so a button can tell a release outside
///   it from a click.
/// - Each frame carries the terminal's cursor (`Surface.cursor`): the first responder's
///   `cursorPosition` (`accessibilityCursorPosition` with `cursorFollowsFocus`) while it is
///   shown and not clipped away, else none (hidden).
/// - While a controller in an event's responder chain `isTransitioning`, the event is first
///   offered to the transitioning controllers (`handleDuringTransition(_:)`, nearest first);
///   if none takes it, it waits in `queuedEvents`. Once events wait, every later key, mouse
///   and paste event waits behind them, without being offered, so none overtakes another.
///   They are delivered in order, as if
///   they had just arrived (an unhandled Ctrl-C still quits), at the main loop pass after an
///   animation ends, as far as no transition holds them back. None is dropped.
/// - No wait is for good: events wait only while a transition holds them; one that ended
///   without saying so lets them go at the next frame, a drag gone still for
///   `InteractiveTransition.abandonmentDelay` with events waiting behind it ends as if
///   released, and a backlog that reaches `MainLoop.maximumHeldBackEvents` (where the loop
///   stops reading input) finishes what holds it at once, so the loop reads again.
/// - The one exception: an urgent key (bound to an urgent `KeyBinding` along its route, as an
///   `Application`'s quit keys are) is never held back. It is offered to the transitioning
///   controllers, then goes through the responder chain at once, ahead of the events that
///   wait, so quitting takes effect at the pass it is read in. A key that types a character is
///   not urgent while the focused view accepts text input: it is text for that view, in order
///   with the rest.
/// - Key bindings: each responder on a key's route is offered the key as the command its
///   `keyBindings` bind it to (when it `canPerform` it), then as `keyPressed(_:)`. While the
///   focused view accepts text input, a key that types a character performs no binding of
///   the responders after it: `m` or `q` is text for a focused field.
/// - A backlog is worked off in bounded time: while the window delivers an event that waited
///   (held back), or any event while others wait (held back, or read by the main loop and not
///   dispatched yet), it `isCatchingUp`, so the transitions and animations that event starts
///   complete at once (`Animator.plays(duration:)` is false: end values set, `animated`
///   false, as under reduced motion), and the ones holding the next event are finished before
///   it is delivered. The screen catches up with the input instead of replaying it, in about
///   the time the transition that was running when events began to wait takes to play out
///   (it plays). At most `eventsDeliveredPerPass` events are delivered per main loop pass, so
///   input is read and frames are drawn in between.
/// - The window's `animator` plays its views' animations on the main loop that drives it.
/// - Modal presentations (`ViewController.present`) show in layers above the root controller's
///   view; keys go to the topmost one's focus scope, clicks outside it go nowhere, and every
///   key, mouse and paste event waits while a presentation or dismissal runs (urgent keys
///   excepted, as above; one started while catching up is finished like a transition), see
///   `Window+Presentation`.
@MainActor
public final class Window: Responder, MainLoopDelegate, EventGateHost {
    /// The root of the view tree; the root controller's view is its only subview.
    public let contentView = View()

    /// The main loop presenting this window, known after its first callback.
    public private(set) weak var mainLoop: MainLoop? {
        didSet { if let mainLoop, mainLoop !== oldValue { animator.bind(to: mainLoop) } }
    }

    /// Plays the animations of this window's views, on the main loop's clock and ticks, from the
    /// window's first main loop callback on (before it, animations complete at once).
    public private(set) lazy var animator = Animator(window: self)

    /// Holds back, catches up and delivers key, mouse and paste events (see the type's notes).
    private(set) lazy var eventGate = EventGate(window: self)

    /// The application showing this window: the last responder of every chain (as UIKit's
    /// `UIWindow` hands events on to `UIApplication`). Set by `Application`.
    public internal(set) weak var application: Application? {
        didSet { if application !== oldValue { keyRouteMayHaveChanged() } }
    }

    /// Key, mouse and paste events held back by a transition, oldest first (see the type's notes).
    public var queuedEvents: [InputEvent] { eventGate.queuedEvents }

    /// How many events wait in `queuedEvents`; the main loop stops reading input while it is
    /// at `MainLoop.maximumHeldBackEvents` or more.
    public var heldBackEventCount: Int { eventGate.heldBackEventCount }

    /// True while the window works off a backlog (see the type's notes): animations started
    /// meanwhile complete at once.
    public var isCatchingUp: Bool { eventGate.isCatchingUp }

    /// The most held-back events delivered in one main loop pass; the rest follow at the next.
    public static let eventsDeliveredPerPass = EventGate.eventsDeliveredPerPass

    /// The window's size in cells: the screen's, less the status row in the screen-reader mode.
    public var size: Size { contentView.frame.size }

    /// How long the built-in containers' transitions take in this window, in seconds: a side
    /// menu's opening, closing and replacement, a navigation push and pop, and every other
    /// container's change of children (default `TransitionStyle.defaultDuration`). One setting
    /// for the whole app; 0 makes every transition instant (with `animated` false in the
    /// appearance calls). A container's own duration property, when set, wins for that
    /// container; reduced motion (`View.areAnimationsEnabled` false) makes them all instant.
    public var transitionDuration: Double = TransitionStyle.defaultDuration {
        didSet {
            transitionDuration =
                transitionDuration.isFinite ? max(0, transitionDuration) : TransitionStyle.defaultDuration
        }
    }

    /// Whether animations play in this window (default true): false is reduced motion for this
    /// window alone, as `View.areAnimationsEnabled` false is for every window of the process
    /// (UIKit has only the process-wide one). A server of many terminals (`ShojiSSH`) sets it
    /// per connection from that client's `SHOJI_ANIMATIONS`.
    public var areAnimationsEnabled = true

    /// Whether the settings let animations play in this window: the process's
    /// (`View.areAnimationsEnabled`) and the window's (`areAnimationsEnabled`) both on, and the
    /// screen-reader mode off. What the animator asks (with the window not catching up), and
    /// what a settings screen shows.
    public var animationsAllowed: Bool {
        View.areAnimationsEnabled && areAnimationsEnabled && !isScreenReaderModeOn
    }

    /// The mode for screen-reader users (default off; `Application.isScreenReaderModeOn` sets it,
    /// `run()` from `SHOJI_SCREEN_READER=1`). UIKit has no such mode: VoiceOver reads the views
    /// themselves; a terminal's screen reader reads only the cells and the cursor, so the
    /// window writes what a reader should say where it reads it:
    /// - the bottom row is a status row: it shows what was said since the last frame
    ///   (`accessibilityStatus`: announcements, and what the focus says when it moves or the
    ///   focused element's value changes), so a reader that speaks new text speaks it; the
    ///   content is laid out in the rows above (`size` is one row shorter);
    /// - the cursor stays on the focused element (as `cursorFollowsFocus`);
    /// - nothing animates (`animationsAllowed` is false) and views that update by themselves go
    ///   quiet (`View.isScreenReaderModeOn`: a spinner stands still, a progress bar moves in
    ///   tenths), so the screen changes only when something happened.
    public var isScreenReaderModeOn = false {
        didSet {
            guard isScreenReaderModeOn != oldValue else { return }
            if isScreenReaderModeOn { announcer.screenReaderModeDidStart() }
            layOutContent()
            var pending: [View] = [contentView]
            while let view = pending.popLast() {
                view.screenReaderModeDidChange()
                pending.append(contentsOf: view.subviews)
            }
            setNeedsDisplay()
        }
    }

    /// What the status row shows in the screen-reader mode: what was said since the frame
    /// before it (see `isScreenReaderModeOn`), joined by ". ".
    public var accessibilityStatus: String { announcer.status }

    /// What was said to assistive technology, oldest first: every posted notification's text
    /// and, in the screen-reader mode, what the focus said as it moved (the newest 200).
    public var accessibilityAnnouncements: [String] { announcer.log }

    /// Tells assistive technology something (see `AccessibilityNotification`), as UIKit's
    /// `UIAccessibility.post(notification:argument:)`; in the screen-reader mode the next frame
    /// shows it on the status row.
    public func post(_ notification: AccessibilityNotification) { announcer.post(notification) }

    /// Says what happens for assistive technology (see `post(_:)`).
    private(set) lazy var announcer = AccessibilityAnnouncer(window: self)

    /// The screen's size, as last told (a resize or a frame).
    private var screenSize = Size.zero

    /// Sizes the content to the screen, less the status row in the screen-reader mode.
    private func layOutContent() {
        var size = screenSize
        if isScreenReaderModeOn { size.height = max(0, size.height - 1) }
        if contentView.frame.size != size { contentView.frame = Rect(origin: .zero, size: size) }
    }

    /// Keeps the terminal's cursor shown and parked on the focused item for screen readers and
    /// braille displays, which follow the cursor (default off): each frame's cursor is the first
    /// responder's `accessibilityCursorPosition` (a list's selected row, a button's first cell,
    /// a text field's insertion point) instead of its `cursorPosition`. Nothing else is drawn
    /// differently. `Application.cursorFollowsFocus` sets it.
    public var cursorFollowsFocus = false {
        didSet { if cursorFollowsFocus != oldValue { setNeedsDisplay() } }
    }

    /// Which characters the built-in views draw their symbols with in this window (default
    /// `.unicode`; see `GlyphSet`). `Application.run()` makes it `.ascii` when the terminal
    /// session says so. A change shows in the next frame.
    public var glyphSet: GlyphSet = .unicode {
        didSet { if glyphSet != oldValue { setNeedsDisplay() } }
    }

    /// Where text views copy to and paste from (`Pasteboard`): one set here, else the screen's
    /// (`Screen.pasteboard`: on a terminal that takes OSC 52, its clipboard), else the window's
    /// own in-app pasteboard, which keeps copies for pasting in this app only.
    public var pasteboard: any Pasteboard {
        get { assignedPasteboard ?? mainLoop?.screen.pasteboard ?? inAppPasteboard }
        set { assignedPasteboard = newValue }
    }

    /// The pasteboard set in code, if any.
    private var assignedPasteboard: (any Pasteboard)?

    /// The pasteboard used when neither code nor the screen gives one.
    private let inAppPasteboard = InAppPasteboard()

    /// The styles the built-in views share and the tint their controls inherit (default
    /// `.standard`; see `Theme`). `Application.run()` sets it from `SHOJI_THEME` when that names
    /// a preset. A change shows in the next frame.
    public var theme: Theme = .standard {
        didSet {
            guard theme != oldValue else { return }
            var pending: [View] = [contentView]
            while let view = pending.popLast() {
                view.themeDidChange()
                pending.append(contentsOf: view.subviews)
            }
            setNeedsDisplay()
        }
    }

    /// The drag under way that drives a transition (`InteractiveTransition.begin(in:)`), if any:
    /// its mouse reports are never held back.
    public internal(set) var interactiveTransition: InteractiveTransition?

    /// True while the root controller is shown.
    public private(set) var isVisible = false

    /// Where the keys go first, and how focus moves (see the type's notes).
    private(set) lazy var focus = FocusController(window: self)

    /// The view that receives keys first.
    public var firstResponder: View? { focus.firstResponder }

    /// The responder that handled the last mouse press, until its release.
    weak var mouseCapture: Responder?

    /// The number of the last mouse press sent (`send(_:)`): a drag owner that remembers the
    /// number of its press knows a later report is not its gesture's once another press came
    /// (its release was lost, say outside the terminal), however the report reached it.
    var pressNumber = 0

    /// Frames composed so far; views remember the number of the frame they were last drawn in
    /// (see `SurfaceMove`), so a view can tell whether the last frame drew it.
    private(set) var frameNumber = 0

    /// True during a frame's layout pass: what changes then is drawn in that same frame, so a
    /// request for a frame would only cause a second, identical one.
    private(set) var isLayingOut = false
    /// Counts layout passes, so a view knows whether the running pass has reached it.
    private(set) var layoutPassNumber = 0
    /// Set when a view the running pass had already reached asked for layout again.
    private var laidOutLate = false

    /// Work that changes the controller hierarchy, asked for during a layout pass (a
    /// placeholder a subclass resized in `viewWillLayoutSubviews`): it runs before the next
    /// frame's layout, never inside one, so one pass lays out a hierarchy that holds still.
    private var workBeforeLayout: [@MainActor () -> Void] = []

    /// Containment changes (`addChild`, `removeFromParent`) of this window's controllers made
    /// during a layout pass: layout must not change the controller hierarchy, so tests expect 0.
    private(set) var hierarchyChangesDuringLayout = 0

    /// Whether a responder on the key route wants key releases, as last derived
    /// (`keyRouteWantsKeyReleases`); `nil` once the route or a wish may have changed. A cache
    /// the main loop reads every pass, so a pass walks the responder chain only when something
    /// the answer depends on changed: the first responder (`FocusController`), the view tree
    /// of the window (`View`), a controller's parent (`ViewController`), the application, or a
    /// responder's wish (`Responder.setNeedsKeyReleaseUpdate()`). Each of those clears it.
    var knownKeyReleaseWish: Bool?

    /// The modal presentations, bottom first (see `Window+Presentation`).
    var presentations: [Presentation] = []

    /// The animation of the presentation or dismissal under way, if it animates: the backlog
    /// finishes it when it ends at the next frame anyway (see `catchUpAnimations(holding:)`).
    weak var presentationAnimation: Animation?

    /// Presentations and dismissals, one at a time, in the order asked for.
    lazy var presentationChanges = ChildChangeQueue<PresentationRequest>(window: self) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    /// The controller whose view fills the window. Replacing it while visible makes the old
    /// root disappear and the new one appear. A controller that is another controller's child
    /// is first removed from that parent (`willMove(toParent: nil)`, its view removed,
    /// `removeFromParent()`), so a root never has a parent. Under a full-screen presentation
    /// the new root's view waits out of the window until the presentation is dismissed. A
    /// presented controller cannot become the root (precondition: dismiss it first).
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            rootDidChange(from: oldValue)
        }
    }

    /// A hidden window showing `rootViewController` (its view installed at once, filling the
    /// window); it shows at its first main loop callback or at `show()`.
    public init(rootViewController: ViewController? = nil) {
        self.rootViewController = rootViewController
        super.init()
        contentView.hostingWindow = self
        // Swift runs no `didSet` for assignments in an initializer: install the root explicitly.
        rootDidChange(from: nil)
    }

    private func rootDidChange(from oldValue: ViewController?) {
        if let old = oldValue {
            // Read once: a hook may hide the window between the begin and the end, and the end
            // must match what was begun.
            let disappearing = isVisible
            if disappearing { old.beginAppearanceTransition(false, animated: false) }
            old.viewIfLoaded?.removeFromSuperview()
            if disappearing { old.endAppearanceTransition() }
        }
        if let root = rootViewController {
            precondition(
                root.presentationState.presentation == nil,
                "Window.rootViewController: \(root.debugIdentifier) is presented; dismiss it first")
            // A root has no parent (two owners would both forward appearance calls to it):
            // remove it from its old parent first, with the full removal sequence, as `addChild`
            // does for a child with another parent.
            root.parent?.detachChild(root)
            // Covered by a full-screen presentation: its dismissal brings the view in.
            guard !isRootCovered else {
                setNeedsDisplay()
                return
            }
            root.view.fill(contentView)
            // Under the presentations' layers.
            contentView.insertSubview(root.view, at: 0)
            if isVisible {
                // A hook that hides the window in between makes `root` disappear; the end
                // call then finds nothing to end.
                root.beginAppearanceTransition(true, animated: false)
                root.endAppearanceTransition()
            }
        }
        setNeedsDisplay()
    }

    // MARK: Showing

    /// Set once the window was shown or hidden, by the app or by its first main loop callback.
    private var visibilityWasSet = false

    /// Shows the window at its first main loop callback (event, resize or frame), unless the
    /// app already showed or hid it.
    ///
    /// Once only, so that a `hide()` lasts: showing at every event, resize or frame would undo
    /// it at the next one (or in the middle of hiding, from a `viewWillDisappear` hook).
    private func showAtFirstCallback() {
        guard !visibilityWasSet else { return }
        show()
    }

    /// Shows the root controller and the presented ones in the window (appearance calls), if
    /// not shown yet.
    public func show() {
        visibilityWasSet = true
        guard !isVisible else { return }
        isVisible = true
        // The root and the presented controllers shown in the window, bottom first, each
        // ended by the call that began it (a hook may replace the root in between); a hook
        // that hides the window again stops the rest.
        for controller in shownControllers {
            guard isVisible else { break }
            // A hook may have taken it out of the window meanwhile (a dismissal).
            guard controller.viewIfLoaded?.window === self else { continue }
            controller.beginAppearanceTransition(true, animated: false)
            controller.endAppearanceTransition()
        }
        setNeedsDisplay()
    }

    /// Hides the root controller and the presented ones (disappearance calls), if shown.
    public func hide() {
        visibilityWasSet = true
        guard isVisible else { return }
        isVisible = false
        // Each controller begins and ends (see `show()`), top first.
        for controller in shownControllers.reversed() {
            guard !isVisible else { break }
            guard controller.viewIfLoaded?.window === self else { continue }
            controller.beginAppearanceTransition(false, animated: false)
            controller.endAppearanceTransition()
        }
    }

    /// Tells every controller in the root's tree, then each presented controller's tree, that
    /// memory is short (`ViewController.didReceiveMemoryWarning()`): the controllers not on
    /// screen (those under a full-screen presentation too) release their views (they load
    /// again, with `viewDidLoad`, when shown). A terminal sends no such warning: an app calls
    /// this when it decides to (a key, a size it watches). Main actor.
    public func didReceiveMemoryWarning() {
        rootViewController?.didReceiveMemoryWarning()
        for presented in presentedViewControllers { presented.didReceiveMemoryWarning() }
    }

    /// Asks the main loop for a frame (during the layout pass: nothing to do, the frame being
    /// laid out shows the change).
    public func setNeedsDisplay() {
        guard !isLayingOut else { return }
        mainLoop?.setNeedsDisplay()
    }

    /// Runs `work` now, or, during a layout pass, before the next frame's layout (and asks for
    /// that frame): for changes of the controller hierarchy that layout noticed.
    func performOutsideLayout(_ work: @escaping @MainActor () -> Void) {
        guard isLayingOut else { return work() }
        performBeforeNextLayout(work)
    }

    /// Runs `work` before the next frame's layout, in the order asked, and asks for that frame:
    /// for work that many events in a row would each ask for and one run at the frame does
    /// (a table's sort requests: the last one wins).
    func performBeforeNextLayout(_ work: @escaping @MainActor () -> Void) {
        workBeforeLayout.append(work)
        setNeedsDisplay()
    }

    /// A view the running layout pass already reached needs layout again: the next frame does it.
    func needsAnotherFrame() { laidOutLate = true }

    /// Counts a containment change of one of this window's controllers (see
    /// `hierarchyChangesDuringLayout`).
    func noteHierarchyChange() {
        if isLayingOut { hierarchyChangesDuringLayout += 1 }
    }

    // MARK: Focus

    /// The view in which Tab moves focus: the topmost presented controller's `focusScope`, or
    /// the root controller's when nothing is presented.
    public var focusScope: View? { (presentations.last?.controller ?? rootViewController)?.focusScope }

    /// Makes `view` the first responder if it can take focus, is interactive and is in this
    /// window; `nil` clears the focus. Returns whether focus is now where asked.
    @discardableResult
    public func makeFirstResponder(_ view: View?) -> Bool { focus.makeFirstResponder(view) }

    /// The focusable views of the focus scope, in view order (depth first, back to front).
    public var focusableViews: [View] { focus.focusableViews }

    /// Moves focus to the next (or previous) focusable view of the scope, wrapping around.
    public func moveFocus(forward: Bool) { focus.moveFocus(forward: forward) }

    /// Keeps the focus inside the scope: a first responder that left the window, the scope or
    /// interactivity gives way to the `preferredFocusedView` of the controller whose view holds
    /// the scope, else to the scope's first focusable view.
    public func validateFocus() { focus.validate() }

    func viewWillLeaveWindow(_ view: View) { focus.viewWillLeaveWindow(view) }

    /// Something the key route, or a wish for key releases along it, depends on changed: the
    /// next read of `keyRouteWantsKeyReleases` walks the route again (`knownKeyReleaseWish`).
    func keyRouteMayHaveChanged() { knownKeyReleaseWish = nil }

    // MARK: Keys

    /// The application, after the window (see `application`).
    public override var nextResponder: Responder? { application }

    /// The window's own undo manager, made with the window and kept for its life: the one every
    /// responder in the window reaches by default (`Responder.undoManager`), for an app's own
    /// changes. The undo keys (Ctrl-/ and Alt-/, `KeyCommand.undo` and `.redo`) reach it when
    /// nothing nearer the focus can undo or redo: a focused text input undoes its own steps first
    /// (see `TextInputView`), then the window's, as a document's steps follow a field's in a
    /// Mac app.
    public override var undoManager: UndoManager? { windowUndoManager }

    /// See `undoManager`.
    private let windowUndoManager = UndoManager()

    /// Itself (see `Responder.setNeedsKeyReleaseUpdate()`).
    override var windowForKeyReleaseUpdates: Window? { self }

    /// Tab and Shift-Tab move the focus when nobody before the window took them; Shift-F10
    /// opens the context menu of the focused view (or the nearest view around it with one);
    /// Ctrl-/ and Alt-/ undo and redo the window's `undoManager`'s steps.
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Window",
            [
                KeyBinding(.focusNext, keys: [KeyEvent(.tab)], title: "Next control", yieldsToInner: true),
                KeyBinding(
                    .focusPrevious, keys: [KeyEvent(.tab, modifiers: .shift)], title: "Previous control",
                    yieldsToInner: true),
                KeyBinding(
                    .showContextMenu, keys: [KeyEvent(.function(10), modifiers: .shift), KeyEvent(.menu)],
                    title: "Open the context menu")
            ] + TextUndoBindings.bindings)
    }

    /// The context menu key acts only where a view on the key route has a context menu, the
    /// undo keys only while there is a step to undo or redo.
    public override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .showContextMenu: return contextMenuView(onRouteFrom: keyResponder) != nil
        case .undo: return windowUndoManager.canUndo
        case .redo: return windowUndoManager.canRedo
        default: return true
        }
    }

    /// Moves the focus (`.focusNext`, `.focusPrevious`), or opens the context menu
    /// (`.showContextMenu`) at the focused item (`View.accessibilityCursorPosition`).
    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .focusNext: moveFocus(forward: true)
        case .focusPrevious: moveFocus(forward: false)
        case .showContextMenu:
            guard let view = contextMenuView(onRouteFrom: keyResponder) else { return false }
            let anchor = view.convertToWindow(view.accessibilityCursorPosition ?? .zero)
            return presentContextMenu(of: view, from: Rect(origin: anchor, size: Size(width: 1, height: 1)))
        case .undo: windowUndoManager.undo()
        case .redo: windowUndoManager.redo()
        default: return false
        }
        return true
    }

    // MARK: MainLoopDelegate

    /// Routes keys and mouse events, or holds them back during a transition (see the type's
    /// guarantees; `isUrgent(_:)` says which keys never wait). Shows the window if this is
    /// its first callback.
    public func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        mainLoop = loop
        showAtFirstCallback()
        switch event {
        case .key, .keyRelease, .mouse, .paste: return eventGate.deliverOrHold(event)
        default: return false
        }
    }

    /// Whether `event` overtakes the events waiting in the main loop: an urgent key
    /// (`isUrgent(_:)`) that types no text, so Ctrl-C quits whatever is queued before it.
    public func mainLoop(_ loop: MainLoop, overtakes event: InputEvent) -> Bool {
        guard case .key(let key) = event, !key.typesText else { return false }
        mainLoop = loop
        return isUrgent(key)
    }

    /// Resizes the content (the root's view follows), ending a drag under way
    /// (`InteractiveTransition.interrupt()`); shows the window if this is its first callback.
    public func mainLoop(_ loop: MainLoop, didResizeTo size: Size) {
        mainLoop = loop
        // What a drag moves is laid out anew: the drag ends as its release there would.
        if screenSize != size { interactiveTransition?.interrupt() }
        screenSize = size
        layOutContent()
        showAtFirstCallback()
    }

    /// Lays out and draws the whole tree into `surface`; shows the window if this is its first
    /// callback. One layout pass, top-down: layout does not change the controller hierarchy
    /// (what it notices that would, runs before the next frame's layout, see
    /// `performOutsideLayout`), so nothing laid out earlier in the pass goes stale.
    public func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        mainLoop = loop
        screenSize = surface.size
        layOutContent()
        showAtFirstCallback()
        let work = workBeforeLayout
        workBeforeLayout = []
        for item in work { item() }
        isLayingOut = true
        layoutPassNumber += 1
        laidOutLate = false
        contentView.layoutIfNeeded()
        validateFocus()
        announcer.frameWillDraw()
        isLayingOut = false
        if !workBeforeLayout.isEmpty || laidOutLate { loop.setNeedsDisplay() }
        // Swap the surface in and out so it stays uniquely referenced (no copy of every cell).
        var canvas = Canvas(surface: Surface(size: .zero))
        swap(&canvas.surface, &surface)
        canvas.clip = canvas.surface.bounds
        canvas.size = canvas.surface.size
        frameNumber += 1
        canvas.frameNumber = frameNumber
        contentView.render(in: &canvas)
        if isScreenReaderModeOn { drawStatusRow(in: &canvas) }
        swap(&canvas.surface, &surface)
        surface.cursor = visibleCursor()
        eventGate.ensureProgress()
    }

    /// The status row of the screen-reader mode: the bottom row, `accessibilityStatus` from its
    /// first cell, cut to the width (what is cut is still in `accessibilityAnnouncements`).
    private func drawStatusRow(in canvas: inout Canvas) {
        guard screenSize.height > 0 else { return }
        let row = Rect(x: 0, y: screenSize.height - 1, width: screenSize.width, height: 1)
        canvas.fill(row, style: .plain)
        canvas.write(
            DisplayWidth.truncate(accessibilityStatus, toWidth: screenSize.width), at: row.origin, style: .plain)
    }

    /// The first responder's `cursorPosition` (its `accessibilityCursorPosition` while
    /// `cursorFollowsFocus` or the screen-reader mode is on) in window coordinates, when the
    /// view and its ancestors are shown and the cell is inside each of their frames (not
    /// clipped away).
    private func visibleCursor() -> Point? {
        let followsFocus = cursorFollowsFocus || isScreenReaderModeOn
        guard let view = firstResponder, view.window === self,
            let local = followsFocus ? view.accessibilityCursorPosition : view.cursorPosition
        else { return nil }
        let point = view.convertToWindow(local)
        var current: View? = view
        while let shown = current {
            guard !shown.isHidden, !shown.isTransparent,
                Rect(origin: shown.convertToWindow(.zero), size: shown.bounds.size).contains(point)
            else { return nil }
            current = shown.superview
        }
        return point
    }
}
