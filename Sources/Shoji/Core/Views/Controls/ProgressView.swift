/// A bar that fills from left to right as a task progresses, as UIKit's `UIProgressView`, with
/// an optional label beside it ("42%" or a text of the app's).
///
/// Guarantees:
/// - `progress` is always in 0...1: values set outside are clamped, NaN counts as 0.
/// - Sub-cell precision: with the window's `glyphSet` `.unicode` the filled part is drawn in
///   eighths of a cell (`█` for each whole cell, then one of `▏▎▍▌▋▊▉`); with `.ascii` in whole
///   cells of `#`. The empty part is `─` (`-` in ASCII), so the bar's length reads without
///   colour. The fill is rounded down: the bar never shows more than is done, and shows full
///   only at 1.
/// - `setProgress(_:animated:)` with `animated` moves the bar from where it is shown to the new
///   value over `animationDuration` on the window's animator (time-based; a new value during
///   the motion starts from where the bar is). Under reduced motion
///   (`View.areAnimationsEnabled` false), while the window catches up with a backlog, or
///   outside a window, it shows the new value at once. `progress` reads the new value at once.
///   A bar that leaves its window ends its motion there, at the new value.
/// - The label sits at the right end, one column after the bar, as wide as its text; the
///   percentage (rounded down, so "100%" only at 1) keeps the width of "100%", so the bar does
///   not change length as the number grows. It follows the bar during a motion.
/// - In the screen-reader mode (`View.isScreenReaderModeOn`) the bar shows tenths only
///   (`displayedProgress`), so it changes at most ten times from empty to full.
/// - Indeterminate (`isIndeterminate`, as AppKit's `NSProgressIndicator`; UIKit's progress view
///   has none): a block a fifth of the bar wide (at least a cell) sweeps back and forth along
///   the track, a cell every `stepInterval` seconds, while the window draws it (the spinner's
///   way: no timer when hidden, unseen, out of a window or in the screen-reader mode, where it
///   stands still); a `.percentage` label shows nothing then, a `.text` label shows.
/// - One row, drawn on the middle row of the frame; no intrinsic width (a stack view
///   stretches it), one row of intrinsic height.
/// - Not focusable and not interactive (clicks go to the view behind), as UIKit's.
@MainActor
open class ProgressView: View {
    /// Its value in whole percent (in tens in the screen-reader mode, as drawn); it updates
    /// frequently.
    open override var defaultAccessibility: AccessibilityDescription {
        let percent = isScreenReaderModeOn ? Self.tenths(progress) * 100 : progress * 100
        return AccessibilityDescription(
            label: "progress", value: isIndeterminate ? "in progress" : "\(Int(percent.rounded())) percent",
            traits: .updatesFrequently, isElement: true)
    }

    /// Whether the bar shows work going on without saying how much (see the type's
    /// guarantees); `progress` is kept and shows again when this is turned off. Default false.
    public var isIndeterminate = false {
        didSet {
            guard isIndeterminate != oldValue else { return }
            sweepStep = 0
            if !isIndeterminate { stepper.disarm() }
            setNeedsDisplay()
        }
    }

    /// Seconds between two steps of the indeterminate sweep (default 0.1; at least 0.01).
    public var stepInterval: Double {
        get { stepper.interval }
        set { stepper.interval = newValue.isFinite ? max(0.01, newValue) : 0.1 }
    }

    /// Steps of the sweep taken since it began.
    private var sweepStep = 0
    /// Takes the sweep's steps while the bar is drawn.
    private var stepper = DrawnStepper(interval: 0.1, name: "ProgressView: the next step of the sweep")

    /// What the label beside the bar shows.
    public enum Caption: Equatable, Sendable {
        /// No label: the bar takes the whole width.
        case none
        /// The shown progress as a whole percentage ("42%"), in the width of "100%".
        case percentage
        /// A text of the app's, as given (control characters drawn inert).
        case text(String)
    }

    /// The fraction done, 0...1 (clamped; NaN counts as 0). Setting it shows the new value at
    /// once, as `setProgress(_:animated:)` with `animated` false.
    public var progress: Double {
        get { value.target }
        set { setProgress(newValue, animated: false) }
    }

