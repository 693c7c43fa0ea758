/// The demo's menu: a title and the items the side menu lists, read from a JSON file.
///
/// The format (see `Resources/menu.json`, the default, and `MenuFileValidator` for every rule):
///
///     {"title": "Menu",
///      "items": [{"title": "Red", "kind": "color", "color": "red", "text": "..."},
///                {"title": "Notes", "kind": "text", "text": "..."},
///                {"title": "Stack", "kind": "navigation"},
///                {"title": "Log", "kind": "lifecycle"}],
///      "right-items": [{"title": "Theme", "setting": "theme"}]}
///
/// Guarantees:
/// - Loading either returns a menu that satisfies every rule (at least one item, every title
///   non-blank, every kind and colour known) or throws a `MenuFileError` naming the first
///   problem and, when it is at one place, its line and column. It never traps.
/// - Input is bounded: a file over `maximumFileSize` bytes is refused after reading at most
///   one byte more, more than `maximumItemCount` items are refused, and anything but a regular
///   file (a FIFO, a device, a directory) is refused without waiting on it, so a wrong file
///   costs milliseconds, not memory or minutes, and never hangs.
/// - The default menu is built into the binary (`DefaultMenu`), so the demo finds it whatever
///   the working directory.
public struct MenuFile: Equatable, Sendable {
    /// Shown above the menu's list.
    public var title: String
    /// At least one, at most `maximumItemCount`.
    public var items: [MenuItem]
    /// The entries of the right-hand settings menu (`"right-items"`), at most
    /// `maximumRightItemCount`; empty (the key left out): the demo has no right-hand menu.
    public var rightItems: [SettingsEntry]

    /// The largest menu file read: 1 MiB.
    public static let maximumFileSize = 1 << 20
    /// The most items a menu may have.
    public static let maximumItemCount = 1_000
    /// The most entries `right-items` may have: a settings menu fits on a screen.
    public static let maximumRightItemCount = 26
    /// How messages name the built-in default menu.
    public static let builtInSourceName = "menu.json (built in)"

    /// A menu as given, unchecked (`parse` and `load` check a file's): `rightItems` empty for
    /// no right-hand menu.
    public init(title: String, items: [MenuItem], rightItems: [SettingsEntry] = []) {
        self.title = title
        self.items = items
        self.rightItems = rightItems
    }

    /// The built-in default menu (`Resources/menu.json`, embedded in `DefaultMenu`).
    public static func builtIn() throws(MenuFileError) -> MenuFile {
        try parse(Array(DefaultMenu.json.utf8), source: builtInSourceName)
    }

    /// The menu in the file at `path` (`nil`: the built-in default). Messages name the file
    /// as given, with any control characters in it escaped.
    public static func load(path: String?) throws(MenuFileError) -> MenuFile {
        guard let path else { return try builtIn() }
        let source = path.pathForMessage()
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: maximumFileSize)
        } catch {
            switch error {
            case .unreadable(let reason):
                throw MenuFileError(source: source, reason: "cannot read the menu file: \(reason)")
            case .notARegularFile(let kind):
                throw MenuFileError(
                    source: source, reason: "cannot read the menu file: it is \(kind), not a regular file")
            case .tooLarge: throw tooLarge(source)
            }
        }
        return try parse(bytes, source: source)
    }

    /// The menu in `bytes` (the UTF-8 text of a menu file); `source` names it in messages.
    public static func parse(_ bytes: [UInt8], source: String) throws(MenuFileError) -> MenuFile {
        guard bytes.count <= maximumFileSize else { throw tooLarge(source) }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let position = TextPosition(offset: error.offset, in: bytes)
            throw MenuFileError(
                source: source, line: position.line, column: position.column, reason: "not valid JSON: \(error.message)"
            )
        }
        return try MenuFileValidator(bytes: bytes, source: source).menuFile(from: root)
    }

    private static func tooLarge(_ source: String) -> MenuFileError {
        MenuFileError(
            source: source,
            reason:
                "the menu file is larger than \(maximumFileSize >> 20) MiB (\(maximumFileSize) bytes), the most a menu file may hold"
        )
    }
}
