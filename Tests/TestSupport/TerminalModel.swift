import Shoji

/// A small model of an xterm-like terminal for Shoji's own tests: feed it the bytes a program
/// writes, then read the cells it would show. It interprets what Shoji's backend and ncurses
/// send (cursor addressing, insert/delete/erase character, erase in line and display, SGR with
/// 8, 16, 256 and RGB colours, insert mode, automatic margins with the delayed wrap, scroll
/// regions with index, reverse index, scroll up/down and relative moves stopped at the
/// margins, the alternate screen, synchronized update) and records every sequence it does not
/// know in `unknownSequences`, so a test can insist there were none.
///
/// Widths follow `widthRule`: `.clusters` draws grapheme clusters as `DisplayWidth` measures
/// them (what current terminals do: a joiner or VS16 joins the glyph before it, VS16 widens a
/// text emoji); `.scalars` is a terminal that measures each scalar on its own (zero-width ones
/// join the cell before, everything else takes its own cells), to show that a renderer copes
/// with terminals that disagree.
///
/// Not thread-safe; a plain value-semantics-free object for one test.
public final class TerminalModel {
    /// Attributes a cell can show.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// One bit per attribute.
        public let rawValue: UInt8
        /// The attributes whose bits are set in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// SGR 1.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// SGR 2.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// SGR 3.
        public static let italic = Attributes(rawValue: 1 << 2)
        /// SGR 4.
        public static let underline = Attributes(rawValue: 1 << 3)
        /// SGR 7.
        public static let reverse = Attributes(rawValue: 1 << 4)
    }

    /// A colour as the terminal holds it.
    public enum Color: Hashable, Sendable {
        /// The terminal's default.
        case `default`
        /// A palette entry: 0-7 normal, 8-15 bright, 16-255 the xterm cube and greys.
        case indexed(Int)
        /// A direct colour.
        case rgb(Int, Int, Int)
    }

    /// How a cell looks.
    public struct Rendition: Hashable, Sendable, CustomStringConvertible {
        /// The attributes in effect.
        public var attributes: Attributes = []
        /// The text colour.
        public var foreground: Color = .default
        /// The cell's background colour.
        public var background: Color = .default
        /// A rendition; by default the terminal's plain one (no attributes, default colours).
        public init(attributes: Attributes = [], foreground: Color = .default, background: Color = .default) {
            self.attributes = attributes
            self.foreground = foreground
            self.background = background
        }
        /// A short text for failure messages.
        public var description: String { "attrs \(attributes.rawValue) fg \(foreground) bg \(background)" }

        /// What a terminal shows for `style` when each colour becomes the palette entry
        /// `colorNumber` gives (-1: the default colour); `italic` false for terminals without it.
        public init(style: Shoji.Style, italic: Bool = true, colorNumber: (Shoji.Color) -> Int) {
            func color(_ color: Shoji.Color) -> Color {
                let number = colorNumber(color)
                return number < 0 ? .default : .indexed(number)
            }
            var attributes: Attributes = []
            if style.attributes.contains(.bold) { attributes.insert(.bold) }
            if style.attributes.contains(.dim) { attributes.insert(.dim) }
            if style.attributes.contains(.italic) && italic { attributes.insert(.italic) }
            if style.attributes.contains(.underline) { attributes.insert(.underline) }
            if style.attributes.contains(.reverse) { attributes.insert(.reverse) }
            self.init(attributes: attributes, foreground: color(style.foreground), background: color(style.background))
        }
    }

    /// One cell: its text (a glyph's scalars; `" "` when blank, `""` for the right half of a
    /// wide glyph), width (1, 2, or 0 for that right half) and rendition.
    public struct Cell: Hashable, Sendable {
        /// The glyph's scalars (see the type's notes).
        public var text: String
        /// 1, 2, or 0 for the right half of a wide glyph.
        public var width: Int
        /// How the cell is drawn.
        public var rendition: Rendition
        /// The URL of the link (OSC 8) open when the glyph was printed; nil for none.
        public var link: String?
        /// A cell as given.
        public init(text: String, width: Int, rendition: Rendition, link: String? = nil) {
            self.text = text
            self.width = width
            self.rendition = rendition
            self.link = link
        }
    }

    /// What shows of a cell with `text` in `rendition`: a blank shows only its background (or
    /// its foreground in reverse) and an underline; a glyph shows everything.
    public static func visible(text: String, _ rendition: Rendition) -> Rendition {
        var rendition = rendition
        guard text == " " else { return rendition }
        let reverse = rendition.attributes.contains(.reverse)
        rendition.attributes = rendition.attributes.intersection([.underline, .reverse])
        if reverse { rendition.background = .default } else { rendition.foreground = .default }
        return rendition
    }

    /// How the terminal measures what it prints (see the type's notes).
    public enum WidthRule: Sendable {
        /// Grapheme clusters as `DisplayWidth` measures them (current terminals).
        case clusters
        /// Each scalar on its own; zero-width ones join the cell before.
        case scalars
    }

    /// The width in cells.
    public private(set) var columns: Int
    /// The height in cells.
    public private(set) var rows: Int
    /// Erasing paints the current background colour (xterm, the Linux console), not the default.
    public let backColorErase: Bool
    /// How printed text is measured (see the type's notes).
    public let widthRule: WidthRule
    /// Every escape sequence the model did not understand, as text (`ESC` spelled `\e`).
    public private(set) var unknownSequences: [String] = []
    /// How many lines printing scrolled (text wrapping past the bottom margin): a full-screen
    /// program never scrolls by writing. Scrolls it asks for (line feed, index, reverse index,
    /// scroll up or down, insert or delete line) are not counted.
    public private(set) var scrolledLines = 0
    /// How many lines were scrolled on request (see `scrolledLines`).
    public private(set) var requestedScrolls = 0
    /// The text of the rows that line feeds scrolled off the top of the screen (a scroll region
    /// starting on the first row), oldest first: the terminal's scrollback.
    public private(set) var scrollback: [String] = []
    /// The topmost row that printing, erasing, or inserting or deleting characters changed since
    /// the model was made or `resetTouchedRows()` was called; nil when none. Scrolls, which move
    /// rows whole, do not count.
    public private(set) var topmostTouchedRow: Int?
    /// Whether a glyph written in the last column waits there to wrap until the next one
    /// (`xenl`, as xterm and tmux do); false: the cursor wraps to the next line at once.
    public let eatsNewlineGlitch: Bool
    /// Whether erasing the screen from its top-left cell (`ESC [ J` there, `ESC [ 2 J`) first
    /// copies its rows, up to the last one that is not blank, into the scrollback, as tmux 3.3
    /// does (its `scroll-on-clear` option, on by default).
    public let scrollsOnClear: Bool
    /// Whether the scroll region is the whole screen.
    public var hasFullScrollRegion: Bool { scrollTop == 0 && scrollBottom == rows - 1 }
    /// Inside begin/end synchronized update (DEC mode 2026).
    public private(set) var isSynchronizing = false
    /// How many synchronized updates began.
    public private(set) var synchronizedUpdates = 0
    /// The cursor's column, 0-based.
    public private(set) var cursorX = 0
    /// The cursor's row, 0-based.
    public private(set) var cursorY = 0
    /// Whether the cursor is shown (DECTCEM).
    public private(set) var cursorVisible = true
    /// The link (OSC 8 `ESC ] 8 ; params ; URL ST`) printed glyphs take now; nil when none is
    /// open (an empty URL closes it).
    public private(set) var openLink: String?
    /// Every OSC sequence's payload (between `ESC ]` and its terminator), in order.
    public private(set) var oscPayloads: [[UInt8]] = []

    private var grid: [Cell]
    private var rendition = Rendition()
    private var pendingWrap = false
    private var autowrap = true
    private var insertMode = false
    private var scrollTop = 0
    private var scrollBottom: Int
    private var saved: (x: Int, y: Int, rendition: Rendition) = (0, 0, Rendition())
    /// Where the last glyph was printed, while nothing moved the cursor since (for joining).
    private var lastPrinted: (x: Int, y: Int)?

    // Parser state.
    private enum State { case ground, escape, charset, csi, osc, oscEscape, dcs, dcsEscape }
    private var state = State.ground
    private var sequence: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Missing = 0

    /// A blank screen of `columns` x `rows`, cursor at the top left.
    public init(
        columns: Int, rows: Int, backColorErase: Bool = true, widthRule: WidthRule = .clusters,
        eatsNewlineGlitch: Bool = true, scrollsOnClear: Bool = false
    ) {
        self.scrollsOnClear = scrollsOnClear
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.backColorErase = backColorErase
        self.widthRule = widthRule
        self.eatsNewlineGlitch = eatsNewlineGlitch
        scrollBottom = self.rows - 1
        grid = Array(repeating: Cell(text: " ", width: 1, rendition: Rendition()), count: self.columns * self.rows)
    }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell { grid[y * columns + x] }

    /// Row `y` as text: each glyph once, right halves left out.
    public func text(row y: Int) -> String {
        var result = ""
        for x in 0..<columns where grid[y * columns + x].width != 0 { result += grid[y * columns + x].text }
        return result
    }

    /// Every row as text, joined by newlines.
    public var text: String { (0..<rows).map { text(row: $0) }.joined(separator: "\n") }

    /// Changes the size as a terminal window would: content kept where it fits, the cursor
    /// clamped (the program is told with SIGWINCH and redraws).
    public func resize(columns newColumns: Int, rows newRows: Int) {
        let blank = Cell(text: " ", width: 1, rendition: Rendition())
        var newGrid = Array(repeating: blank, count: max(1, newColumns) * max(1, newRows))
        for y in 0..<min(rows, newRows) {
            for x in 0..<min(columns, newColumns) { newGrid[y * newColumns + x] = grid[y * columns + x] }
            // A wide glyph cut by the new right edge.
            if newColumns < columns, newColumns > 0, newGrid[y * newColumns + newColumns - 1].width == 2 {
                newGrid[y * newColumns + newColumns - 1] = blank
            }
        }
        columns = max(1, newColumns)
        rows = max(1, newRows)
        grid = newGrid
        scrollTop = 0
        scrollBottom = rows - 1
        cursorX = min(cursorX, columns - 1)
        cursorY = min(cursorY, rows - 1)
        pendingWrap = false
        lastPrinted = nil
    }

    /// Starts `topmostTouchedRow` afresh.
    public func resetTouchedRows() { topmostTouchedRow = nil }

    /// Interprets `bytes` as terminal output.
    public func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { consume(byte) }
    }

    // MARK: - Parsing

    private func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            ground(byte)
        case .escape:
            escape(byte)
        case .charset:
            state = .ground  // ESC ( B and friends: one designator byte, ignored
        case .csi:
            if byte >= 0x40 && byte <= 0x7E {
                state = .ground
                csi(final: byte)
            } else if byte >= 0x20 {
                sequence.append(byte)
            } else if byte == 0x1B {
                state = .escape
            } else {
                control(byte)  // C0 inside CSI is executed
            }
        case .osc:
            if byte == 0x07 {
                state = .ground
                operatingSystemCommand()
            } else if byte == 0x1B {
                state = .oscEscape
            } else {
                sequence.append(byte)
            }
        case .oscEscape:
            if byte == UInt8(ascii: "\\") {
                state = .ground
                operatingSystemCommand()
            } else {
                state = .osc
            }
        case .dcs:
            if byte == 0x1B { state = .dcsEscape }
        case .dcsEscape:
            state = byte == UInt8(ascii: "\\") ? .ground : .dcs
        }
    }

    private func ground(_ byte: UInt8) {
        if utf8Missing > 0 {
            if byte & 0xC0 == 0x80 {
                utf8.append(byte)
                utf8Missing -= 1
                if utf8Missing == 0 {
                    let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
                    utf8.removeAll()
                    for scalar in scalars { print(scalar) }
                }
                return
            }
            utf8.removeAll()
            utf8Missing = 0
            print("\u{FFFD}")
        }
        switch byte {
        case 0x1B:
            state = .escape
        case 0x00..<0x20, 0x7F:
            control(byte)
        case 0x20..<0x80:
            print(Unicode.Scalar(byte))
        case 0xC2...0xDF:
            utf8 = [byte]; utf8Missing = 1
        case 0xE0...0xEF:
            utf8 = [byte]; utf8Missing = 2
        case 0xF0...0xF4:
            utf8 = [byte]; utf8Missing = 3
        default:
            print("\u{FFFD}")
        }
    }

    private func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: moveCursor(x: 0, y: cursorY)
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: moveCursor(x: max(0, cursorX - 1), y: cursorY)
        case 0x09: moveCursor(x: min(columns - 1, (cursorX / 8 + 1) * 8), y: cursorY)
        case 0x07, 0x0E, 0x0F, 0x00: break
        default: unknownSequences.append(spelled(byte))
        }
    }

    private func escape(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["): state = .csi; sequence.removeAll()
        case UInt8(ascii: "]"):
            state = .osc
            sequence = []
        case UInt8(ascii: "P"): state = .dcs
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): state = .charset
        case UInt8(ascii: "7"): saved = (cursorX, cursorY, rendition)
        case UInt8(ascii: "8"): moveCursor(x: saved.x, y: saved.y); rendition = saved.rendition
        case UInt8(ascii: "="), UInt8(ascii: ">"): break
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): moveCursor(x: 0, y: cursorY); lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "c"): reset()
        default: unknownSequences.append("\\e" + spelled(byte))
        }
    }

    private func csi(final: UInt8) {
        var body = sequence
        var privateMarker: UInt8?
        if let first = body.first, (0x3C...0x3F).contains(first) { privateMarker = first; body.removeFirst() }
        var intermediates: [UInt8] = []
        while let last = body.last, (0x20...0x2F).contains(last) {
            intermediates.insert(last, at: 0); body.removeLast()
        }
        let parameters = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func parameter(_ i: Int, _ fallback: Int) -> Int {
            guard i < parameters.count, let value = parameters[i] else { return fallback }
            return value
        }
        let count = max(1, parameter(0, 1))
        let known: Bool
        switch (privateMarker, intermediates, final) {
        case (nil, [], UInt8(ascii: "H")), (nil, [], UInt8(ascii: "f")):
            moveCursor(x: parameter(1, 1) - 1, y: parameter(0, 1) - 1); known = true
        case (nil, [], UInt8(ascii: "G")), (nil, [], UInt8(ascii: "`")):
            moveCursor(x: parameter(0, 1) - 1, y: cursorY); known = true
        case (nil, [], UInt8(ascii: "d")):
            moveCursor(x: cursorX, y: parameter(0, 1) - 1); known = true
        case (nil, [], UInt8(ascii: "A")):
            // Stopped at the top margin when it starts inside the region (xterm, tmux).
            moveCursor(x: cursorX, y: max(cursorY < scrollTop ? 0 : scrollTop, cursorY - count)); known = true
        case (nil, [], UInt8(ascii: "B")):
            moveCursor(x: cursorX, y: min(cursorY > scrollBottom ? rows - 1 : scrollBottom, cursorY + count))
            known = true
        case (nil, [], UInt8(ascii: "C")): moveCursor(x: cursorX + count, y: cursorY); known = true
        case (nil, [], UInt8(ascii: "D")): moveCursor(x: cursorX - count, y: cursorY); known = true
        case (nil, [], UInt8(ascii: "J")): eraseInDisplay(parameter(0, 0)); known = true
        case (nil, [], UInt8(ascii: "K")): eraseInLine(parameter(0, 0)); known = true
        case (nil, [], UInt8(ascii: "@")): insertCharacters(count); known = true
        case (nil, [], UInt8(ascii: "P")): deleteCharacters(count); known = true
        case (nil, [], UInt8(ascii: "X")): eraseCharacters(count); known = true
        case (nil, [], UInt8(ascii: "S")): scrollRegion(up: true, count); known = true
        case (nil, [], UInt8(ascii: "T")) where parameters.count <= 1: scrollRegion(up: false, count); known = true
        case (nil, [], UInt8(ascii: "L")): insertLines(count); known = true
        case (nil, [], UInt8(ascii: "M")): deleteLines(count); known = true
        case (nil, [], UInt8(ascii: "m")): selectGraphicRendition(parameters); known = true
        case (nil, [], UInt8(ascii: "r")):
            scrollTop = max(0, parameter(0, 1) - 1)
            scrollBottom = min(rows - 1, parameter(1, rows) - 1)
            if scrollBottom <= scrollTop { scrollTop = 0; scrollBottom = rows - 1 }
            moveCursor(x: 0, y: 0); known = true
        case (nil, [], UInt8(ascii: "h")), (nil, [], UInt8(ascii: "l")):
            // 4: insert mode; 34: screen's and tmux's cursor style (in their `cnorm`), not the picture.
            known = parameters.allSatisfy { $0 == 4 || $0 == 34 }
            if known && parameters.contains(4) { insertMode = final == UInt8(ascii: "h") }
        case (UInt8(ascii: "?"), [], UInt8(ascii: "h")), (UInt8(ascii: "?"), [], UInt8(ascii: "l")):
            known = parameters.allSatisfy { setPrivateMode($0 ?? 0, final == UInt8(ascii: "h")) }
        case (nil, [], UInt8(ascii: "t")), (nil, [], UInt8(ascii: "c")), (nil, [], UInt8(ascii: "n")),
            (UInt8(ascii: "?"), [UInt8(ascii: "$")], UInt8(ascii: "p")), (UInt8(ascii: "?"), [], UInt8(ascii: "c")):
            known = true  // window operations, queries, the Linux console's cursor shape: not the picture
        default:
            known = false
        }
        if !known {
            unknownSequences.append("\\e[" + String(decoding: sequence, as: UTF8.self) + spelled(final))
        }
    }

    private func setPrivateMode(_ mode: Int, _ on: Bool) -> Bool {
        switch mode {
        case 7: autowrap = on; if !on { pendingWrap = false }
        case 25: cursorVisible = on
        case 1049, 1047, 47:
            if mode == 1049 {
                if on { saved = (cursorX, cursorY, rendition) } else { moveCursor(x: saved.x, y: saved.y) }
            }
            fill(0..<(rows * columns), with: blankCell(erasing: false))
        case 2026:
            if on && !isSynchronizing { synchronizedUpdates += 1 }
            isSynchronizing = on
        case 1, 12, 1000, 1002, 1003, 1005, 1006, 1015, 2004, 1004: break
        default: return false
        }
        return true
    }

    private func selectGraphicRendition(_ parameters: [Int?]) {
        var i = 0
        let values = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
        while i < values.count {
            let value = values[i]
            switch value {
            case 0: rendition = Rendition()
            case 1: rendition.attributes.insert(.bold)
            case 2: rendition.attributes.insert(.dim)
            case 3: rendition.attributes.insert(.italic)
            case 4: rendition.attributes.insert(.underline)
            case 7: rendition.attributes.insert(.reverse)
            case 22: rendition.attributes.subtract([.bold, .dim])
            case 23: rendition.attributes.remove(.italic)
            case 24: rendition.attributes.remove(.underline)
            case 27: rendition.attributes.remove(.reverse)
            case 30...37: rendition.foreground = .indexed(value - 30)
            case 39: rendition.foreground = .default
            case 40...47: rendition.background = .indexed(value - 40)
            case 49: rendition.background = .default
            case 90...97: rendition.foreground = .indexed(value - 90 + 8)
            case 100...107: rendition.background = .indexed(value - 100 + 8)
            case 38, 48:
                var color: Color?
                if i + 2 < values.count, values[i + 1] == 5 {
                    color = .indexed(values[i + 2]); i += 2
                } else if i + 4 < values.count, values[i + 1] == 2 {
                    color = .rgb(values[i + 2], values[i + 3], values[i + 4]); i += 4
                }
                if let color {
                    if value == 38 { rendition.foreground = color } else { rendition.background = color }
                } else {
                    unknownSequences.append("SGR \(values)")
                }
            case 5, 6, 8, 10, 11, 12, 25, 28: break  // blink, invisible, fonts: not modelled
            default: unknownSequences.append("SGR \(value)")
            }
            i += 1
        }
    }

    // MARK: - Printing

    private func widthOf(_ scalar: Unicode.Scalar) -> Int {
        DisplayWidth.of(Character(scalar))
    }

    private func print(_ scalar: Unicode.Scalar) {
        if let (x, y) = lastPrinted, join(scalar, toGlyphAt: x, y) { return }
        let width = widthOf(scalar)
        guard width > 0 else {
            // A zero-width scalar with nothing to join: the terminal drops it.
            return
        }
        if pendingWrap {
            if autowrap {
                cursorX = 0
                lineFeed(printing: true)
            }
            pendingWrap = false
        }
        if width == 2 && cursorX == columns - 1 {
            if autowrap {
                clearCells(cursorX..<columns, y: cursorY)
                cursorX = 0
                lineFeed(printing: true)
            } else {
                return
            }
        }
        if insertMode { shiftRight(from: cursorX, by: width) }
        placeGlyph(String(scalar), width: width, x: cursorX, y: cursorY)
        let printedAt = (cursorX, cursorY)
        advance(by: width)
        lastPrinted = printedAt
    }

    /// Joins `scalar` to the glyph printed last, the way terminals of `widthRule` do; false
    /// when it starts a glyph of its own.
    private func join(_ scalar: Unicode.Scalar, toGlyphAt x: Int, _ y: Int) -> Bool {
        let index = y * columns + x
        let cell = grid[index]
        guard cell.width > 0 else { return false }
        switch widthRule {
        case .scalars:
            guard widthOf(scalar) == 0 else { return false }
            grid[index].text.unicodeScalars.append(scalar)
            return true
        case .clusters:
            var joined = cell.text
            joined.unicodeScalars.append(scalar)
            guard joined.count == 1, let character = joined.first else { return false }
            let newWidth = max(1, DisplayWidth.of(character))
            grid[index].text = joined
            if newWidth == 2 && cell.width == 1 {
                // VS16 and friends widen the glyph: it takes the next column too, if there is one.
                guard x + 1 < columns else { return true }
                clearGlyphs(overlapping: (x + 1)..<(x + 2), y: y)
                grid[index].width = 2
                grid[index + 1] = Cell(text: "", width: 0, rendition: cell.rendition)
                if !pendingWrap && cursorY == y && cursorX == x + 1 { advance(by: 1) }
            }
            return true
        }
    }

    private func touch(_ y: Int) {
        topmostTouchedRow = min(topmostTouchedRow ?? y, y)
    }

    private func placeGlyph(_ text: String, width: Int, x: Int, y: Int) {
        touch(y)
        clearGlyphs(overlapping: x..<min(columns, x + width), y: y)
        grid[y * columns + x] = Cell(text: text, width: width, rendition: rendition, link: openLink)
        if width == 2 { grid[y * columns + x + 1] = Cell(text: "", width: 0, rendition: rendition, link: openLink) }
    }

    /// An OSC sequence whose payload is `sequence`: OSC 8 opens or closes a link.
    private func operatingSystemCommand() {
        oscPayloads.append(sequence)
        guard sequence.starts(with: Array("8;".utf8)) else { return }
        let rest = sequence.dropFirst(2)
        guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
        let url = String(decoding: rest[rest.index(after: separator)...], as: UTF8.self)
        openLink = url.isEmpty ? nil : url
    }

    private func advance(by width: Int) {
        cursorX += width
        if cursorX >= columns {
            cursorX = columns - 1
            if autowrap && !eatsNewlineGlitch {
                cursorX = 0
                lineFeed(printing: true)
            } else {
                pendingWrap = autowrap
            }
        }
    }

    // MARK: - Editing

    private func blankCell(erasing: Bool) -> Cell {
        var blank = Rendition()
        if erasing && backColorErase { blank.background = rendition.background }
        return Cell(text: " ", width: 1, rendition: blank)
    }

    private func fill(_ range: Range<Int>, with cell: Cell) {
        for i in range { grid[i] = cell }
    }

    /// Blanks the whole of every wide glyph that `range` of row `y` overlaps only in part.
    private func clearGlyphs(overlapping range: Range<Int>, y: Int) {
        guard !range.isEmpty else { return }
        let row = y * columns
        if grid[row + range.lowerBound].width == 0, range.lowerBound > 0 {
            grid[row + range.lowerBound - 1] = Cell(
                text: " ", width: 1, rendition: grid[row + range.lowerBound - 1].rendition)
        }
        if range.upperBound < columns, grid[row + range.upperBound].width == 0 {
            grid[row + range.upperBound] = Cell(text: " ", width: 1, rendition: grid[row + range.upperBound].rendition)
        }
    }

    private func clearCells(_ range: Range<Int>, y: Int) {
        guard !range.isEmpty else { return }
        touch(y)
        clearGlyphs(overlapping: range, y: y)
        fill((y * columns + range.lowerBound)..<(y * columns + range.upperBound), with: blankCell(erasing: true))
    }

    private func eraseInLine(_ mode: Int) {
        switch mode {
        case 0: clearCells(cursorX..<columns, y: cursorY)
        case 1: clearCells(0..<(cursorX + 1), y: cursorY)
        default: clearCells(0..<columns, y: cursorY)
        }
        lastPrinted = nil
    }

    private func eraseInDisplay(_ mode: Int) {
        if scrollsOnClear && (mode == 2 || (mode == 0 && cursorX == 0 && cursorY == 0)),
            let last = (0..<rows).last(where: { text(row: $0).contains { $0 != " " } })
        {
            scrollback += (0...last).map { text(row: $0) }
        }
        switch mode {
        case 0:
            clearCells(cursorX..<columns, y: cursorY)
            for y in (cursorY + 1)..<max(cursorY + 1, rows) { clearCells(0..<columns, y: y) }
        case 1:
            for y in 0..<cursorY { clearCells(0..<columns, y: y) }
            clearCells(0..<(cursorX + 1), y: cursorY)
        default:
            for y in 0..<rows { clearCells(0..<columns, y: y) }
        }
        lastPrinted = nil
    }

    private func eraseCharacters(_ count: Int) {
        clearCells(cursorX..<min(columns, cursorX + count), y: cursorY)
        pendingWrap = false
        lastPrinted = nil
    }

    private func shiftRight(from x: Int, by count: Int) {
        touch(cursorY)
        let row = cursorY * columns
        let n = min(count, columns - x)
        clearGlyphs(overlapping: x..<x, y: cursorY)
        if grid[row + x].width == 0, x > 0 {
            grid[row + x - 1] = Cell(text: " ", width: 1, rendition: grid[row + x - 1].rendition)
        }
        // A wide glyph pushed half off the right edge.
        if columns - n - 1 >= x, grid[row + columns - n - 1].width == 2 {
            grid[row + columns - n - 1] = Cell(text: " ", width: 1, rendition: grid[row + columns - n - 1].rendition)
        }
        var i = columns - 1
        while i >= x + n {
            grid[row + i] = grid[row + i - n]
            i -= 1
        }
        fill((row + x)..<(row + x + n), with: blankCell(erasing: true))
        if grid[row + x + n].width == 0 && x + n < columns {
            grid[row + x + n] = Cell(text: " ", width: 1, rendition: grid[row + x + n].rendition)
        }
    }

    private func insertCharacters(_ count: Int) {
        shiftRight(from: cursorX, by: count)
        pendingWrap = false
        lastPrinted = nil
    }

    private func deleteCharacters(_ count: Int) {
        touch(cursorY)
        let row = cursorY * columns
        let x = cursorX
        let n = min(count, columns - x)
        if grid[row + x].width == 0, x > 0 {
            grid[row + x - 1] = Cell(text: " ", width: 1, rendition: grid[row + x - 1].rendition)
        }
        if x + n < columns, grid[row + x + n].width == 0 {
            grid[row + x + n] = Cell(text: " ", width: 1, rendition: grid[row + x + n].rendition)
        }
        for i in x..<(columns - n) { grid[row + i] = grid[row + i + n] }
        fill((row + columns - n)..<(row + columns), with: blankCell(erasing: true))
        pendingWrap = false
        lastPrinted = nil
    }

    private func insertLines(_ count: Int) {
        guard cursorY >= scrollTop && cursorY <= scrollBottom else { return }
        for _ in 0..<min(count, scrollBottom - cursorY + 1) { scrollDown(from: cursorY) }
        lastPrinted = nil
    }

    private func deleteLines(_ count: Int) {
        guard cursorY >= scrollTop && cursorY <= scrollBottom else { return }
        for _ in 0..<min(count, scrollBottom - cursorY + 1) { scrollUp(from: cursorY, counting: false) }
        lastPrinted = nil
    }

    private func scrollUp(from top: Int, counting: Bool) {
        for y in top..<scrollBottom {
            for x in 0..<columns { grid[y * columns + x] = grid[(y + 1) * columns + x] }
        }
        fill((scrollBottom * columns)..<((scrollBottom + 1) * columns), with: blankCell(erasing: true))
        if counting { scrolledLines += 1 }
    }

    /// SU and SD: the region scrolls, the cursor stays.
    private func scrollRegion(up: Bool, _ count: Int) {
        for _ in 0..<min(count, scrollBottom - scrollTop + 1) {
            if up { scrollUp(from: scrollTop, counting: false) } else { scrollDown(from: scrollTop) }
        }
        requestedScrolls += count
        pendingWrap = false
        lastPrinted = nil
    }

    private func scrollDown(from top: Int) {
        var y = scrollBottom
        while y > top {
            for x in 0..<columns { grid[y * columns + x] = grid[(y - 1) * columns + x] }
            y -= 1
        }
        fill((top * columns)..<((top + 1) * columns), with: blankCell(erasing: true))
    }

    private func lineFeed(printing: Bool = false) {
        if cursorY == scrollBottom {
            if scrollTop == 0 { scrollback.append(text(row: 0)) }
            scrollUp(from: scrollTop, counting: printing)
            if !printing { requestedScrolls += 1 }
        } else if cursorY < rows - 1 {
            cursorY += 1
        }
        pendingWrap = false
        lastPrinted = nil
    }

    private func reverseIndex() {
        if cursorY == scrollTop {
            scrollDown(from: scrollTop)
            requestedScrolls += 1
        } else if cursorY > 0 {
            cursorY -= 1
        }
        pendingWrap = false
        lastPrinted = nil
    }

    private func moveCursor(x: Int, y: Int) {
        cursorX = min(max(0, x), columns - 1)
        cursorY = min(max(0, y), rows - 1)
        pendingWrap = false
        lastPrinted = nil
    }

    private func reset() {
        rendition = Rendition()
        fill(0..<(rows * columns), with: blankCell(erasing: false))
        moveCursor(x: 0, y: 0)
        autowrap = true
        insertMode = false
        scrollTop = 0
        scrollBottom = rows - 1
    }
}

/// A byte of an escape sequence as readable text.
private func spelled(_ byte: UInt8) -> String {
    if byte == 0x1B { return "\\e" }
    if byte < 0x20 || byte >= 0x7F { return "\\x" + String(byte, radix: 16) }
    return String(Unicode.Scalar(byte))
}
