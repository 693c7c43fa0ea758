/// A focusable control that runs an action, as UIKit's `UIButton` (title and one action).
///
/// Guarantees:
/// - `action` runs on the main actor, once per activation, and only while `isEnabled`:
///   Enter or Space while focused, or a left press then release both inside the button (a
///   release outside cancels, as a UIKit touch-up-outside; the window sends the release to the
///   view that took the press). The key or click is consumed even when disabled, so it never
///   reaches a view behind by accident.
/// - Looks, from the base `style` (default plain) in the tint (`tintColor`, where `style` has
///   no foreground), so that they read without colour (NO_COLOR): focused takes the theme's
///   focus look (reverse video toggled by default: toggling rather than adding keeps focus
///   visible on a bar already in reverse video); pressed (`isHighlighted`, between a mouse
///   press and its release while the pointer is inside) adds `.bold` and `.underline`;
///   disabled adds the theme's `disabled` attributes.
/// - Drawing by `border`: `[ Title ]` (`.spaced`, the default, so a button reads as one without
///   colour), `[Title]` (`.compact`: bar items, which stay apart from each other on a bar
///   without colour), or the bare title (`.none`). The whole frame takes the state's style;
///   the text is centred in it, on the middle row, and truncated with "…" if the frame is
///   narrower than `intrinsicContentSize`. With `inheritsBackground`, each cell keeps the
///   background colour and the reverse video of what its superview (or anything behind) drew
///   there, so a button on a coloured pane shows the pane's colour around its text.
/// - With a `menu` and `showsMenuAsPrimaryAction` (a pull-down button) or
///   `changesSelectionAsPrimaryAction` (a pop-up button), activation opens the menu below the
///   button instead of running `action` (see those properties).
/// - Ownership: the button holds `action` strongly. Capture whatever owns the button weakly
///   (`[weak self]` in a controller): the controller owns its view, the view owns the button,
///   so a strong capture is a cycle and nothing is ever freed.
@MainActor
open class Button: Control {
    /// Says its title, as a button.
    open override var defaultAccessibility: AccessibilityDescription {
        var description = super.defaultAccessibility
        description.label = shownTitle
        description.traits.insert(.button)
        return description
    }

    /// The text shown; changing it shows on the next frame (the frame is not resized: call
    /// `sizeToFit()`).
    public var title: String { didSet { if title != oldValue { invalidateIntrinsicContentSize() } } }

    /// Run on activation (see the type's guarantees): the button's handler of
    /// `.primaryActionTriggered` (`Control.addAction(for:_:)` adds more). Capture owners weakly.
    public var action: (@MainActor () -> Void)? { didSet { installAction() } }
    private var actionID: Control.ActionIdentifier?

    /// Makes `action` the button's handler of `.primaryActionTriggered`.
    private func installAction() {
        var handler: (@MainActor (Control) -> Void)?
        if let action { handler = { _ in action() } }
        replaceAction(&actionID, for: .primaryActionTriggered, with: handler)
    }

    /// When true, the button takes its background from what is drawn behind it (its superview's
    /// `backgroundStyle` or drawing): each cell keeps that background colour, and its reverse
    /// video is combined with the button's (so focus still shows as a toggle). `style`'s
    /// background is then unused. Default false: the frame takes `style`'s background, as
    /// UIKit's `backgroundColor` set on the button.
    public final var inheritsBackground = false { didSet { if inheritsBackground != oldValue { setNeedsDisplay() } } }

    /// How the title is framed (see `Button.Border`; default `.spaced`).
    public var border = Border.spaced { didSet { if border != oldValue { invalidateIntrinsicContentSize() } } }

    /// Whether the title is framed by brackets: `border` is not `.none`. Setting true makes the
    /// border `.spaced`, false `.none`.
    public var isBordered: Bool {
        get { border != .none }
        set { border = newValue ? .spaced : .none }
    }

    /// An enabled, bordered button; give it a frame or call `sizeToFit()`. Capture owners
    /// weakly in `action`.
    public init(title: String, style: Style = .plain, frame: Rect = .zero, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.action = action
        super.init(style: style, frame: frame)
        installAction()
    }

