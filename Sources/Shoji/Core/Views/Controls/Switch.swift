/// An on/off control, as UIKit's `UISwitch`: `[ ON ●]` when on, `[● OFF]` when off.
///
/// Guarantees:
/// - `onValueChanged` runs on the main actor once per change the user makes, after `isOn`
///   changed, and only while `isEnabled`: Enter or Space while focused (the `.activate`
///   binding), or a left press then release both inside the switch (a release outside does
///   nothing). Changes made in code (`isOn`, `setOn(_:animated:)`) call nothing, as UIKit's
///   value-changed event. The key or click is consumed even when disabled, so it never reaches
///   a view behind by accident.
/// - `isOn` reads the new value at once; the knob slides there over `animationDuration` when
///   the change is animated (a user's change always asks for it), by the window animator's
///   rules: at once under reduced motion, while catching up, or outside a window. A switch
///   that leaves its window ends its slide there.
/// - Looks, readable without colour: the state's word and the knob's side (`●`, `#` with the
///   `.ascii` glyph set); during a slide the new state's word with the knob on its way over it.
///   From the base `style` (default plain): focused takes the theme's focus look over the
///   whole switch (as a `Button`); on adds `.bold` and the tint (`tintColor`, where `style`
///   has no foreground); disabled adds the theme's `disabled` attributes (and no focus).
/// - Seven columns by one row (`intrinsicContentSize`), drawn on the middle row of the frame.
/// - Ownership: the switch holds `onValueChanged` strongly; capture its owner weakly.
@MainActor
open class Switch: Control {
    /// A switch, "on" or "off"; the app names it (`accessibilityLabel`), as the label beside it.
    open override var defaultAccessibility: AccessibilityDescription {
        var description = super.defaultAccessibility
        description.value = isOn ? "on" : "off"
        description.traits.insert(.toggle)
        return description
    }

    /// Whether the switch is on. Setting it is `setOn(_:animated:)` without animation, and
    /// calls no callback.
    public var isOn: Bool {
        get { knob.target == 1 }
        set { setOn(newValue, animated: false) }
    }

    /// Run after each change the user makes (see the type's guarantees): the switch's handler
    /// of `.valueChanged` (`Control.addAction(for:_:)` adds more). Capture owners weakly.
    public var onValueChanged: (@MainActor (Switch) -> Void)? {
        didSet { replaceAction(&onValueChangedID, for: .valueChanged, withTyped: onValueChanged) }
    }
    private var onValueChangedID: Control.ActionIdentifier?

    /// How long the knob takes to slide, in seconds (default 0.15).
    public var animationDuration = 0.15

    /// Where the knob is: 0 off, 1 on.
    private var knob: AnimatedValue

    /// A switch, on or off; give it a frame or call `sizeToFit()`.
    public init(isOn: Bool = false, style: Style = .plain, frame: Rect = .zero) {
        knob = AnimatedValue(isOn ? 1 : 0)
        super.init(style: style, frame: frame)
    }

    /// Turns the switch on or off, the knob sliding there when `animated` (see the type's
    /// guarantees), as UIKit's method of the same name. Calls no callback.
    public func setOn(_ on: Bool, animated: Bool) {
        let target: Double = on ? 1 : 0
        guard target != knob.target else { return }
        knob.set(target, animated: animated, duration: animationDuration, curve: .easeInOut, in: self)
    }

    /// Flips the switch as the user does: animated, then `onValueChanged`. Does nothing while
    /// disabled.
    public func toggle() {
        guard isEnabled else { return }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
    }

    /// The style the switch is drawn in now, derived from `style` and the state.
    open override var currentStyle: Style {
        var base = style
        if isEnabled && isOn {
            base = theme.tinted(base, tint: tintColor)
            base.attributes.insert(.bold)
        }
        return controlLook(base, isEnabled: isEnabled)
    }

    /// The text of the switch with the knob `knobPosition` of the way from off (0) to on (1),
    /// in `glyphs`: `[● OFF]` at 0, `[ ON ●]` at 1; in between the word of the side the knob
    /// heads for (`on`) with the knob over it.
    static func text(knobPosition: Double, on: Bool, glyphs: GlyphSet) -> String {
        // Five cells inside the brackets; the knob takes the first (off) or the last (on).
        var cells: [Character] = on ? [" ", "O", "N", " ", " "] : [" ", " ", "O", "F", "F"]
        let column = Int((min(1, max(0, knobPosition)) * 4).rounded(.toNearestOrAwayFromZero))
        cells[column] = glyphs == .unicode ? "●" : "#"
        return "[" + String(cells) + "]"
    }

    /// Seven columns, one row.
    open override var intrinsicContentSize: Size { Size(width: 7, height: 1) }

    /// Leaving the window ends a motion at its target (it would keep the old window drawing).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { knob.settle() }
    }

    open override func draw(in canvas: inout Canvas) {
        guard let (look, row) = fillBackground(in: &canvas) else { return }
        let text = Self.text(knobPosition: knob.current(in: self), on: isOn, glyphs: glyphSet)
        canvas.write(DisplayWidth.truncate(text, toWidth: canvas.size.width), at: Point(x: 0, y: row), style: look)
    }

    /// Enter and Space flip the switch (`.activate`).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Switch",
            [KeyBinding(.activate, keys: [KeyEvent(.enter), KeyEvent(.character(" "))], title: "Switch on or off")])
    }

    /// Flips the switch (`toggle()`): a click, Enter or Space.
    open override func primaryAction() { toggle() }
}
