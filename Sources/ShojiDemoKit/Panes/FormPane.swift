import Shoji

/// A menu item of kind `form`: text fields (one of them secure), a text view, and buttons that
/// present an alert, an action sheet and a sheet, with a status line saying what was chosen.
///
/// Guarantees:
/// - Fields: Name, Email, Password (secure: drawn as bullets) and Notes (a text view; Enter
///   starts a new line). Tab and Shift-Tab go from field to field and on to the buttons; the
///   side menu's `m` is typed into a field, never taken as the menu key.
/// - "Submit…" presents an `AlertController` naming what was typed (Cancel or Submit);
///   "Share…" an action sheet (Copy, Mail, Cancel); "About…" a sheet (`AboutSheet`) that Escape
///   or its Close button dismisses. The status line (`status`) tells what the user chose, once
///   the dialog has left.
/// - Text typed or pasted is drawn inert, as everywhere in Shoji.
@MainActor
public final class FormPane: ViewController {
    /// Shown above the fields; optional in the menu file.
    public let text: String
    public let nameField = TextField(placeholder: "Your name")
    public let emailField = TextField(placeholder: "you@example.com")
    public let passwordField = TextField(placeholder: "At least 8 characters")
    public let notesView = TextView()
    public let submitButton = Button(title: "Submit…")
    public let shareButton = Button(title: "Share…")
    public let aboutButton = Button(title: "About…")
    private let introLabel = Label()
    private let statusLabel = Label(text: "Nothing submitted yet.", style: Style(attributes: .dim))
    private var fieldLabels: [Label] = []

    public init(title: String, text: String?) {
        self.text = text ?? "Type into the fields; Tab moves on. The buttons present an alert, an action sheet and a sheet."
        super.init()
        self.title = title
    }

    /// What the status line says: the last choice made in a dialog.
    public var status: String { statusLabel.text }

    public override func viewDidLoad() {
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        introLabel.text = text
        introLabel.lineBreakMode = .byWordWrapping
        view.addSubview(introLabel)
        passwordField.isSecureTextEntry = true
        notesView.backgroundStyle = Style(attributes: .underline)
        for (title, field) in [("Name", nameField as View), ("Email", emailField), ("Password", passwordField), ("Notes", notesView)] {
            let label = Label(text: title)
            fieldLabels.append(label)
            view.addSubview(label)
            view.addSubview(field)
        }
        submitButton.action = { [weak self] in self?.presentSubmitAlert() }
        shareButton.action = { [weak self] in self?.presentShareSheet() }
        aboutButton.action = { [weak self] in self?.presentAboutSheet() }
        for button in [submitButton, shareButton, aboutButton] {
            button.sizeToFit()
            view.addSubview(button)
        }
        view.addSubview(statusLabel)
    }

    public override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        let fieldX = 11
        let fieldWidth = max(1, min(40, width - fieldX - 1))
        let introHeight = min(3, introLabel.sizeThatFits(Size(width: max(1, width - 2), height: 3)).height)
        introLabel.frame = Rect(x: 1, y: 0, width: max(0, width - 2), height: introHeight)
        var y = introHeight + 1
        for (label, field) in zip(fieldLabels, [nameField as View, emailField, passwordField, notesView]) {
            let height = field === notesView ? 3 : 1
            label.frame = Rect(x: 1, y: y, width: fieldX - 2, height: 1)
            field.frame = Rect(x: fieldX, y: y, width: fieldWidth, height: height)
            y += height + 1
        }
        var x = 1
        for button in [submitButton, shareButton, aboutButton] {
            button.frame.origin = Point(x: x, y: y)
            x += button.frame.width + 2
        }
        statusLabel.frame = Rect(x: 1, y: y + 2, width: max(0, width - 2), height: 1)
    }

    // MARK: Dialogs

    /// An alert naming what was typed: Cancel or Submit.
    public func presentSubmitAlert() {
        let name = nameField.text.isEmpty ? "no name" : nameField.text
        let email = emailField.text.isEmpty ? "no email" : emailField.text
        let alert = AlertController(title: "Submit the form?", message: "Name: \(name)\nEmail: \(email)")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.statusLabel.text = "Cancelled." })
        alert.addAction(AlertAction(title: "Submit") { [weak self] _ in self?.statusLabel.text = "Submitted as \(name)." })
        present(alert, animated: true)
    }

    /// An action sheet of ways to share.
    public func presentShareSheet() {
        let sheet = AlertController(title: "Share the form", message: nil, preferredStyle: .actionSheet)
        for way in ["Copy", "Mail"] {
            sheet.addAction(AlertAction(title: way) { [weak self] action in self?.statusLabel.text = "Shared by \(action.title)." })
        }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.statusLabel.text = "Not shared." })
        present(sheet, animated: true)
    }

    /// A sheet about the form; Escape or Close dismisses it.
    public func presentAboutSheet() {
        present(AboutSheet(), animated: true)
    }
}
