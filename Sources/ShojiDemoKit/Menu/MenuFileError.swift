/// Why a menu file cannot be used, said so that the person who wrote it can fix it:
/// `menu.json:14:18: item 3 ("Blue"): unknown colour "bleu"; expected one of black, red, …`.
///
/// Values from the file (titles, colour names, keys) appear quoted and escaped
/// (`quotedForMessage`), so a message is always one line and never drives the terminal.
public struct MenuFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it (or `MenuFile.builtInSourceName`).
    public var source: String
    /// Line and column (from 1, columns in Unicode scalars) of the problem, when it is at one
    /// place in the text.
    public var line: Int?
    public var column: Int?
    /// What is wrong, without the source and position.
    public var reason: String

    public init(source: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `source:line:column: reason`, or `source: reason` without a position.
    public var description: String {
        if let line, let column { return "\(source):\(line):\(column): \(reason)" }
        return "\(source): \(reason)"
    }
}
