import Shoji

/// A menu item of kind `widgets`: a gallery of the value controls, two charts and a big table. A
/// switch, a segmented control and a stepper (each with a line saying its value) with, beside
/// them, a sparkline of a simulated load and a bar chart of the shown records' sizes; a progress
/// bar that fills while the pane is shown, with a Restart button, and a spinner; below them a
/// search field and a table of 100,000 generated records (`GalleryRecords`) that the search
/// filters and the user sorts by a column.
///
/// Guarantees:
/// - The switch takes the focus each time the pane appears; Tab and Shift-Tab move through the
///   switch, the segmented control, the stepper, Restart, the search field and the table. Each
///   value line follows its control at every change the user makes (`onValueChanged`).
/// - The progress bar advances by `progressStep` every `progressInterval` seconds on a
///   repeating timer of the window's main loop, each step animated (`setProgress(_:animated:)`),
///   only while the pane is shown (started at `viewDidAppear`, stopped at
///   `viewWillDisappear`); it stops at 100%. Restart (or `restartProgress()`) empties it and
///   fills it again.
/// - The spinner runs while the pane is shown (`startAnimating()` at `viewWillAppear`,
///   `stopAnimating()` at `viewDidDisappear`): a hidden pane costs no CPU for it.
/// - The sparkline (`loadChart`) gets the next value of a simulated load (`load(at:)`, 0 to 100)
///   every `loadInterval` seconds on a repeating timer, only while the pane is shown (as the
///   progress bar's). The bar chart (`sizeChart`) counts the records the table shows by the unit
///   of their size (B, KB, MB, GB), again at every change of the rows (a search, a sort).
/// - The search (`searchController`) waits for a pause in typing, matches the records' names
///   off the main actor (`GalleryRecords.matches(of:)`), and its latest results replace the
///   table's rows, in the table's sort order; the line after the field counts them. Return in
///   the field searches at once and moves the focus to the table (`resultsView`). Sorting
///   (a click on a header, `s` and `S` on the focused table) reorders the rows at once
///   (`GalleryTableSource`).
/// - Laid out by stack views only: a column of rows (each a caption, a control and its value
///   line, the controls lined up one column after the captions; the first three rows beside the
///   charts, which give way first when columns run short), the text (at most two rows),
///   the search row, and the table, which takes the rows left. When rows run short the table
///   gives way first, then the lines from the bottom up (`StackView`'s rules); nothing is
///   placed outside the pane at any size.
@MainActor
public final class WidgetsPane: ViewController {
    /// Seconds between two steps of the progress bar.
    public static let progressInterval = 0.5
    /// How much the progress bar fills at each step.
    public static let progressStep = 0.05
    /// Seconds between two values of the load chart.
    public static let loadInterval = 1.0

    /// Shown under the gallery; optional in the menu file.
    public let text: String

    /// The controls, in focus order, and the two indicators.
    public let toggle = Switch()
    public let segmentedControl = SegmentedControl(items: ["Small", "Medium", "Large"])
    public let stepper = Stepper()
    public let restartButton = Button(title: "Restart")
    public let progressView = ProgressView()
    public let spinner = ActivityIndicatorView()
    /// The simulated load, a value every `loadInterval` seconds while the pane is shown.
    public let loadChart = SparklineView()
    /// How many of the records shown are sized in B, KB, MB and GB.
    public let sizeChart = BarChartView()

    /// The table of records.
    public let tableView = TableView()
    /// The table's data source and delegate, with the records. Made on first use (loading the
    /// view uses it), not at `init`: the demo makes every pane at launch, and a pane never shown
    /// should not cost its 100,000 names.
    public private(set) lazy var tableSource = GalleryTableSource(records: GalleryRecords(count: recordCount))
    /// The search field's controller; its results replace the table's rows.
    public private(set) lazy var searchController: SearchController<GalleryRecords.Matches> = {
        let records = tableSource.records
        return SearchController(searchField: TextField(placeholder: "a name, or part of one")) { query in
            try await records.matches(of: query)
        } onResults: { [weak self] matches, _ in
            self?.show(matches)
        }
    }()
    /// How many records the table holds.
    private let recordCount: Int

    private let toggleValue = Label()
    private let segmentValue = Label()
    private let stepperValue = Label()
    private let spinnerValue = Label(text: "spins while this pane is shown", style: Style(attributes: .dim))
    private let textLabel = Label(style: Style(attributes: .dim))
    private let matchCount = Label(style: Style(attributes: .dim))
    /// The column of rows the whole pane is laid out by.
    private let page = StackView(axis: .vertical)
    private var timer: MainLoopTimer?
    private var loadTimer: MainLoopTimer?
    /// Values the load chart has had since the pane was made.
    private var loadTicks = 0
    /// Steps taken since the bar was last empty.
    private var steps = 0
    /// True from `viewDidAppear` to `viewWillDisappear`.
    private var isOnScreen = false

    /// Columns from a row's left edge to its control: the widest caption and a gap.
    private static let captionWidth = 11

