/// A chart of labelled values, one bar each, as ratatui's `BarChart` and the disk and memory bars
/// of system monitors. UIKit has no chart view.
///
/// ```swift
/// let sizes = BarChartView()
/// sizes.bars = [.init(label: "KB", value: 120), .init(label: "MB", value: 40)]
/// ```
///
/// Guarantees:
/// - `.vertical` bars rise from the row above the labels, `barWidth` columns each and
///   `barSpacing` apart, the labels centred under them (cut to the bar's width); `.horizontal` bars
///   grow to the right, one row each, after a column of labels as wide as the widest (at most a
///   third of the chart) and, with `showsValues`, end in their value. Bars are in eighths of a cell
///   with the window's `glyphSet` `.unicode`, in whole ASCII cells (`#`, and `_-=#` for a vertical
///   bar's top cell) with `.ascii`.
/// - Bars are rounded down (never longer than the value), except that a value above the bottom of
///   the range shows at least its lowest step, so it reads as not zero. NaN draws no bar; values
///   outside the range are drawn at its ends.
/// - `valueRange` nil (the default) runs from 0 (or the smallest value, if negative) to the
///   largest, so the longest bar fills the chart.
/// - Only whole bars show: a bar that does not fit (past the right edge, or below the bottom row)
///   is left out rather than cut, so no bar is mistaken for a shorter one.
/// - Labels are drawn as text (control characters never reach the terminal) in `labelStyle`; a
///   bar's own `style` wins over the chart's `style`, which is drawn in the tint unless it has a
///   colour.
/// - Says "bar chart" and each bar's label and value to assistive technology ("KB 120, MB 40").
///   Not focusable and not interactive.
@MainActor
open class BarChartView: View {
    /// One bar: what its label says, its value, and optionally a style of its own.
    public struct Bar: Hashable, Sendable {
        /// The text under (vertical) or before (horizontal) the bar.
        public var label: String
        /// The value the bar's length shows.
        public var value: Double
        /// The bar's style; nil draws it in the chart's `style`.
        public var style: Style?

        /// A bar labelled `label` showing `value`, in `style` (the chart's when nil).
        public init(label: String, value: Double, style: Style? = nil) {
            self.label = label
            self.value = value
            self.style = style
        }
    }

    /// Which way the bars grow.
    public enum BarDirection: Hashable, Sendable {
        /// Bars rise from the bottom, side by side (columns).
        case vertical
        /// Bars grow from the left, one under another (rows).
        case horizontal
    }