    /// The text drawn at full size: the title in its `border`.
    public var displayText: String { border.framing(shownTitle) }

    /// One row, as wide as `displayText` (measured with `DisplayWidth`).
    open override var intrinsicContentSize: Size { Size(width: DisplayWidth.of(displayText), height: 1) }

    /// Sends `.primaryActionTriggered` (runs `action`) if enabled, as a user activation would.
    public func activate() {
        guard isEnabled else { return }
        sendActions(for: .primaryActionTriggered)
    }

    /// The style the button is drawn in now, derived from `style` and the state.
    open override var currentStyle: Style {
        var result = controlLook(theme.tinted(style, tint: tintColor), isEnabled: isEnabled)
        if isEnabled && isHighlighted { result.attributes.formUnion([.bold, .underline]) }
        return result
    }

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        let look = currentStyle
        let behind = inheritsBackground ? backgroundsBehind(in: canvas) : []
        canvas.fill(style: look)
        let shown: String
        let frameWidth = DisplayWidth.of(border.framing(""))
        if border != .none && width > frameWidth && DisplayWidth.of(displayText) > width {
            // Keep the brackets and cut the title inside them.
            shown = border.framing(DisplayWidth.truncate(shownTitle, toWidth: width - frameWidth))
        } else {
            shown = DisplayWidth.truncate(displayText, toWidth: width)
        }
        let x = TextAlignment.center.offset(ofLineWidth: DisplayWidth.of(shown), in: width)
        canvas.write(shown, at: Point(x: x, y: (height - 1) / 2), style: look)
        for (point, beneath) in behind {
            canvas.restyle(Rect(origin: point, size: Size(width: 1, height: 1))) { style in
                var result = style
                result.background = beneath.background
                if beneath.attributes.contains(.reverse) { result.attributes.formSymmetricDifference(.reverse) }
                return result
            }
        }
    }

    /// The style of each visible cell of the frame as drawn so far (by what lies behind), in
    /// view coordinates.
    private func backgroundsBehind(in canvas: Canvas) -> [(Point, Style)] {
        var result: [(Point, Style)] = []
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                let onScreen = Point(x: x, y: y) + canvas.origin
                guard canvas.clip.contains(onScreen) else { continue }
                result.append((Point(x: x, y: y), canvas.surface[onScreen.x, onScreen.y].style))
            }
        }
        return result
    }

    /// Enter and Space press the button (`.activate`).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(title: "Button", standard: [.activate])
        bindings.setKeys([KeyEvent(.enter), KeyEvent(.character(" "))], for: .activate)
        return bindings
    }

    /// Presses the button (`activate()`): a click, Enter or Space; or opens its menu (see
    /// `showsMenuAsPrimaryAction`).
    open override func primaryAction() {
        if opensMenuAsPrimaryAction, isEnabled {
            showMenu()
        } else {
            activate()
        }
    }

    // MARK: Menus (see Button+Menu)

    /// The menu the button opens below itself when activated, while `showsMenuAsPrimaryAction`
    /// (a pull-down button) or `changesSelectionAsPrimaryAction` (a pop-up button), as UIKit's;
    /// `nil` (the default): none. Read when it opens. A change redraws the button (a pop-up's
    /// title comes from it).
    public var menu: Menu? { didSet { invalidateIntrinsicContentSize() } }

    /// Whether activating the button (Enter, Space, a click) opens `menu` instead of running
    /// `action`, as UIKit's (a pull-down button). Default false.
    public var showsMenuAsPrimaryAction = false

    /// Whether the button is a pop-up button choosing one of `menu`'s actions, as UIKit's: it
    /// shows the chosen action's title (`menu.selectedElements.first`, else `title`) with a "▾"
    /// (`v` in the ASCII glyph set), opens the menu as its primary action with that action
    /// selected, and choosing an action turns it `.on` and every other action of the menu
    /// `.off` (whatever the menu's options) before the action's handler runs. Unlike UIKit it
    /// needs no `showsMenuAsPrimaryAction` too. Default false.
    public var changesSelectionAsPrimaryAction = false { didSet { invalidateIntrinsicContentSize() } }
}
