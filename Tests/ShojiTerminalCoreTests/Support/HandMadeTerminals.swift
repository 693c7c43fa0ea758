import Shoji
import ShojiTerminalCore

/// Capability tables written down by hand (from `infocmp -1` of the real entries), so the
/// core's tests need no terminfo and no ncurses.
enum HandMadeTerminals {
    /// xterm-256color's strings and flags that the writer uses.
    static let xterm = TerminalCapabilities(text: xtermStrings, flags: ["am", "xenl", "bce", "msgr"])

    /// xterm-256color's strings that the writer uses.
    static let xtermStrings = [
        "cup": "\u{1B}[%i%p1%d;%p2%dH", "hpa": "\u{1B}[%i%p1%dG", "vpa": "\u{1B}[%i%p1%dd",
        "cuf": "\u{1B}[%p1%dC", "cub": "\u{1B}[%p1%dD", "cub1": "\u{8}", "cud": "\u{1B}[%p1%dB",
        "cuu": "\u{1B}[%p1%dA", "cuu1": "\u{1B}[A", "cud1": "\n", "cr": "\r", "ich": "\u{1B}[%p1%d@",
        "smir": "\u{1B}[4h",
        "rmir": "\u{1B}[4l", "dch": "\u{1B}[%p1%dP", "dch1": "\u{1B}[P", "el": "\u{1B}[K", "ech": "\u{1B}[%p1%dX",
        "clear": "\u{1B}[H\u{1B}[2J", "home": "\u{1B}[H", "ed": "\u{1B}[J", "smam": "\u{1B}[?7h",
        "rmam": "\u{1B}[?7l", "sgr0": "\u{1B}(B\u{1B}[m", "cnorm": "\u{1B}[?12l\u{1B}[?25h",
        "civis": "\u{1B}[?25l", "op": "\u{1B}[39;49m",
        "setaf": "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
        "setab": "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m",
        "csr": "\u{1B}[%i%p1%d;%p2%dr", "ind": "\n", "indn": "\u{1B}[%p1%dS", "ri": "\u{1B}M",
        "rin": "\u{1B}[%p1%dT", "sc": "\u{1B}7", "rc": "\u{1B}8", "il": "\u{1B}[%p1%dL",
        "il1": "\u{1B}[L", "dl": "\u{1B}[%p1%dM", "dl1": "\u{1B}[M"
    ]

    /// vt100's: no colours, no insert or delete character, padding on several strings.
    static let vt100 = TerminalCapabilities(
        text: [
            "cup": "\u{1B}[%i%p1%d;%p2%dH$<5>", "cuf": "\u{1B}[%p1%dC", "cub": "\u{1B}[%p1%dD", "cub1": "\u{8}",
            "cud": "\u{1B}[%p1%dB", "cuu": "\u{1B}[%p1%dA", "cuu1": "\u{1B}[A$<2>", "cr": "\r",
            "el": "\u{1B}[K$<3>", "clear": "\u{1B}[H\u{1B}[J$<50>", "home": "\u{1B}[H", "ed": "\u{1B}[J$<50>",
            "smam": "\u{1B}[?7h", "rmam": "\u{1B}[?7l", "sgr0": "\u{1B}[m\u{F}$<2>",
            "csr": "\u{1B}[%i%p1%d;%p2%dr", "ind": "\n", "ri": "\u{1B}M$<5>"
        ],
        flags: ["am", "xenl", "msgr"])

    /// SGR attribute changes as an xterm-like `sgr` sends them (`italic`: whether the terminal
    /// has italics; vt100 has neither italics nor dim).
    static func transitions(italicAndDim: Bool) -> AttributeTransitions {
        AttributeTransitions { from, to in
            guard from != to else { return [] }
            var text = "\u{1B}[0"
            if to.contains(.bold) { text += ";1" }
            if to.contains(.dim) && italicAndDim { text += ";2" }
            if to.contains(.italic) && italicAndDim { text += ";3" }
            if to.contains(.underline) { text += ";4" }
            if to.contains(.reverse) { text += ";7" }
            return Array((text + "m").utf8)
        }
    }

    /// A stand-in for the C library's `wcwidth`, right for the characters these tests draw.
    static func scalarWidth(_ value: UInt32) -> Int {
        switch value {
        case 0..<0x20, 0x7F..<0xA0: return -1
        case 0x300..<0x370, 0x200D, 0xFE0F: return 0
        case 0x1100..<0x1160, 0x2E80..<0xA4D0, 0xAC00..<0xD7A4, 0xF900..<0xFB00, 0xFF00..<0xFF61, 0x1F300..<0x1FB00:
            return 2
        default: return 1
        }
    }

    /// A writer for `capabilities`.
    static func writer(_ capabilities: TerminalCapabilities, colors: Int?) -> FrameWriter {
        let styles = StyleWriter(
            capabilities: capabilities, transitions: transitions(italicAndDim: colors != nil), colorCount: colors,
            defaultColors: true)
        return FrameWriter(capabilities: capabilities, styles: styles, scalarWidth: scalarWidth)
    }
}
