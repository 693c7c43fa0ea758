/// One entry of a menu file: a titled child the demo shows, of one of five kinds.
public struct MenuItem: Equatable, Sendable {
    /// What the demo shows for the item.
    public enum Kind: Equatable, Sendable {
        /// A scrollable text pane; the item's `text` is required.
        case text
        /// A pane filled with the colour that lists its own lifecycle calls.
        case color(MenuColor)
        /// A root screen with a "Left" bar button that opens a detail screen on Enter.
        case navigation
        /// A live list of every controller's lifecycle events.
        case lifecycle
        /// A tab bar controller over tabs of the other kinds.
        case tabs(TabsOptions)
        /// The time of day, updated once a second by an async task.
        case clock
        /// Text fields, a text view, and buttons that present an alert, an action sheet and a sheet.
        case form

        /// The names a file uses for the kinds, in this order.
        public static let names = ["text", "color", "navigation", "lifecycle", "tabs", "clock", "form"]

        /// The kind's name in a file.
        public var name: String {
            switch self {
            case .text: return "text"
            case .color: return "color"
            case .navigation: return "navigation"
            case .lifecycle: return "lifecycle"
            case .tabs: return "tabs"
            case .clock: return "clock"
            case .form: return "form"
            }
        }
    }

    /// Shown in the menu and as the pane's title; never empty or blank.
    public var title: String
    public var kind: Kind
    /// The pane's text: always there for `.text`, optional for the others.
    public var text: String?

    public init(title: String, kind: Kind, text: String? = nil) {
        self.title = title
        self.kind = kind
        self.text = text
    }
}
