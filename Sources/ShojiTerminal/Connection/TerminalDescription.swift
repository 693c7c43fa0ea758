import CNcursesw
import Glibc
import ShojiTerminalCore

/// What the frame writer needs to know of a terminal type that is not the process's own (the
/// terminal at the other end of a connection): its capability table, attribute transitions and
/// colours, read from terminfo through ncurses.
///
/// Guarantees:
/// - Each distinct type is read once per process (`named(_:)` caches it; a read is a `newterm`
///   on /dev/null, so nothing reaches any terminal, and the local session's own screen, if
///   there is one, is made current again at its next call).
/// - A type name a client sends is never trusted: one that is empty, longer than 64 bytes, has
///   a byte outside `A-Z a-z 0-9 . _ + -`, or has no usable terminfo entry, is described as
///   `fallbackType` (xterm-256color) instead (`type` says which was used). No name can
///   make ncurses open a path of the client's choosing or fail in a way that ends the process.
///
/// Threading: main actor only, like ncurses.
@MainActor
public final class TerminalDescription {
    /// The type a connection gets when its own cannot be used.
    public static let fallbackType = "xterm-256color"

    /// The terminal type described (the requested one, or `fallbackType` standing in for it).
    public let type: String
    package let capabilities: TerminalCapabilities
    package let transitions: AttributeTransitions
    /// How many colours the type shows (terminfo `colors`); nil: none.
    public let colorCount: Int?
    /// Whether the type keeps the terminal's default colours (`use_default_colors` worked).
    public let hasDefaultColors: Bool

    private static var cache: [String: TerminalDescription] = [:]
    private static var unknownTypes: Set<String> = []

    /// The description of `requestedType` as a client named it (see the type's guarantees for
    /// what stands in for an unusable one), or nil when not even `fallbackType` has a terminfo
    /// entry on this machine (the connection is then refused). Cached.
    public static func named(_ requestedType: String) -> TerminalDescription? {
        var usable = isPlausibleName(requestedType) ? requestedType : fallbackType
        if unknownTypes.contains(usable) { usable = fallbackType }
        if let known = cache[usable] ?? read(usable) {
            cache[usable] = known
            return known
        }
        // Remembered so a client cannot make every connection read terminfo again; bounded, as
        // clients choose the names.
        if unknownTypes.count < 256 { unknownTypes.insert(usable) }
        guard let fallback = cache[fallbackType] ?? read(fallbackType) else { return nil }
        cache[fallbackType] = fallback
        return fallback
    }

    /// Whether `name` can be handed to ncurses as a terminal type.
    static func isPlausibleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"),
                    UInt8(ascii: "-"):
                    return true
                default: return false
                }
            }
    }

    private init(
        type: String, capabilities: TerminalCapabilities, transitions: AttributeTransitions, colorCount: Int?,
        defaultColors: Bool
    ) {
        self.type = type
        self.capabilities = capabilities
        self.transitions = transitions
        self.colorCount = colorCount
        hasDefaultColors = defaultColors
    }

    /// Reads `type` from terminfo with a throw-away ncurses screen on /dev/null; nil when
    /// ncurses has no usable entry.
    private static func read(_ type: String) -> TerminalDescription? {
        guard let output = fopen("/dev/null", "w") else { return nil }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            return nil
        }
        defer {
            fclose(output)
            fclose(input)
        }
        let created = type.withCString { newterm($0, output, input) }
        // Whatever happens, the local screen (if any) must be selected again before its next call.
        TerminalScreen.current = nil
        guard let created else { return nil }
        defer { delscreen(created) }
        set_term(created)
        var colors: Int?
        var defaults = false
        if has_colors() && start_color() == OK {
            colors = Int(shoji_colors())
            defaults = use_default_colors() == OK
        }
        let description = TerminalDescription(
            type: type, capabilities: TerminfoReader.capabilities(),
            transitions: TerminfoReader.attributeTransitions(), colorCount: colors, defaultColors: defaults)
        endwin()
        return description
    }
}
