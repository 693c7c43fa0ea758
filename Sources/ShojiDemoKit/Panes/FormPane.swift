import Shoji

/// A menu item of kind `form`: text input and dialogs. Text fields (a name, with a placeholder
/// and a maximum length; an email; a secure password), an editable text view for notes, buttons
/// that present an alert, an action sheet and a sheet, a status line that follows every change
/// and a line saying what was last chosen in a dialog.
///
/// Guarantees:
/// - The name field takes the focus each time the pane appears, so typing goes there at once
///   (`m` and `q` included: a focused text view takes typed text); Tab and Shift-Tab move
///   among the fields, the notes, the buttons and the bar's buttons; Enter in a field moves to
///   the next field (the notes take Enter as a line break).
/// - The status line (`status`) is rewritten from the fields at each change the user makes,
///   and when its width changes. It costs the same for any length of text: the name and the
///   email go in only as far as the line can show them (at least 80 columns), the password's
///   length and the notes' line count are the views' own counts (`characterCount`,
///   `lineCount`), kept up to date by their edits.
/// - "Submit…" (or Shift+Enter, where the terminal tells it from Enter) presents an
///   `AlertController` naming what was typed (Cancel or Submit);
///   "Share…" an action sheet (Copy, Mail, Cancel); "About…" a sheet (`AboutSheet`) that Escape
///   or its Close button dismisses. The last line (`lastChoice`) tells what the user chose,
///   once the dialog has left; the focus is back on the button that presented it.
/// - "Priority" is a pop-up button (Low, Normal, High): it shows the chosen level, and the last
///   line says it once chosen. A right click or Shift-F10 in a field or the notes opens their
///   edit menu (`TextEditMenu`).
/// - Text typed or pasted is drawn inert, as everywhere in Shoji.
/// - Laid out by stack views for any size: the intro wraps; the fields get the width left of
///   their labels; the notes take the rows left above the buttons and the two last lines; when
///   rows run short the notes give theirs first, then the lines at the bottom (`StackView`'s
///   rules).
@MainActor
public final class FormPane: ViewController {
    /// Shown at the top; optional in the menu file.
    public let text: String

    /// The most graphemes the name field takes.
    public static let nameLength = 40

    /// The fields, in focus order, and the notes.
    public let nameField = TextField(placeholder: "Your name")
    public let emailField = TextField(placeholder: "you@example.com")
    public let passwordField = TextField(placeholder: "At least 8 characters")
    public let notesView = TextView()
    /// The buttons that present the dialogs.
    public let submitButton = Button(title: "Submit…")
    public let shareButton = Button(title: "Share…")
    public let aboutButton = Button(title: "About…")
    /// A pop-up button choosing the form's priority (Low, Normal, High; Normal at first).
    public let priorityButton = Button(title: "Priority")

    private let introLabel = Label()
    private let notesLabel = Label(text: "Notes")
    private let statusLabel = Label(style: Style(attributes: .dim))
    private let choiceLabel = Label(text: "Nothing chosen yet.", style: Style(attributes: .dim))

    /// The view's width when the status line was last written (it shows more on a wider one).
    private var statusWidth = 0

    public init(title: String, text: String?) {
        self.text =
            text
            ?? "Type into the fields; Tab moves on, Enter goes to the next field; Shift-arrows or a drag select, Alt-C/X/V copy, cut, paste. The buttons present an alert, an action sheet and a sheet."
        super.init()
        self.title = title
    }

    /// The status line as shown: what the fields hold now.
    public var status: String { statusLabel.text }

    /// The last line as shown: what was last chosen in a dialog.
    public var lastChoice: String { choiceLabel.text }

    private var fields: [TextField] { [nameField, emailField, passwordField] }

