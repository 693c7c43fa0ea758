import Shoji

/// One entry of a menu file: a titled child the demo shows, of one of the kinds.
public struct MenuItem: Equatable, Sendable {
    /// What the demo shows for the item.
    public enum Kind: Equatable, Sendable {
        /// A scrollable text pane of the item's `text` followed by `lines` numbered lines when
        /// given (`"lines"` in the file); one of the two is required.
        case text(lines: Int?)
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
        /// An `OverlayMenuController` over colour panes, which swaps them with `transition`.
        case overlayMenu([MenuChild], transition: MenuTransition)
        /// Add / remove / swap of two children: buttons on top, one of two colour panes below.
        case twoPane([MenuChild])
        /// The article's split view: a list on the left, a placeholder on the right; each row
        /// shows its controller there with its transition style.
        case placeholder(transitions: [TransitionStyle])
        /// A stack controller screen: keys push with each style, push a transparent child,
        /// pop, pop to root; the depth and the loaded views are shown live.
        case stack(capacity: Int)
        /// Text fields (one secure), an editable text view, and buttons that present an alert,
        /// an action sheet and a sheet.
        case form
        /// A log that grows a line every 100 ms while shown and follows its end unless the
        /// user scrolled up.
        case log
        /// A gallery of the value controls: a switch, a segmented control, a stepper, a
        /// progress bar that fills while shown and a spinner.
        case widgets
        /// An outline of the directory at `path` (Name, Size, Kind), read lazily as the user
        /// expands it (`FilesPane`).
        case files(path: String)

        /// The rows of a `placeholder` item that names no transitions: one per kind of motion.
        public static let defaultSplitTransitions: [TransitionStyle] = [
            .push(from: .right), .cover(from: .bottom), .fade, .slide(from: .left), .slideOut(to: .top),
            .push(from: .bottom), .none
        ]
        /// How many rows a `placeholder` item's `transitions` may list.
        public static let splitRowRange = 4...26
        /// The capacity of a `stack` item that names none (the stack controller's default).
        public static let defaultStackCapacity = StackController.defaultCapacity
        /// The capacities a `stack` item may name.
        public static let stackCapacityRange = 1...99
        /// The longest `path` a `files` item may name, in bytes (Linux's `PATH_MAX` less its
        /// terminating zero).
        public static let maximumPathLength = 4_095
        /// How many numbered lines a `text` item's `lines` may ask for.
        public static let generatedLineRange = 1...1_000_000

        /// The names a file uses for the kinds, in this order.
        public static let names = [
            "text", "color", "navigation", "lifecycle", "tabs", "clock", "overlay-menu", "two-pane",
            "placeholder", "stack", "form", "log", "widgets", "files"
        ]

        /// The kind's name in a file.
        public var name: String {
            switch self {
            case .text: return "text"
            case .color: return "color"
            case .navigation: return "navigation"
            case .lifecycle: return "lifecycle"
            case .tabs: return "tabs"
            case .clock: return "clock"
            case .overlayMenu: return "overlay-menu"
            case .twoPane: return "two-pane"
            case .placeholder: return "placeholder"
            case .stack: return "stack"
            case .form: return "form"
            case .log: return "log"
            case .widgets: return "widgets"
            case .files: return "files"
            }
        }
    }

    /// Shown in the menu and as the pane's title; never empty or blank.
    public var title: String
    public var kind: Kind
    /// The pane's text: there for `.text` unless it has `lines`, optional for the others.
    public var text: String?

    public init(title: String, kind: Kind, text: String? = nil) {
        self.title = title
        self.kind = kind
        self.text = text
    }
}
