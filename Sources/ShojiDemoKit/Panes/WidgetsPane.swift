import Shoji

/// A menu item of kind `widgets`: a gallery of the value controls. A switch, a segmented
/// control and a stepper (each with a line saying its value), a progress bar that fills while
/// the pane is shown, with a Restart button, and a spinner.
///
/// Guarantees:
/// - The switch takes the focus each time the pane appears; Tab and Shift-Tab move through the
///   switch, the segmented control, the stepper and Restart. Each value line follows its
///   control at every change the user makes (`onValueChanged`).
/// - The progress bar advances by `progressStep` every `progressInterval` seconds on a
///   repeating timer of the window's main loop, each step animated (`setProgress(_:animated:)`),
///   only while the pane is shown (started at `viewDidAppear`, stopped at
///   `viewWillDisappear`); it stops at 100%. Restart (or `restartProgress()`) empties it and
///   fills it again.
/// - The spinner runs while the pane is shown (`startAnimating()` at `viewWillAppear`,
///   `stopAnimating()` at `viewDidDisappear`): a hidden pane costs no CPU for it.
/// - Laid out by hand in one place (`layoutRows()`): a column of captions, the controls at
///   their `intrinsicContentSize` after them, each value line after its control.
@MainActor
public final class WidgetsPane: ViewController {
    /// Seconds between two steps of the progress bar.
    public static let progressInterval = 0.5
    /// How much the progress bar fills at each step.
    public static let progressStep = 0.05

    /// Shown under the gallery; optional in the menu file.
    public let text: String

    /// The controls, in focus order, and the two indicators.
    public let toggle = Switch()
    public let segmentedControl = SegmentedControl(items: ["Small", "Medium", "Large"])
    public let stepper = Stepper()
    public let restartButton = Button(title: "Restart")
    public let progressView = ProgressView()
    public let spinner = ActivityIndicatorView()

    private let toggleValue = Label()
    private let segmentValue = Label()
    private let stepperValue = Label()
    private let spinnerValue = Label(text: "spins while this pane is shown", style: Style(attributes: .dim))
    private let textLabel = Label(style: Style(attributes: .dim))
    private let captions = ["Switch", "Segments", "Stepper", "Progress", "Spinner"].map { Label(text: $0) }
    private var timer: MainLoopTimer?
    /// Steps taken since the bar was last empty.
    private var steps = 0
    /// True from `viewDidAppear` to `viewWillDisappear`.
    private var isOnScreen = false

    /// Columns the captions take, before the controls.
    private static let captionWidth = 11

    public init(title: String, text: String?) {
        self.text =
            text
            ?? "Tab moves between the controls. Space or Enter flips the switch, Left and Right choose a segment, + and - (or Right and Left) step, Enter on Restart fills the bar again."
        super.init()
        self.title = title
    }

    /// What the switch's line says.
    public var toggleLine: String { toggleValue.text }
    /// What the segmented control's line says.
    public var segmentLine: String { segmentValue.text }
    /// What the stepper's line says.
    public var stepperLine: String { stepperValue.text }
    /// Whether the progress timer runs.
    public var isProgressRunning: Bool { timer != nil }

    public override func viewDidLoad() {
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        segmentedControl.selectedSegmentIndex = 1
        stepper.maximumValue = 10
        stepper.value = 1
        progressView.caption = .percentage
        spinner.style = Style(attributes: .bold)
        toggle.onValueChanged = { [weak self] _ in self?.updateValues() }
        segmentedControl.onValueChanged = { [weak self] _ in self?.updateValues() }
        stepper.onValueChanged = { [weak self] _ in self?.updateValues() }
        restartButton.action = { [weak self] in self?.restartProgress() }
        textLabel.text = text
        textLabel.lineBreakMode = .byWordWrapping
        for view in captions + [toggle, toggleValue, segmentedControl, segmentValue, stepper, stepperValue] {
            self.view.addSubview(view)
        }
        for view in [progressView, restartButton, spinner, spinnerValue, textLabel] { self.view.addSubview(view) }
        updateValues()
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        spinner.startAnimating()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        toggle.becomeFirstResponder()
        isOnScreen = true
        startProgressTimer()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        isOnScreen = false
        timer?.invalidate()
        timer = nil
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        spinner.stopAnimating()
    }

    public override func viewDidLayoutSubviews() {
        layoutRows()
    }

    /// The gallery's layout: one row per control with a blank row between, captions on the
    /// left, each control at its intrinsic size, its value line after it, the text below.
    private func layoutRows() {
        let width = view.bounds.width
        let x = 1 + Self.captionWidth
        let rows: [(control: View, value: View?)] = [
            (toggle, toggleValue), (segmentedControl, segmentValue), (stepper, stepperValue),
            (progressView, restartButton), (spinner, spinnerValue)
        ]
        for (index, (caption, row)) in zip(captions, rows).enumerated() {
            let y = 1 + 2 * index
            caption.frame = Rect(x: 1, y: y, width: Self.captionWidth - 1, height: 1)
            let valueWidth = row.value.map { $0.sizeThatFits(Size(width: width, height: 1)).width } ?? 0
            var size = row.control.sizeThatFits(Size(width: max(1, width - x - valueWidth - 3), height: 1))
            size.width = min(size.width, 40)
            row.control.frame = Rect(origin: Point(x: x, y: y), size: size)
            row.value?.frame = Rect(x: x + size.width + 2, y: y, width: valueWidth, height: 1)
        }
        let textY = 1 + 2 * rows.count
        let inner = max(1, width - 2)
        textLabel.frame = Rect(
            x: 1, y: textY, width: inner, height: textLabel.sizeThatFits(Size(width: inner, height: 1)).height)
    }

    /// Writes each control's value into its line.
    private func updateValues() {
        toggleValue.text = toggle.isOn ? "Notifications on" : "Notifications off"
        let segment = segmentedControl.titleForSegment(at: segmentedControl.selectedSegmentIndex) ?? "none"
        segmentValue.text = "Size: \(segment)"
        stepperValue.text = "Copies: \(Int(stepper.value))"
        view.setNeedsLayout()
    }

    /// Empties the progress bar and fills it again (while the pane is shown).
    public func restartProgress() {
        steps = 0
        progressView.progress = 0
        if isOnScreen { startProgressTimer() }
    }

    /// Starts the progress timer, unless it runs or the bar is full.
    private func startProgressTimer() {
        guard timer == nil, progressView.progress < 1, let loop = view.window?.mainLoop else { return }
        timer = loop.schedule(
            after: Self.progressInterval, repeating: Self.progressInterval, name: "WidgetsPane: the next step"
        ) { [weak self] in self?.stepProgress() }
    }

    /// One step of the bar; the timer stops once it is full.
    private func stepProgress() {
        // Counted, not summed: twenty steps of 0.05 make exactly 1.
        steps += 1
        progressView.setProgress(Double(steps) * Self.progressStep, animated: true)
        guard progressView.progress >= 1 else { return }
        timer?.invalidate()
        timer = nil
    }
}
