/// A small chart of a series of values, one column per value, newest at the right, as
/// ratatui's `Sparkline` and the load graphs of system monitors. UIKit has no chart view.
///
/// Guarantees:
/// - Each column is a bar as tall as its value within `valueRange`, in eighths of a cell with
///   the window's `glyphSet` `.unicode` (`▁▂▃▄▅▆▇█`), in whole and partial ASCII cells with
///   `.ascii` (`_`, `-`, `=`, `#`); a frame taller than one row stacks whole cells under the
///   top one. Bars are rounded down (never taller than the value), except that a value above the
///   bottom of the range shows at least its lowest step, so it reads as not zero.
/// - The newest values show: when there are more than columns, the oldest are not drawn. NaN is
///   a gap; values outside the range are drawn at its ends.
/// - `valueRange` nil (the default) follows the data shown: from 0 (or the smallest value, if
///   negative) to the largest; all values equal to the bottom draw nothing.
/// - `append(_:)` keeps at most `maximumValueCount` values (the oldest go first), so a chart fed
///   by a timer holds bounded memory.
/// - Quiet for screen readers: in the screen-reader mode a new value asks for no frame (it shows
///   with the next frame something else asks for), so a chart fed every second writes nothing by
///   itself; it says its newest value to assistive technology ("latest 42").
/// - Not focusable and not interactive; drawn in `style` in the tint unless `style` has a colour.
@MainActor
open class SparklineView: View {
    /// The values, oldest first. Setting them shows them in the next frame (see the type's notes).
    public var values: [Double] = [] {
        didSet { valuesDidChange() }
    }

    /// The values the bars span, bottom to top; nil follows the data shown.
    public var valueRange: ClosedRange<Double>? {
        didSet { if valueRange != oldValue { setNeedsDisplay() } }
    }

    /// The most values `append(_:)` keeps (default 1,000; at least 1).
    public var maximumValueCount = 1_000 {
        didSet { maximumValueCount = max(1, maximumValueCount) }
    }

    /// The style of the bars (default plain), drawn in the tint unless it has a foreground.
    public var style: Style = .plain { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// An empty chart; give it a frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Adds `value` as the newest, dropping the oldest beyond `maximumValueCount`.
    public func append(_ value: Double) {
        var updated = values
        updated.append(value)
        if updated.count > maximumValueCount { updated.removeFirst(updated.count - maximumValueCount) }
        values = updated
    }

    /// "chart", its newest value ("latest 42"); it updates frequently.
    open override var defaultAccessibility: AccessibilityDescription {
        let latest = values.last.map { $0.isNaN ? "none" : Self.format($0) }
        return AccessibilityDescription(
            label: "chart", value: latest.map { "latest \($0)" }, traits: .updatesFrequently, isElement: !values.isEmpty
        )
    }

    /// One row high, with no width of its own: like a progress bar it takes the room it is given
    /// (a stack view stretches it) and shows as many of the newest values as fit, so a chart fed
    /// by a timer never moves what is laid out around it.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 1) }

    private func valuesDidChange() {
        // A screen reader hears nothing that changes by itself: no frame of its own.
        if !isScreenReaderModeOn { setNeedsDisplay() }
    }

    /// The range the bars span for `shown` (see `valueRange`).
    func range(for shown: ArraySlice<Double>) -> ClosedRange<Double> {
        if let valueRange { return valueRange }
        let finite = shown.filter(\.isFinite)
        let low = min(0, finite.min() ?? 0), high = max(low, finite.max() ?? low)
        return low...high
    }

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width, rows = canvas.size.height
        guard width > 0, rows > 0, !values.isEmpty else { return }
        let shown = values.suffix(width)
        let range = range(for: shown)
        let look = theme.tinted(style, tint: tintColor)
        let start = width - shown.count
        for (column, value) in shown.enumerated() {
            BlockGlyphs.drawVerticalBar(
                eighths: BlockGlyphs.eighths(value, in: range, cells: rows, showsSmallValues: true),
                x: start + column, bottom: rows - 1, rows: rows, glyphs: glyphSet, style: look, in: &canvas)
        }
    }

    /// A value as a person reads it: whole numbers without a fraction, others to two places.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "infinity" : "minus infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }
}
