import Shoji

/// The demo's context menu for text fields and views: Undo and Redo, then Cut, Copy and Paste
/// through the view's own commands (`KeyCommand.undo`, `.redo`, `.cut`, `.copy`, `.paste`), then
/// Select All.
///
/// Guarantees: built when it opens, so each item is enabled only while the view can perform its
/// command (Undo with a step to undo, Cut and Copy with text selected, Paste while editable), as
/// the view's `canPerform` says; each shows the first key its command is bound to in the view's
/// table now (so a rebound key shows as rebound); a chosen item does what its key does, to the
/// view the menu was opened on.
@MainActor
enum TextEditMenu {
    /// The menu for `view` as it is now.
    static func menu(for view: TextInputView) -> Menu {
        func item(_ title: String, _ command: KeyCommand) -> MenuAction {
            let key = view.keyBindings.keys(for: command).first
            return MenuAction(
                title: title, attributes: view.canPerform(command) ? [] : .disabled, keyEquivalent: key
            ) { [weak view] _ in
                // The commands act alike whatever key performs them; an unbound one gets a blank.
                _ = view?.perform(command, key: key ?? KeyEvent(.character(" ")))
            }
        }
        let selectAll = MenuAction(title: "Select All", attributes: view.text.isEmpty ? .disabled : []) {
            [weak view] _ in
            guard let view else { return }
            view.selectedRange = 0..<view.text.count
        }
        return Menu(children: [
            Menu(options: .displayInline, children: [item("Undo", .undo), item("Redo", .redo)]),
            item("Cut", .cut), item("Copy", .copy), item("Paste", .paste),
            Menu(options: .displayInline, children: [selectAll])
        ])
    }
}