    /// The bars, in order (left to right, or top to bottom).
    public var bars: [Bar] = [] {
        didSet {
            guard bars != oldValue else { return }
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    /// Which way the bars grow (default `.vertical`).
    public var barDirection: BarDirection = .vertical {
        didSet { if barDirection != oldValue { layoutDidChange() } }
    }

    /// The values the bars span, from no bar to a full one; nil follows the bars' values.
    public var valueRange: ClosedRange<Double>? {
        didSet { if valueRange != oldValue { setNeedsDisplay() } }
    }

    /// Columns per vertical bar (default 3, at least 1). Horizontal bars are one row each.
    public var barWidth = 3 {
        didSet {
            barWidth = max(1, barWidth)
            if barWidth != oldValue { layoutDidChange() }
        }
    }

    /// Cells between two bars (default 1, at least 0).
    public var barSpacing = 1 {
        didSet {
            barSpacing = max(0, barSpacing)
            if barSpacing != oldValue { layoutDidChange() }
        }
    }

    /// Whether a horizontal bar ends in its value (default true). Vertical bars show none: a
    /// number rarely fits across a bar.
    public var showsValues = true {
        didSet { if showsValues != oldValue { setNeedsDisplay() } }
    }

    /// The style of the bars (default plain), drawn in the tint unless it has a foreground.
    public var style: Style = .plain { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// The style of the labels and values (default dim).
    public var labelStyle = Style(attributes: .dim) {
        didSet { if labelStyle != oldValue { setNeedsDisplay() } }
    }

    /// An empty chart; give it bars and a frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// "bar chart", each bar's label and value.
    open override var defaultAccessibility: AccessibilityDescription {
        let value = bars.map { bar in
            let label = TextSanitizer.sanitized(bar.label)
            let number = bar.value.isNaN ? "none" : SparklineView.format(bar.value)
            return label.isEmpty ? number : "\(label) \(number)"
        }
        return AccessibilityDescription(
            label: "bar chart", value: value.joined(separator: ", "), traits: .updatesFrequently,
            isElement: !bars.isEmpty)
    }

    /// Vertical: as wide as its bars, with no height of its own (it stretches). Horizontal: one
    /// row per bar, with no width of its own.
    open override var intrinsicContentSize: Size {
        switch barDirection {
        case .vertical:
            let width = bars.isEmpty ? 0 : bars.count * barWidth + (bars.count - 1) * barSpacing
            return Size(width: width, height: View.noIntrinsicMetric)
        case .horizontal:
            let height = bars.isEmpty ? 0 : bars.count + (bars.count - 1) * barSpacing
            return Size(width: View.noIntrinsicMetric, height: height)
        }
    }

    private func layoutDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The range the bars span (see `valueRange`).
    var range: ClosedRange<Double> {
        if let valueRange { return valueRange }
        let finite = bars.map(\.value).filter(\.isFinite)
        let low = min(0, finite.min() ?? 0), high = max(low, finite.max() ?? low)
        return low...high
    }

    open override func draw(in canvas: inout Canvas) {
        guard canvas.size.width > 0, canvas.size.height > 0, !bars.isEmpty else { return }
        switch barDirection {
        case .vertical: drawVertical(in: &canvas)
        case .horizontal: drawHorizontal(in: &canvas)
        }
    }

    private func barStyle(_ bar: Bar) -> Style { theme.tinted(bar.style ?? style, tint: tintColor) }

    private func drawVertical(in canvas: inout Canvas) {
        let size = canvas.size, range = range
        let hasLabels = bars.contains { !$0.label.isEmpty }
        let barRows = size.height - (hasLabels ? 1 : 0)
        let labels = labelStyle
        for (index, bar) in bars.enumerated() {
            let x = index * (barWidth + barSpacing)
            guard x + barWidth <= size.width else { break }
            if hasLabels {
                let label = DisplayWidth.truncate(TextSanitizer.sanitized(bar.label), toWidth: barWidth)
                let left = x + (barWidth - DisplayWidth.of(label)) / 2
                canvas.write(label, at: Point(x: left, y: size.height - 1), style: labels)
            }
            let eighths = BlockGlyphs.eighths(bar.value, in: range, cells: barRows, showsSmallValues: true)
            for column in x..<x + barWidth {
                BlockGlyphs.drawVerticalBar(
                    eighths: eighths, x: column, bottom: barRows - 1, rows: barRows, glyphs: glyphSet,
                    style: barStyle(bar), in: &canvas)
            }
        }
    }

    private func drawHorizontal(in canvas: inout Canvas) {
        let size = canvas.size, range = range
        let labels = labelStyle
        let names = bars.map { TextSanitizer.sanitized($0.label) }
        let widest = names.map(DisplayWidth.of).max() ?? 0
        let labelWidth = min(widest, size.width / 3)
        let values = bars.map { $0.value.isNaN ? "" : SparklineView.format($0.value) }
        let valueWidth = showsValues ? (values.map(DisplayWidth.of).max() ?? 0) : 0
        let barStart = labelWidth > 0 ? labelWidth + 1 : 0
        let barCells = max(0, size.width - barStart - (valueWidth > 0 ? valueWidth + 1 : 0))
        for (index, bar) in bars.enumerated() {
            let y = index * (1 + barSpacing)
            guard y < size.height else { break }
            if labelWidth > 0 {
                canvas.write(
                    DisplayWidth.truncate(names[index], toWidth: labelWidth), at: Point(x: 0, y: y), style: labels)
            }
            let eighths = BlockGlyphs.eighths(bar.value, in: range, cells: barCells, showsSmallValues: true)
            let drawn = BlockGlyphs.horizontalBar(eighths: eighths, glyphs: glyphSet, roundsUpPartial: true)
            canvas.write(drawn.text, at: Point(x: barStart, y: y), style: barStyle(bar))
            if valueWidth > 0, !values[index].isEmpty {
                canvas.write(values[index], at: Point(x: barStart + drawn.columns + 1, y: y), style: labels)
            }
        }
    }
}
