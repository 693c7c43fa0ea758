import Shoji

/// The demo's context menu for text fields and views: Cut, Copy and Paste through the view's
/// own clipboard commands (`KeyCommand.cut`, `.copy`, `.paste`, showing their Alt keys), then
/// Select All.
///
/// Guarantees: built when it opens, so Cut and Copy are enabled only while text is selected
/// (and may be copied), Paste only while the view is editable, as the view's `canPerform`
/// says; a chosen item does what its key does, to the view the menu was opened on.
@MainActor
enum TextEditMenu {
    /// The menu for `view` as it is now.
    static func menu(for view: TextInputView) -> Menu {
        func item(_ title: String, _ command: KeyCommand, _ letter: Character) -> MenuAction {
            let key = KeyEvent(.character(letter), modifiers: .alt)
            return MenuAction(
                title: title, attributes: view.canPerform(command) ? [] : .disabled, keyEquivalent: key
            ) { [weak view] _ in _ = view?.perform(command, key: key) }
        }
        let selectAll = MenuAction(title: "Select All", attributes: view.text.isEmpty ? .disabled : []) {
            [weak view] _ in
            guard let view else { return }
            view.selectedRange = 0..<view.text.count
        }
        return Menu(children: [
            item("Cut", .cut, "x"), item("Copy", .copy, "c"), item("Paste", .paste, "v"),
            Menu(options: .displayInline, children: [selectAll])
        ])
    }
}
