import Shoji

/// Renders a surface as text with its styles spelled out, for snapshot assertions.
///
/// Each row is split into runs of equal style. A run in the plain style is written as is;
/// any other run is written `{style}text{/}`, where `style` lists, space-separated and in this
/// order, the attributes (`bold dim italic underline reverse`), `fg=COLOR` and `bg=COLOR` when
/// not the default. Colours are named `red`, `brightRed`…, `p196` for palette entries and
/// `#ff8000` for RGB. Trailing plain blanks are kept, so every row is as wide as the surface.
public enum StyledText {
    /// All rows of `surface` in the format above, joined by newlines.
    public static func render(_ surface: Surface) -> String {
        (0..<surface.size.height).map { row(surface, $0) }.joined(separator: "\n")
    }

    /// One row of `surface` in the format above.
    public static func row(_ surface: Surface, _ y: Int) -> String {
        var out = ""
        var runStyle: Style?
        var run = ""
        func flush() {
            guard let style = runStyle else { return }
            out += style == .plain ? run : "{\(describe(style))}\(run){/}"
            run = ""
        }
        for x in 0..<surface.size.width {
            let cell = surface[x, y]
            if cell.isContinuation { continue }
            if cell.style != runStyle { flush(); runStyle = cell.style }
            run += cell.grapheme
        }
        flush()
        return out
    }

    /// The style in the `{…}` notation, without braces; empty for `.plain`.
    public static func describe(_ style: Style) -> String {
        var parts: [String] = []
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
            (.underline, "underline"), (.reverse, "reverse")
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
        if style.background != .default { parts.append("bg=\(describe(style.background))") }
        return parts.joined(separator: " ")
    }

    /// A colour's name in the notation above.
    public static func describe(_ color: Color) -> String {
        let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch color {
        case .default: return "default"
        case .ansi(let n) where n < 8: return ansiNames[Int(n)]
        case .ansi(let n) where n < 16:
            let base = ansiNames[Int(n) - 8]
            return "bright" + base.prefix(1).uppercased() + base.dropFirst()
        case .ansi(let n): return "ansi\(n)"
        case .palette(let n): return "p\(n)"
        case .rgb(let r, let g, let b):
            return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
