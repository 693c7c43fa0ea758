import Shoji

/// Makes a `Style` the terminal's current rendition, writing the bytes into a frame's buffer:
/// attributes from `AttributeTransitions`, then the colours that differ from what the terminal
/// has (`ColorSequences`), `op` first when one goes back to the default. An attribute change
/// that sends SGR 0 (`sgr0` or `sgr` on every terminal with colours Shoji knows) has reset the
/// colours too, as ncurses assumes; attributes `ncv` forbids with colours are dropped from
/// coloured cells, as ncurses drops them.
///
/// Keeps what it last sent; `forget()` after someone else wrote to the terminal. Not
/// thread-safe: one owner (the screen).
package final class StyleWriter {
    /// One `Style` as the terminal is told it: attributes, and colours as numbers (-1: the
    /// terminal's default).
    private struct Rendition: Equatable {
        var attributes: TextAttributes
        var foreground: Int32
        var background: Int32

        /// Whether a colour other than the terminal's default is set.
        var isColored: Bool { foreground != -1 || background != -1 }
    }

    /// Colour numbers for Shoji's colours; nil when colours are not drawn.
    package let colorMapper: ColorMapper?
    /// Whether the terminal has default colours (`op`, and ncurses' `use_default_colors`).
    package let hasDefaultColors: Bool
    /// Whether the terminal's erase paints the current background (terminfo `bce`).
    private let backColorErase: Bool
    private let transitions: AttributeTransitions
    private let colorSequences: ColorSequences?
    /// `sgr0`: every attribute off (and, with `op`, the colours), whatever was sent before.
    private let attributesOff: TerminalCapability?
    /// The attributes that cannot show together with colours here (terminfo `ncv`).
    private let noColorVideo: TextAttributes

    private var lastStyle = Style.plain
    private var lastRendition = Rendition(attributes: [], foreground: -1, background: -1)
    /// The attributes last sent; nil when unknown (at the start, after `forget()`).
    private var sentAttributes: TextAttributes?
    /// The colours last sent (or known since an SGR 0); nil when unknown.
    private var sentColors: (foreground: Int32, background: Int32)?

    /// A writer for the terminal `capabilities` describe, whose attribute changes are
    /// `transitions`. `colorCount` is how many colours it shows, nil to draw none (no colour
    /// terminal, or `NO_COLOR`); `defaultColors` says whether it keeps default colours (without
    /// them, or without `op`, a default colour is drawn as ncurses assumes it: white on black).
    package init(
        capabilities: TerminalCapabilities, transitions: AttributeTransitions, colorCount: Int?, defaultColors: Bool
    ) {
        let sequences = colorCount != nil ? ColorSequences(capabilities) : nil
        colorSequences = sequences
        colorMapper = sequences != nil ? colorCount.map { ColorMapper(colorCount: $0) } : nil
        hasDefaultColors = defaultColors && sequences?.reset != nil
        backColorErase = capabilities.backColorErase
        self.transitions = transitions
        attributesOff = capabilities.exitAttributeMode
        var forbidden: TextAttributes = []
        let ncv = capabilities.noColorVideo
        if ncv & 1 << 1 != 0 { forbidden.insert(.underline) }
        if ncv & 1 << 2 != 0 { forbidden.insert(.reverse) }
        if ncv & 1 << 4 != 0 { forbidden.insert(.dim) }
        if ncv & 1 << 5 != 0 { forbidden.insert(.bold) }
        if ncv & 1 << 15 != 0 { forbidden.insert(.italic) }
        noColorVideo = forbidden
    }

    /// Whether colours are drawn.
    package var usesColor: Bool { colorMapper != nil }

    /// Forgets what the terminal has: the next `emit` starts with everything off.
    package func forget() {
        sentAttributes = nil
        sentColors = nil
    }

    /// Appends what makes `style` current to `buffer`.
    package func emit(_ style: Style, into buffer: ByteBuffer) {
        let rendition = rendition(for: style)
        if sentAttributes != rendition.attributes {
            let from: TextAttributes
            if let sentAttributes {
                from = sentAttributes
            } else {
                // Unknown: everything off.
                attributesOff?.append(to: buffer)
                colorSequences?.reset?.append(to: buffer)
                sentColors = hasDefaultColors ? (-1, -1) : nil
                from = []
            }
            let sent = transitions.append(from: from, to: rendition.attributes, to: buffer)
            if sent.sent {
                if !hasDefaultColors {
                    sentColors = nil
                } else if sent.resetsColors {
                    sentColors = (-1, -1)
                }
            }
            sentAttributes = rendition.attributes
        }
        guard let colorSequences else { return }
        let wanted = (foreground: rendition.foreground, background: rendition.background)
        var current = sentColors
        guard current?.foreground != wanted.foreground || current?.background != wanted.background else { return }
        if current == nil || (wanted.foreground == -1 && current?.foreground != -1)
            || (wanted.background == -1 && current?.background != -1)
        {
            colorSequences.reset?.append(to: buffer)
            current = (-1, -1)
        }
        if wanted.foreground != current?.foreground, wanted.foreground >= 0 {
            colorSequences.appendForeground(wanted.foreground, to: buffer)
        }
        if wanted.background != current?.background, wanted.background >= 0 {
            colorSequences.appendBackground(wanted.background, to: buffer)
        }
        sentColors = wanted
    }

    /// Whether erasing (`el`, `ech`) on this terminal leaves exactly a blank in `style`: no
    /// attribute that shows on a blank (underline, reverse), and a background the erase paints
    /// (the default one, or any with back-colour-erase).
    package func erasePaints(_ style: Style) -> Bool {
        guard style.attributes.subtracting([.bold, .dim, .italic]).isEmpty else { return false }
        guard let colorMapper else { return true }
        if backColorErase { return true }
        return hasDefaultColors && colorMapper.number(for: style.background) == -1
    }

    /// Attributes and colour numbers for `style`, the last one remembered: a frame's cells
    /// mostly repeat styles. Without default colours, a default colour is ncurses' assumption,
    /// white on black; attributes `ncv` forbids with colours are dropped from coloured ones.
    private func rendition(for style: Style) -> Rendition {
        if style == lastStyle { return lastRendition }
        var result = Rendition(
            attributes: TextAttributes(rawValue: style.attributes.rawValue & 0x1F), foreground: -1, background: -1)
        if let colorMapper {
            result.foreground = colorMapper.number(for: style.foreground)
            result.background = colorMapper.number(for: style.background)
            if !hasDefaultColors {
                if result.foreground == -1 { result.foreground = 7 }  // COLOR_WHITE
                if result.background == -1 { result.background = 0 }  // COLOR_BLACK
            }
            if result.isColored { result.attributes.subtract(noColorVideo) }
        }
        lastStyle = style
        lastRendition = result
        return result
    }
}
