/// The command palette's content: the search field on the top row, between one-column
/// margins, and the list of commands below it, filling the rest.
@MainActor
final class CommandPaletteView: View {
    let field: TextField
    let list: CommandPaletteListView
    /// The columns of the widest key list: the list's accessory column, up to half the width.
    let keyWidth: Int

    init(field: TextField, list: CommandPaletteListView, keyWidth: Int) {
        self.field = field
        self.list = list
        self.keyWidth = keyWidth
        super.init()
        addSubview(field)
        addSubview(list)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        field.frame = Rect(x: 1, y: 0, width: max(0, bounds.width - 2), height: min(1, bounds.height))
        list.frame = Rect(x: 0, y: 1, width: bounds.width, height: max(0, bounds.height - 1))
        list.accessoryWidth = min(keyWidth, max(0, bounds.width / 2))
    }
}
