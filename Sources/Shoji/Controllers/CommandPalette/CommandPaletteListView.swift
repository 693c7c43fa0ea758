/// The command palette's list: a `ListView` whose value, for assistive technology, is the
/// selected command's title, keys and group, then its place ("Quit, Ctrl-C, q, App, 2 of 9"),
/// instead of the row's shown text.
@MainActor
final class CommandPaletteListView: ListView {
    /// What the row says (title, keys, group); set by the palette.
    var describeRow: (@MainActor (Int) -> String?)?

    override var defaultAccessibility: AccessibilityDescription {
        var description = super.defaultAccessibility
        if let row = selectedRow, row < numberOfRows, let spoken = describeRow?(row) {
            description.value = "\(spoken), \(row + 1) of \(numberOfRows)"
        }
        return description
    }

}