    public override func viewDidLoad() {
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        introLabel.text = text
        introLabel.lineBreakMode = .byWordWrapping
        introLabel.numberOfLines = 2
        introLabel.style = Style(attributes: .dim)
        nameField.maximumLength = Self.nameLength
        passwordField.isSecureTextEntry = true
        notesView.horizontalMargin = 1
        notesView.accessibilityLabel = "Notes"  // as the label above it says
        notesView.backgroundStyle = Style(attributes: .underline)
        nameField.onReturn = { [weak self] _ in self?.emailField.becomeFirstResponder() }
        emailField.onReturn = { [weak self] _ in self?.passwordField.becomeFirstResponder() }
        passwordField.onReturn = { [weak self] _ in self?.notesView.becomeFirstResponder() }
        for field in fields { field.onChange = { [weak self] _ in self?.updateStatus() } }
        notesView.onChange = { [weak self] _ in self?.updateStatus() }
        submitButton.action = { [weak self] in self?.presentSubmitAlert() }
        shareButton.action = { [weak self] in self?.presentShareSheet() }
        aboutButton.action = { [weak self] in self?.presentAboutSheet() }
        priorityButton.menu = Menu(
            title: "Priority",
            children: ["Low", "Normal", "High"].map { level in
                MenuAction(title: level, state: level == "Normal" ? .on : .off) { [weak self] action in
                    self?.choiceLabel.text = "Priority: \(action.title)."
                }
            })
        priorityButton.changesSelectionAsPrimaryAction = true
        // A right click or Shift-F10 in a field or the notes: Cut, Copy, Paste, Select All.
        for input in fields as [TextInputView] + [notesView] {
            input.contextMenuProvider = { [weak input] in input.map(TextEditMenu.menu(for:)) }
        }

        // A column of the labels beside a column of the fields (which take the width left), a
        // row of buttons (the spacer after them takes the rest), all in one column whose notes
        // take the rows the others leave. Subview order is Tab order.
        let labels = StackView(
            axis: .vertical, spacing: 1, arrangedSubviews: ["Name", "Email", "Password"].map { Label(text: $0) })
        let inputs = StackView(axis: .vertical, spacing: 1, arrangedSubviews: fields)
        let fieldRows = StackView(spacing: 2, arrangedSubviews: [labels, inputs])
        let buttons = StackView(
            spacing: 2, arrangedSubviews: [submitButton, shareButton, aboutButton, priorityButton, View()])
        let form = StackView(
            axis: .vertical,
            arrangedSubviews: [introLabel, fieldRows, notesLabel, notesView, buttons, statusLabel, choiceLabel])
        for blankAfter in [introLabel, fieldRows, notesView, buttons] { form.setCustomSpacing(1, after: blankAfter) }
        form.layoutMargins = EdgeInsets(left: 1, right: 1)
        form.isLayoutMarginsRelativeArrangement = true
        form.frame = view.bounds
        form.autoresizingMask = .flexibleSize
        view.addSubview(form)
        updateStatus()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        nameField.becomeFirstResponder()
    }

    public override func viewDidLayoutSubviews() {
        if view.bounds.width != statusWidth { updateStatus() }
    }

    /// Writes what the fields hold into the status line.
    private func updateStatus() {
        statusWidth = view.bounds.width
        let columns = max(80, statusWidth - 2)
        let name =
            nameField.text.isEmpty
            ? "no name" : "name \(DisplayWidth.prefix(of: nameField.text, fittingWidth: columns).text)"
        let email =
            emailField.text.isEmpty
            ? "no email" : "email \(DisplayWidth.prefix(of: emailField.text, fittingWidth: columns).text)"
        let secret = passwordField.characterCount
        let notes = notesView.text.isEmpty ? 0 : notesView.lineCount
        statusLabel.text = "\(name) · \(email) · password: \(secret) characters · notes: \(notes) lines"
    }

    // MARK: Dialogs

    // MARK: Keys

    /// Shift+Enter anywhere in the form presents the submit alert, as the Submit button does: a
    /// key only terminals with the kitty keyboard protocol tell from Enter (elsewhere it arrives
    /// as Enter, which goes on to the next field).
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Form",
            [KeyBinding(Self.submit, keys: [KeyEvent(.enter, modifiers: .shift)], title: "Submit the form")])
    }

    static let submit = KeyCommand("submit")

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == Self.submit else { return super.perform(command, key: key) }
        presentSubmitAlert()
        return true
    }

    /// An alert naming what was typed: Cancel or Submit.
    public func presentSubmitAlert() {
        let name = nameField.text.isEmpty ? "no name" : nameField.text
        let email = emailField.text.isEmpty ? "no email" : emailField.text
        let alert = AlertController(title: "Submit the form?", message: "Name: \(name)\nEmail: \(email)")
        alert.addAction(
            AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.choiceLabel.text = "Cancelled." })
        alert.addAction(
            AlertAction(title: "Submit") { [weak self] _ in self?.choiceLabel.text = "Submitted as \(name)." })
        present(alert, animated: true)
    }

    /// An action sheet of ways to share.
    public func presentShareSheet() {
        let sheet = AlertController(title: "Share the form", message: nil, preferredStyle: .actionSheet)
        for way in ["Copy", "Mail"] {
            sheet.addAction(
                AlertAction(title: way) { [weak self] action in self?.choiceLabel.text = "Shared by \(action.title)." })
        }
        sheet.addAction(
            AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.choiceLabel.text = "Not shared." })
        present(sheet, animated: true)
    }

    /// A sheet about the form; Escape or Close dismisses it.
    public func presentAboutSheet() {
        present(AboutSheet(), animated: true)
    }
}