    /// The label beside the bar (default `.none`).
    public var caption: Caption = .none {
        didSet { if caption != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// The style of the filled part (default plain), drawn in the tint (`tintColor`) unless it
    /// has a foreground of its own.
    public var progressStyle: Style = .plain { didSet { if progressStyle != oldValue { setNeedsDisplay() } } }

    /// The style of the empty part (default dim).
    public var trackStyle = Style(attributes: .dim) { didSet { if trackStyle != oldValue { setNeedsDisplay() } } }

    /// The style of the label (default plain).
    public var captionStyle: Style = .plain { didSet { if captionStyle != oldValue { setNeedsDisplay() } } }

    /// How long an animated change takes, in seconds (default 0.25).
    public var animationDuration = 0.25

    /// The progress, as shown now and while it moves.
    private var value = AnimatedValue(0)

    /// A bar at `progress` (clamped), with no label; give it a frame.
    public init(progress: Double = 0, frame: Rect = .zero) {
        super.init(frame: frame)
        value = AnimatedValue(Self.clamped(progress))
        isUserInteractionEnabled = false
    }

    /// Sets `progress` to `progress` (clamped); with `animated`, the bar moves there over
    /// `animationDuration` (see the type's guarantees), as UIKit's method of the same name.
    public func setProgress(_ progress: Double, animated: Bool) {
        let clamped = Self.clamped(progress)
        guard clamped != value.target || value.isMoving else { return }
        value.set(clamped, animated: animated, duration: animationDuration, in: self)
    }

    /// The progress the bar shows now: `progress`, or where the bar is during a motion; in the
    /// screen-reader mode rounded down to tenths, so the bar and its label change at most ten
    /// times from empty to full (screen-reader users ask this of every progress indicator).
    public var displayedProgress: Double {
        let current = value.current(in: self)
        return isScreenReaderModeOn ? Self.tenths(current) : current
    }

    /// `progress` rounded down to tenths (a hair's tolerance: 0.7 computed as 0.6999… is 0.7).
    private static func tenths(_ progress: Double) -> Double { (progress * 10 + 1e-9).rounded(.down) / 10 }

    /// The label's text for `progress` as shown (`nil` without a label).
    public func captionText(for progress: Double) -> String? {
        switch caption {
        case .none: return nil
        case .percentage where isIndeterminate: return nil
        case .percentage: return "\(Int((Self.clamped(progress) * 100).rounded(.down)))%"
        case .text(let text): return text
        }
    }

    /// No intrinsic width; one row high.
    open override var intrinsicContentSize: Size {
        var size = Size(width: 0, height: 1)
        size.width = View.noIntrinsicMetric
        return size
    }

    /// Columns the label and its gap take at the right (0 without a label).
    private var captionWidth: Int {
        switch caption {
        case .none: return 0
        case .percentage: return DisplayWidth.of("100%") + 1
        case .text(let text): return DisplayWidth.of(text) + 1
        }
    }

    /// Leaving the window ends a motion at its target (it would keep the old window drawing).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil {
            value.settle()
            stepper.disarm()
        }
    }

    /// Hiding the bar drops the sweep's timer at once.
    public override var isHidden: Bool {
        didSet { if isHidden { stepper.disarm() } }
    }

    /// The sweep stands still for a screen reader.
    open override func screenReaderModeDidChange() {
        super.screenReaderModeDidChange()
        if isScreenReaderModeOn { stepper.disarm() }
    }

    /// The sweep's next step, if the last frame drew the bar.
    private func stepSweep() {
        stepper.fired()
        guard isIndeterminate, wasDrawnInLastFrame else { return }
        sweepStep += 1
        setNeedsDisplay()
    }

    /// Where the sweep's block starts on a bar `width` columns wide with a block `block` wide at
    /// step `step`: back and forth, a cell a step.
    static func sweepStart(step: Int, width: Int, block: Int) -> Int {
        let positions = max(1, width - block + 1)
        guard positions > 1 else { return 0 }
        let cycle = 2 * (positions - 1)
        let place = step % cycle
        return place < positions ? place : cycle - place
    }

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        let row = (height - 1) / 2
        let shown = displayedProgress
        let labelColumns = min(captionWidth, width)
        let barWidth = width - labelColumns
        if let label = captionText(for: shown), labelColumns > 1 {
            let text = DisplayWidth.truncate(label, toWidth: labelColumns - 1)
            let x = width - DisplayWidth.of(text)
            canvas.write(text, at: Point(x: x, y: row), style: captionStyle)
        }
        guard barWidth > 0 else { return }
        if isIndeterminate {
            let block = max(1, barWidth / 5)
            let start = Self.sweepStart(step: sweepStep, width: barWidth, block: block)
            let track = glyphSet == .unicode ? "─" : "-", fill = glyphSet == .unicode ? "█" : "#"
            canvas.write(String(repeating: track, count: barWidth), at: Point(x: 0, y: row), style: trackStyle)
            canvas.write(
                String(repeating: fill, count: block), at: Point(x: start, y: row),
                style: theme.tinted(progressStyle, tint: tintColor))
            stepper.arm(for: self, in: canvas) { [weak self] in self?.stepSweep() }
            return
        }
        let bar = Self.bar(shown, width: barWidth, glyphs: glyphSet)
        canvas.write(bar.filled, at: Point(x: 0, y: row), style: theme.tinted(progressStyle, tint: tintColor))
        canvas.write(bar.empty, at: Point(x: bar.filledColumns, y: row), style: trackStyle)
    }

    /// The bar for `progress` in `width` columns: the filled part's text and columns, then the
    /// empty part's text.
    static func bar(_ progress: Double, width: Int, glyphs: GlyphSet) -> (
        filled: String, filledColumns: Int, empty: String
    ) {
        let eighths = BlockGlyphs.eighths(clamped(progress), in: 0...1, cells: width, showsSmallValues: false)
        let filled = BlockGlyphs.horizontalBar(eighths: eighths, glyphs: glyphs)
        let track = glyphs == .unicode ? "─" : "-"
        return (filled.text, filled.columns, String(repeating: track, count: width - filled.columns))
    }

    private static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(1, max(0, progress))
    }
}
