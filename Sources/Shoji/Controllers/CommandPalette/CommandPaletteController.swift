/// A command palette, as Textual's and VS Code's: a sheet with a search field over a list of
/// commands (`PaletteCommand`); typing filters the list by fuzzy matching (`FuzzyMatch`),
/// Enter (or a click) performs the chosen one. The `Application` shows one on Ctrl-P with the
/// key bindings active at that moment and the app's `paletteCommands`; any app may present
/// one itself with commands of its own. UIKit has no equivalent.
///
/// Guarantees:
/// - The list is taken when the controller is made: the commands enabled then
///   (`PaletteCommand.isEnabled`), in the order given while the field is empty; with text in
///   the field, only those whose `displayText` matches, best first (`FuzzyMatch.rank`), their
///   matched letters drawn bold and underlined (`ListView.emphasisAttributes`), their keys
///   right-aligned beside them. Filtering runs at every change of the field, on the main
///   actor, with no pause: it costs a few milliseconds for a thousand commands.
/// - The focus stays in the field: Up/Down, PageUp/PageDown move the selection, Enter performs
///   the selected command, Escape closes the palette; typed text is always the field's.
/// - Performing dismisses the palette first, then runs the command's `action` exactly once, in
///   the dismissal's completion: the focus is back where it was before the palette opened, so
///   the command acts on what it was listed for. Enter again, pressed meanwhile, waits for the
///   dismissal and goes to what is then on top.
/// - Titles, groups and key names are drawn inert (control characters as caret notation) and
///   cut to the sheet's width.
/// - Accessibility: the field says the query and how many commands match ("th, 2 matches");
///   the list's value says the selected command's title, keys and group.
/// - It is a `.formSheet` as wide as its longest row and as tall as its commands, within the
///   window.
@MainActor
open class CommandPaletteController: ViewController, ListViewDataSource {
    /// The commands offered: those given that were enabled when the palette was made, in order.
    public let commands: [PaletteCommand]

    /// Where the user types the query.
    public let searchField = TextField(placeholder: "Type to search commands")

    /// The commands matching the query, best first.
    let listView = CommandPaletteListView()

    /// The commands' `displayText`, folded once for matching.
    private let candidates: [FuzzyMatch.Candidate]

    /// The commands that match the field's text, best first, with their match; every command,
    /// unmatched, for an empty field. Updated at each change of the field.
    public private(set) var matches: [(command: PaletteCommand, match: FuzzyMatch)] = []

    /// Set once a command was chosen: the palette performs one command in its life.
    private var hasChosen = false

    /// A palette offering `commands` (those enabled now).
    public init(commands: [PaletteCommand]) {
        self.commands = commands.filter { $0.isEnabled() }
        candidates = self.commands.map { FuzzyMatch.Candidate($0.displayText) }
        super.init()
        title = "Commands"
        modalPresentationStyle = .formSheet
        modalTransitionStyle = .fade
        searchField.onChange = { [weak self] _ in self?.filter() }
        searchField.onReturn = { [weak self] _ in self?.performSelected() }
        listView.dataSource = self
        listView.onActivate = { [weak self] row in
            self?.listView.selectedRow = row
            self?.performSelected()
        }
        listView.describeRow = { [weak self] row in self?.spokenDescription(ofRow: row) }
        filter()
    }

    /// Matches the field's text against the commands again, selects the best and says how
    /// many match.
    private func filter() {
        matches = FuzzyMatch.rank(searchField.text, in: candidates).map { (commands[$0.index], $0.match) }
        listView.reloadData()
        listView.selectedRow = matches.isEmpty ? nil : 0
        listView.headerTitle = headerText
        searchField.accessibilityValue = searchField.text.isEmpty ? headerText : searchField.text + ", " + headerText
    }

    /// "3 matches", "1 match", "12 commands" (with an empty field).
    private var headerText: String {
        let count = matches.count
        if searchField.text.isEmpty { return count == 1 ? "1 command" : "\(count) commands" }
        return count == 1 ? "1 match" : "\(count) matches"
    }

    /// Dismisses the palette, then performs the selected command (see the type's notes).
    private func performSelected() {
        guard !hasChosen, let row = listView.selectedRow, row < matches.count else { return }
        hasChosen = true
        let action = matches[row].command.action
        dismiss(animated: true) { action() }
    }

    /// What the list says for `row`: "Show or hide the menu, F2, m, Side menu".
    private func spokenDescription(ofRow row: Int) -> String? {
        guard row < matches.count else { return nil }
        let command = matches[row].command
        let keys = KeyHelpController.keyList(command.keys)
        return [command.title, keys, command.group].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    // MARK: View

    open override func loadView() {
        view = CommandPaletteView(field: searchField, list: listView, keyWidth: keyWidth)
    }

    /// The columns of the widest key list.
    private var keyWidth: Int { commands.map { DisplayWidth.of(KeyHelpController.keyList($0.keys)) }.max() ?? 0 }

    /// The field takes the focus: typing filters at once.
    open override var preferredFocusedView: View? { searchField }

    /// As wide as the longest row (at least 40 columns), as tall as the field, the header and
    /// the commands, within `maximum`.
    open override func preferredContentSize(fitting maximum: Size) -> Size {
        let widest = commands.map { DisplayWidth.of($0.displayText) }.max() ?? 0
        let width = max(40, widest + 3 + keyWidth + 2)
        return Size(width: min(width, maximum.width), height: min(2 + max(1, commands.count), maximum.height))
    }

    // MARK: Keys

    /// Up/Down and PageUp/PageDown move the selection while the field has the focus.
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(title: "Command palette", standard: [.moveUp, .moveDown, .pageUp, .pageDown])
    }

    /// The moves need a command to move to.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown: return !matches.isEmpty
        default: return super.canPerform(command)
        }
    }

    /// Moves the list's selection as the list's own keys do.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown: return listView.perform(command, key: key)
        default: return super.perform(command, key: key)
        }
    }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { matches.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String { matches[row].command.displayText }

    public func listView(_ listView: ListView, accessoryForRow row: Int) -> String? {
        KeyHelpController.keyList(matches[row].command.keys)
    }

    public func listView(_ listView: ListView, emphasizedCharactersInTitleForRow row: Int) -> [Int] {
        matches[row].match.offsets
    }
}
