/// A terminal colour. The backend maps it to what the terminal can show: RGB falls back to the
/// nearest 256-palette entry, and a palette index above 15 falls back to the nearest of 16
/// colours on a 16-colour terminal.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 ANSI colours, 0...15 (0-7 normal, 8-15 bright).
    case ansi(UInt8)
    /// An entry of the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    // The 16 ANSI colours by name (0-7 normal, 8-15 bright), as terminals number them.
    /// ANSI colour 0.
    public static let black = Color.ansi(0)
    /// ANSI colour 1.
    public static let red = Color.ansi(1)
    /// ANSI colour 2.
    public static let green = Color.ansi(2)
    /// ANSI colour 3.
    public static let yellow = Color.ansi(3)
    /// ANSI colour 4.
    public static let blue = Color.ansi(4)
    /// ANSI colour 5.
    public static let magenta = Color.ansi(5)
    /// ANSI colour 6.
    public static let cyan = Color.ansi(6)
    /// ANSI colour 7.
    public static let white = Color.ansi(7)
    /// ANSI colour 8.
    public static let brightBlack = Color.ansi(8)
    /// ANSI colour 9.
    public static let brightRed = Color.ansi(9)
    /// ANSI colour 10.
    public static let brightGreen = Color.ansi(10)
    /// ANSI colour 11.
    public static let brightYellow = Color.ansi(11)
    /// ANSI colour 12.
    public static let brightBlue = Color.ansi(12)
    /// ANSI colour 13.
    public static let brightMagenta = Color.ansi(13)
    /// ANSI colour 14.
    public static let brightCyan = Color.ansi(14)
    /// ANSI colour 15.
    public static let brightWhite = Color.ansi(15)
}

extension Color {
    /// The colour in 26 bits: a 2-bit kind (0 default, 1 ANSI, 2 palette, 3 RGB) above a 24-bit
    /// payload, so a `Style` packs into one integer and cells compare without a switch.
    @inline(__always)
    var packed: UInt64 {
        switch self {
        case .default: return 0
        case .ansi(let n): return 1 << 24 | UInt64(n)
        case .palette(let n): return 2 << 24 | UInt64(n)
        case .rgb(let r, let g, let b): return 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    /// The colour `packed` describes (only its low 26 bits are read).
    @inline(__always)
    init(packed: UInt64) {
        let payload = packed & 0xFF_FFFF
        switch (packed >> 24) & 3 {
        case 0: self = .default
        case 1: self = .ansi(UInt8(truncatingIfNeeded: payload))
        case 2: self = .palette(UInt8(truncatingIfNeeded: payload))
        default:
            self = .rgb(
                UInt8(truncatingIfNeeded: payload >> 16), UInt8(truncatingIfNeeded: payload >> 8),
                UInt8(truncatingIfNeeded: payload))
        }
    }
}
