import ShojiTerminal

/// A settings screen laid out by stack views alone: no frame is computed by hand. Tab moves
/// between the controls, Enter or a click presses one; `q` quits outside the name field.
@main
struct SettingsApp: App {
    func makeRootViewController() -> ViewController {
        SettingsController()
    }
}

/// A column of labels beside a column of controls, a row of buttons under them, and a status
/// line. Buttons change their own titles (the columns make room in the same frame) and
/// "Advanced" shows a hidden row.
final class SettingsController: ViewController {
    static let themes = ["Light", "Dark", "Follow the system"]

    let nameField = TextField(text: "Ada")
    let themeButton = Button(title: themes[0])
    let fontSizeLabel = Label(text: "12")
    let smallerButton = Button(title: "-")
    let largerButton = Button(title: "+")
    let notificationsButton = Button(title: "On")
    let advancedButton = Button(title: "Show")
    let logLevelLabel = Label(text: "Log level")
    let logLevelButton = Button(title: "Info")
    let statusLabel = Label(text: "Not saved yet.", style: Style(attributes: .dim))
    private(set) var fontSize = 12

    override func viewDidLoad() {
        themeButton.action = { [weak self] in self?.nextTheme() }
        smallerButton.action = { [weak self] in self?.changeFontSize(by: -1) }
        largerButton.action = { [weak self] in self?.changeFontSize(by: 1) }
        notificationsButton.action = { [weak self] in self?.toggle(self?.notificationsButton, "On", "Off") }
        advancedButton.action = { [weak self] in self?.toggleAdvanced() }
        logLevelButton.action = { [weak self] in self?.toggle(self?.logLevelButton, "Info", "Debug") }

        let fontSize = StackView(spacing: 1, arrangedSubviews: [smallerButton, fontSizeLabel, largerButton])
        let titles = ["Name", "Theme", "Font size", "Notifications", "Advanced"].map { Label(text: $0) }
        let labels = StackView(axis: .vertical, arrangedSubviews: titles + [logLevelLabel])
        // Controls keep their own widths (`.leading`); the name field, which has none, fills.
        let controls = StackView(
            axis: .vertical, alignment: .leading,
            arrangedSubviews: [nameField, themeButton, fontSize, notificationsButton, advancedButton, logLevelButton])
        let rows = StackView(spacing: 2, arrangedSubviews: [labels, controls])
        let actions = StackView(
            spacing: 2,
            arrangedSubviews: [
                Button(title: "Save") { [weak self] in self?.save() },
                Button(title: "Reset") { [weak self] in self?.reset() },
                View()  // a spacer: it takes the rest of the row
            ])
        let title = Label(text: "Settings", style: Style(attributes: .bold))
        let page = StackView(axis: .vertical, arrangedSubviews: [title, rows, actions, statusLabel])
        page.setCustomSpacing(1, after: title)
        page.setCustomSpacing(1, after: rows)
        page.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 0, right: 2)
        page.isLayoutMarginsRelativeArrangement = true
        page.frame = view.bounds
        page.autoresizingMask = .flexibleSize
        view.addSubview(page)
        for hidden in [logLevelLabel, logLevelButton] { hidden.isHidden = true }
    }

    func nextTheme() {
        let index = Self.themes.firstIndex(of: themeButton.title) ?? 0
        themeButton.title = Self.themes[(index + 1) % Self.themes.count]
    }

    func changeFontSize(by step: Int) {
        fontSize = min(32, max(8, fontSize + step))
        fontSizeLabel.text = "\(fontSize)"
    }

    func toggle(_ button: Button?, _ first: String, _ second: String) {
        guard let button else { return }
        button.title = button.title == first ? second : first
    }

    /// Shows or hides the advanced row; the stack views close the gap.
    func toggleAdvanced() {
        let show = logLevelButton.isHidden
        logLevelLabel.isHidden = !show
        logLevelButton.isHidden = !show
        advancedButton.title = show ? "Hide" : "Show"
    }

    func save() {
        statusLabel.text = "Saved: \(nameField.text), \(themeButton.title), \(fontSize) pt."
    }

    func reset() {
        nameField.text = "Ada"
        themeButton.title = Self.themes[0]
        fontSize = 12
        fontSizeLabel.text = "12"
        statusLabel.text = "Reset."
    }
}