    /// A gallery titled `title` showing `text` (a default text when `nil`), its table holding
    /// `recordCount` generated records.
    public init(title: String, text: String?, recordCount: Int = 100_000) {
        self.text =
            text
            ?? "Tab moves on; Space, the arrows and + or - change the controls. Type in Search to filter the table; on the table, s and S sort, as does a click on a header."
        self.recordCount = recordCount
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
    /// The field the search is typed in.
    public var searchField: TextField { searchController.searchField }
    /// What the line after the search field says (how many records show).
    public var matchLine: String { matchCount.text }

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
        textLabel.numberOfLines = 2
        tableView.accessibilityLabel = "Table"
        tableView.columns = GalleryTableSource.columns
        tableView.sortDescriptor = tableSource.sort
        tableView.dataSource = tableSource
        tableView.delegate = tableSource
        tableView.showsVerticalScrollIndicator = true
        tableSource.onRowsChange = { [weak self] in
            self?.updateMatchCount()
            self?.updateSizeChart()
        }
        loadChart.valueRange = 0...100
        loadChart.maximumValueCount = 200
        loadChart.accessibilityLabel = "Load"
        sizeChart.barWidth = 4
        sizeChart.accessibilityLabel = "Sizes of the rows shown"
        searchController.resultsView = tableView

        // One row per control: the caption, the control at its own width (the progress bar, which
        // has none, stretches), the value line. Subview order is Tab order.
        let controls = StackView(
            axis: .vertical, spacing: 1,
            arrangedSubviews: [
                row("Switch", toggle, toggleValue), row("Segments", segmentedControl, segmentValue),
                row("Stepper", stepper, stepperValue)
            ])
        // The charts' column is last in its row, so it gives way first when columns run short;
        // the spacer between keeps it at the right edge.
        let charts = StackView(
            axis: .vertical, spacing: 1,
            arrangedSubviews: [StackView(spacing: 1, arrangedSubviews: [Label(text: "Load"), loadChart]), sizeChart])
        let top = StackView(spacing: 2, arrangedSubviews: [controls, View(), charts])
        let rows = [top, row("Progress", progressView, restartButton), row("Spinner", spinner, spinnerValue)]
        for view in rows + [textLabel, row("Search", searchField, matchCount), tableView] {
            page.addArrangedSubview(view)
        }
        for view in rows + [textLabel] { page.setCustomSpacing(1, after: view) }
        page.layoutMargins = EdgeInsets(top: 1, left: 1, right: 1)
        page.isLayoutMarginsRelativeArrangement = true
        page.frame = view.bounds
        page.autoresizingMask = .flexibleSize
        view.addSubview(page)
        updateValues()
        updateMatchCount()
        updateSizeChart()
    }

    /// A row of `caption`, `control` and `value`, two columns apart; the control starts
    /// `captionWidth` columns from the row's left edge, whatever the caption's width.
    private func row(_ caption: String, _ control: View, _ value: View) -> StackView {
        let label = Label(text: caption)
        // The caption beside a control names it for a screen reader too.
        if control.accessibilityLabel?.isEmpty ?? true { control.accessibilityLabel = caption }
        let row = StackView(spacing: 2, arrangedSubviews: [label, control, value])
        row.setCustomSpacing(Self.captionWidth - DisplayWidth.of(caption), after: label)
        return row
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
        startLoadTimer()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        isOnScreen = false
        timer?.invalidate()
        timer = nil
        loadTimer?.invalidate()
        loadTimer = nil
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        spinner.stopAnimating()
    }

    /// Writes each control's value into its line.
    private func updateValues() {
        toggleValue.text = toggle.isOn ? "Notifications on" : "Notifications off"
        let segment = segmentedControl.titleForSegment(at: segmentedControl.selectedSegmentIndex) ?? "none"
        segmentValue.text = "Size: \(segment)"
        stepperValue.text = "Copies: \(Int(stepper.value))"
    }

    /// Shows a search's results in the table.
    private func show(_ matches: GalleryRecords.Matches) {
        tableSource.apply(matches, to: tableView)
    }

    /// Writes how many records show after the search field.
    private func updateMatchCount() {
        let total = tableSource.records.count
        let shown = tableSource.shown.count
        matchCount.text =
            shown == total ? "\(Self.grouped(total)) rows" : "\(Self.grouped(shown)) of \(Self.grouped(total)) rows"
    }

    /// `value` with a comma every three digits ("100,000").
    static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return value < 0 ? "-" + digits : digits
    }

    /// Counts the records shown by the unit of their size into the bar chart.
    private func updateSizeChart() {
        var counts = [Int](repeating: 0, count: GalleryRecords.sizeUnits.count)
        let records = tableSource.records
        for record in tableSource.shown { counts[records.sizeUnit(of: Int(record))] += 1 }
        sizeChart.bars = zip(GalleryRecords.sizeUnits, counts).map { BarChartView.Bar(label: $0, value: Double($1)) }
    }

    /// The simulated load at its `tick`th value: a slow rise and fall (20 values long) with some
    /// noise, within 0...100, the same on every run.
    public static func load(at tick: Int) -> Double {
        let phase = tick % 20
        let wave = 15 + 6 * Double(phase < 10 ? phase : 20 - phase)
        var noise = UInt64(truncatingIfNeeded: tick) &* 0x9E37_79B9_7F4A_7C15
        noise ^= noise >> 29
        return min(100, max(0, wave + Double(noise % 21) - 10))
    }

    /// Starts the load chart's timer, unless it runs.
    private func startLoadTimer() {
        guard loadTimer == nil, let loop = view.window?.mainLoop else { return }
        loadTimer = loop.schedule(
            after: Self.loadInterval, repeating: Self.loadInterval, name: "WidgetsPane: the next load value"
        ) { [weak self] in
            guard let self else { return }
            loadChart.append(Self.load(at: loadTicks))
            loadTicks += 1
        }
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
