import Shoji

/// The colours a `color` menu item may name: the 8 ANSI colours and their bright variants, and
/// orange.
///
/// Names are exact and lowercase: `black`, `red`, `green`, `yellow`, `blue`, `magenta`,
/// `cyan`, `white`, the same with a `bright-` prefix (`bright-black` … `bright-white`), and
/// `orange`. Each ANSI name maps to the ANSI colour of that number (0-7, bright 8-15), which
/// every colour terminal can show; the terminal's theme decides the exact shade. Orange (the
/// two-pane item's bottom pane) is xterm-256 colour 208, the nearest of 16 on smaller palettes.
public enum MenuColor: String, CaseIterable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack = "bright-black"
    case brightRed = "bright-red"
    case brightGreen = "bright-green"
    case brightYellow = "bright-yellow"
    case brightBlue = "bright-blue"
    case brightMagenta = "bright-magenta"
    case brightCyan = "bright-cyan"
    case brightWhite = "bright-white"
    case orange

    /// Every accepted name, in ANSI order, for messages: `black, red, …, bright-white`.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The ANSI colour: `.ansi(0)` for black up to `.ansi(15)` for bright white; orange is
    /// `.palette(208)`.
    public var color: Color {
        if self == .orange { return .palette(208) }
        return .ansi(UInt8(Self.allCases.firstIndex(of: self)!))
    }

    /// A text colour readable on this colour as a background in the usual palettes: black on
    /// the light ones (green, yellow, cyan, white and the bright colours but bright black and
    /// bright blue), bright white on the dark ones.
    public var textColor: Color {
        switch self {
        case .black, .red, .blue, .magenta, .brightBlack, .brightBlue: return .brightWhite
        default: return .black
        }
    }
}
