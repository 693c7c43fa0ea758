import Shoji

/// A menu item of kind `form`: text input. Two text fields (a name, with a placeholder and a
/// maximum length, and a secure password), an editable text view for notes, and a status line
/// that follows every change (the fields' and the text view's `onChange`).
///
/// Guarantees:
/// - The name field takes the focus each time the pane appears, so typing goes there at once
///   (`m` and `q` included: a focused text view takes typed text); Tab and Shift-Tab move
///   among the fields, the notes and the bar's buttons; Enter in a field moves to the next
///   field (the notes take Enter as a line break).
/// - The status line is rewritten from the fields at each change the user makes.
/// - Laid out for any size: the intro wraps; fields get the width left of their labels (at
///   least one column); the notes take the rows left above the status line.
@MainActor
public final class FormPane: ViewController {
    /// Shown at the top; optional in the menu file.
    public let text: String

    /// The most graphemes the name field takes.
    public static let nameLength = 40

    /// The fields, in focus order, and the notes.
    public let nameField = TextField(placeholder: "Your name")
    public let passwordField = TextField(placeholder: "At least 8 characters")
    public let notesView = TextView()

    private let introLabel = Label()
    private let nameLabel = Label(text: "Name")
    private let passwordLabel = Label(text: "Password")
    private let notesLabel = Label(text: "Notes")
    private let statusLabel = Label(style: Style(attributes: .dim))

    /// Columns the field labels take, before the fields.
    private static let labelWidth = 10

    public init(title: String, text: String?) {
        self.text = text ?? "Type into the fields. Tab moves on, Enter goes to the next field, F2 opens the menu."
        super.init()
        self.title = title
    }

    /// The status line as shown: what the fields hold now.
    public var status: String { statusLabel.text }

    public override func viewDidLoad() {
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        introLabel.text = text
        introLabel.lineBreakMode = .byWordWrapping
        introLabel.style = Style(attributes: .dim)
        nameField.maximumLength = Self.nameLength
        passwordField.isSecureTextEntry = true
        notesView.horizontalMargin = 1
        notesView.backgroundStyle = Style(attributes: .underline)
        nameField.onReturn = { [weak self] _ in self?.passwordField.becomeFirstResponder() }
        passwordField.onReturn = { [weak self] _ in self?.notesView.becomeFirstResponder() }
        for field in [nameField, passwordField] { field.onChange = { [weak self] _ in self?.updateStatus() } }
        notesView.onChange = { [weak self] _ in self?.updateStatus() }
        for subview in [introLabel, nameLabel, nameField, passwordLabel, passwordField, notesLabel, notesView, statusLabel] {
            view.addSubview(subview)
        }
        updateStatus()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        nameField.becomeFirstResponder()
    }

    public override func viewDidLayoutSubviews() {
        let width = view.bounds.width, height = view.bounds.height
        let inner = max(1, width - 2)
        let introHeight = min(2, introLabel.sizeThatFits(Size(width: inner, height: 2)).height)
        introLabel.frame = Rect(x: 1, y: 0, width: inner, height: introHeight)
        var y = introHeight + 1
        let fieldX = 1 + Self.labelWidth
        let fieldWidth = max(1, width - fieldX - 1)
        for (label, field) in [(nameLabel, nameField), (passwordLabel, passwordField)] {
            label.frame = Rect(x: 1, y: y, width: Self.labelWidth - 1, height: 1)
            field.frame = Rect(x: fieldX, y: y, width: fieldWidth, height: 1)
            y += 2
        }
        notesLabel.frame = Rect(x: 1, y: y, width: inner, height: 1)
        y += 1
        let statusY = max(y, height - 1)
        notesView.frame = Rect(x: 1, y: y, width: inner, height: max(0, statusY - y))
        statusLabel.frame = Rect(x: 1, y: statusY, width: inner, height: 1)
    }

    /// Writes what the fields hold into the status line.
    private func updateStatus() {
        let name = nameField.text.isEmpty ? "no name" : "name \(nameField.text)"
        let secret = passwordField.text.count
        let notes = notesView.text.isEmpty ? 0 : notesView.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        statusLabel.text = "\(name) · password: \(secret) characters · notes: \(notes) lines"
    }
}
