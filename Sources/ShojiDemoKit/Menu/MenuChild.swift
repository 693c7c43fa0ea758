/// One child of a container item in a menu file (`overlay-menu`, `two-pane`): a colour pane
/// with a title, and for an overlay menu the symbol its entry shows.
public struct MenuChild: Equatable, Sendable {
    /// The pane's title (an overlay entry's, too); never empty or blank.
    public var title: String
    /// The pane's colour.
    public var color: MenuColor
    /// The overlay entry's symbol (the pane's `tabBarItem.symbol`), one character one column
    /// wide; `nil` for the toolkit's default.
    public var symbol: Character?
    /// The pane's text, if any.
    public var text: String?

    public init(title: String, color: MenuColor, symbol: Character? = nil, text: String? = nil) {
        self.title = title
        self.color = color
        self.symbol = symbol
        self.text = text
    }

    /// The colours children without one get, in turn.
    static let colorCycle: [MenuColor] = [.yellow, .blue, .green, .red, .magenta, .cyan]

    /// The children of an `overlay-menu` item that names none: five colour panes.
    public static let defaultOverlayChildren = [
        MenuChild(
            title: "Sunrise", color: .yellow, symbol: "☀",
            text: "An overlay menu's child. F4 or a right click shows the menu of all of them."),
        MenuChild(title: "Ocean", color: .blue, symbol: "≈"),
        MenuChild(title: "Forest", color: .green, symbol: "♣"),
        MenuChild(title: "Ember", color: .red, symbol: "♦"),
        MenuChild(title: "Dusk", color: .magenta, symbol: "☾")
    ]

    /// The two children of a `two-pane` item that names none: Orange and Blue.
    public static let defaultTwoPaneChildren = [
        MenuChild(
            title: "Orange", color: .orange,
            text: "The bottom child. Show / Hide removes it and adds it back; Swap replaces it."),
        MenuChild(title: "Blue", color: .blue, text: "The other bottom child, wiped in from the top by Swap.")
    ]
}
