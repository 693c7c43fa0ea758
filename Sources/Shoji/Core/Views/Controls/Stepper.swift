/// A pair of buttons that lower and raise a value by a step, as UIKit's `UIStepper`:
/// `[ - | + ]`. The value itself is shown by the app (a label beside it).
///
/// Guarantees:
/// - `value` stays in `minimumValue...maximumValue` whatever is set: a value set outside is
///   clamped, and moving a bound past the value moves the value with it. `minimumValue` never
///   exceeds `maximumValue` (setting one past the other moves the other too); `stepValue` is
///   positive (a value that is not, or is not finite, is ignored).
/// - A step (`increment()`, `decrement()`) adds or takes `stepValue`; a step that would pass a
///   bound stops at it, or with `wraps` goes to the other bound (UIKit's rule: past the
///   maximum to the minimum, past the minimum to the maximum).
/// - `onValueChanged` runs on the main actor once per step the user takes that changes
///   `value`, after it changed, and only while `isEnabled`: `+` or Right (`.increment`) and `-`
///   or Left (`.decrement`) while focused, or a left press then release on the same half (the
///   left half lowers, the right half raises; the middle column of an odd width does
///   nothing). Changes made in code call nothing (UIKit's rule). The keys and clicks are
///   consumed even when nothing changes, so they never reach a view behind.
/// - Looks, readable without colour: from the base `style` (default plain), focused takes the
///   theme's focus look over the whole stepper (as a `Button`); disabled adds the theme's
///   `disabled` attributes, as does a half that cannot step (at its bound, without `wraps`).
/// - Nine columns by one row (`intrinsicContentSize`), drawn on the middle row of the frame.
/// - Ownership: the stepper holds `onValueChanged` strongly; capture its owner weakly.
@MainActor
open class Stepper: Control {
    /// Adjustable; its value the number, without a fraction when it has none.
    open override var defaultAccessibility: AccessibilityDescription {
        var description = super.defaultAccessibility
        description.value = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        description.traits.insert(.adjustable)
        return description
    }

    /// The value, in `minimumValue...maximumValue` (set values are clamped). Default 0.
    public var value: Double {
        get { storedValue }
        set { storedValue = clamped(newValue.isNaN ? minimumValue : newValue) }
    }

    /// The lowest value (default 0). Setting it above `maximumValue` raises that too.
    public var minimumValue: Double = 0 {
        didSet {
            guard minimumValue.isFinite else {
                minimumValue = oldValue
                return
            }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            storedValue = clamped(storedValue)
        }
    }

    /// The highest value (default 100). Setting it below `minimumValue` lowers that too.
    public var maximumValue: Double = 100 {
        didSet {
            guard maximumValue.isFinite else {
                maximumValue = oldValue
                return
            }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            storedValue = clamped(storedValue)
        }
    }

    /// How much a step changes the value (default 1); positive and finite, others are ignored.
    public var stepValue: Double = 1 {
        didSet { if !(stepValue > 0 && stepValue.isFinite) { stepValue = oldValue } }
    }

    /// Whether stepping past a bound goes to the other bound (default false).
    public var wraps = false { didSet { if wraps != oldValue { setNeedsDisplay() } } }

    /// Run after each step of the user's that changed `value` (see the type's guarantees): the
    /// stepper's handler of `.valueChanged` (`Control.addAction(for:_:)` adds more). Capture
    /// owners weakly.
    public var onValueChanged: (@MainActor (Stepper) -> Void)? {
        didSet { replaceAction(&onValueChangedID, for: .valueChanged, withTyped: onValueChanged) }
    }
    private var onValueChangedID: Control.ActionIdentifier?

    private var storedValue: Double = 0 { didSet { if storedValue != oldValue { setNeedsDisplay() } } }

    /// The half the press being tracked began on: -1 lower, 1 raise, `nil` neither.
    private var pressedHalf: Int?

    /// A stepper from 0 to 100 by 1 at 0; give it a frame or call `sizeToFit()`.
    public override init(style: Style = .plain, frame: Rect = .zero) {
        super.init(style: style, frame: frame)
    }

    private func clamped(_ candidate: Double) -> Double { min(maximumValue, max(minimumValue, candidate)) }

    // MARK: Stepping

    /// Whether a step up would change the value (below the maximum, or `wraps`).
    public var canIncrement: Bool { value < maximumValue || (wraps && minimumValue < maximumValue) }

    /// Whether a step down would change the value (above the minimum, or `wraps`).
    public var canDecrement: Bool { value > minimumValue || (wraps && minimumValue < maximumValue) }

    /// Raises the value by `stepValue` as the user does (see the type's guarantees), calling
    /// `onValueChanged` if it changed. Returns whether it changed; nothing while disabled.
    @discardableResult
    public func increment() -> Bool { step(by: 1) }

    /// Lowers the value by `stepValue` as the user does, calling `onValueChanged` if it
    /// changed. Returns whether it changed; nothing while disabled.
    @discardableResult
    public func decrement() -> Bool { step(by: -1) }

    private func step(by direction: Int) -> Bool {
        guard isEnabled else { return false }
        let old = value
        let next = old + Double(direction) * stepValue
        if next > maximumValue {
            value = wraps ? minimumValue : maximumValue
        } else if next < minimumValue {
            value = wraps ? maximumValue : minimumValue
        } else {
            value = next
        }
        guard value != old else { return false }
        sendActions(for: .valueChanged)
        return true
    }

    // MARK: Size and drawing

    /// Nine columns, one row.
    open override var intrinsicContentSize: Size { Size(width: 9, height: 1) }

    open override func draw(in canvas: inout Canvas) {
        guard let (look, row) = fillBackground(in: &canvas) else { return }
        var minus = look, plus = look
        if !canDecrement { minus.attributes.formUnion(theme.disabled) }
        if !canIncrement { plus.attributes.formUnion(theme.disabled) }
        canvas.write("[", at: Point(x: 0, y: row), style: look)
        canvas.write(" - ", at: Point(x: 1, y: row), style: minus)
        canvas.write("|", at: Point(x: 4, y: row), style: look)
        canvas.write(" + ", at: Point(x: 5, y: row), style: plus)
        canvas.write("]", at: Point(x: 8, y: row), style: look)
    }

    // MARK: Input

    /// `+` and Right raise the value (`.increment`), `-` and Left lower it (`.decrement`).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Stepper",
            [
                KeyBinding(.increment, keys: [KeyEvent(.character("+")), KeyEvent(.right)], title: "Increase"),
                KeyBinding(.decrement, keys: [KeyEvent(.character("-")), KeyEvent(.left)], title: "Decrease")
            ])
    }

    /// Steps the value (`increment()`, `decrement()`); taken even when nothing changes.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .increment: increment()
        case .decrement: decrement()
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// The half of the stepper at column `x`: -1 the lowering half, 1 the raising half, `nil`
    /// the middle column of an odd width.
    private func half(atColumn x: Int) -> Int? {
        let width = bounds.width
        if x < width / 2 { return -1 }
        if width % 2 == 1 && x == width / 2 { return nil }
        return 1
    }

    /// A press is tracked on a half that steps (not the middle column of an odd width).
    open override func beginTracking(at point: Point) -> Bool {
        pressedHalf = half(atColumn: point.x)
        return isEnabled && pressedHalf != nil
    }

    /// A release on the half the press began on steps the value.
    open override func endTracking(at point: Point) {
        if let pressed = pressedHalf, isTouchInside, half(atColumn: point.x) == pressed { _ = step(by: pressed) }
        pressedHalf = nil
    }
}
