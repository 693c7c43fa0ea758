import Shoji

/// Sends a frame's bytes into `output`: cursor moves, styles, scrolls and shifts the planner
/// chose, and the cells, each with a string from the terminal's capability table; the model
/// (`FramePlanner.cells`) follows every byte it sends.
///
/// It keeps what it knows of the terminal: where the cursor is (-1 where unknown), the current
/// style, whether the cursor shows, the scroll region and whether automatic margins are held
/// off. A move (`moveTo`) takes the fewest bytes it finds: `cup`, or a vertical move (`vpa`,
/// `cud`, `cuu`, `cuu1`) and a horizontal one (`hpa`, `cuf`, `cub`, `cub1`, `cr`, or writing a
/// few unchanged cells again), or `cud1` where a line feed cannot scroll. The cursor never moves
/// up or down across a scroll region's margin with a relative move (terminals stop `cuu` and
/// `cud` there), and with attributes on it moves only where the terminal says it may (`msgr`).
///
/// Width safety (`writeRow`): a wide grapheme is written whole; a cell that would cut a wide
/// glyph on the terminal rewrites its other half; after a cluster of several scalars (which
/// terminals draw in different widths) the cursor is placed again, what an over-wide glyph may
/// have covered is written again, and a glyph a terminal may draw narrower is written over
/// blanks. The last cell of the screen is written with automatic margins off (or relying on
/// `xenl`), so the screen never scrolls; the last cell of the scroll region's bottom row relies
/// on `xenl` (every terminal with `csr` Shoji knows has it; without it, or for a cluster
/// terminals may draw wider, the whole screen becomes the region first), so the region never
/// scrolls from a write either.
///
/// Links (OSC 8, only with `hyperlinks`): a cell's link is opened (`ESC ] 8 ; ; URL ESC \`)
/// just before the cell is written and closed (`ESC ] 8 ; ; ESC \`) before any cursor move,
/// erase or cell without that link, and at the end of every row, so no link is ever open
/// across a move, a row or the end of a frame, and only the cells that carry it get it.
///
/// Inline (`inline` set), rows are reached only by moves relative to the cursor (see
/// `InlineBlock`): never `vpa`, a scroll region or `cud1`, and `cup` only where the row is lost;
/// scrolls there delete and insert lines at the cursor's line (`dl`, `il`).
///
/// Not thread-safe: one owner (the frame writer).
final class FrameEmitter {
    /// The terminal's capabilities.
    let capabilities: TerminalCapabilities
    /// Where the bytes go (the frame writer's `output`).
    let output: ByteBuffer
    /// The model the writes keep true, and its size.
    let planner: FramePlanner
    /// Sends styles, and says whether erasing (`el`, `ech`) paints a blank of a style exactly.
    let styles: StyleWriter
    /// How many columns the C library's `wcwidth` gives a scalar (-1: not printable), what
    /// terminals that measure as the C library does would advance by.
    let scalarWidth: (UInt32) -> Int
    /// The inline block frames go to; nil in full screen.
    var inline: InlineBlock?

    /// How many cells were written or erased since the count was last set to 0.
    var writtenCells = 0
    /// The cursor's position, -1 when unknown (after a wrap, or a cluster terminals disagree on).
    var cursorX = -1, cursorY = -1
    /// The style the terminal has now; nil when unknown.
    var currentStyle: Style?
    /// Whether the terminal shows its cursor; nil when unknown. Hidden at first: the screen
    /// hides it when it takes the terminal.
    var cursorVisible: Bool? = false
    /// The terminal's scroll region (rows); nil when unknown (at the start, after a new size or
    /// `forgetTerminalState()`), which the next frame settles by setting the whole screen.
    var scrollRegion: Range<Int>?
    /// Inline, during a frame: automatic margins are off (`rmam` at its start, `smam` at its end).
    var marginsHeldOff = false
    /// Whether cells' links are sent (OSC 8): only for a terminal known to take them.
    var hyperlinks = false
    /// The link open on the terminal now (nil: none); always nil between rows.
    var currentLink: Hyperlink?

    /// The start of an OSC 8 sequence, and its end (ST); a link is closed with an empty URL.
    private static let linkPrefix = Array("\u{1B}]8;;".utf8)
    private static let stringTerminator: [UInt8] = [0x1B, 0x5C]

    /// An emitter for the terminal `capabilities` describe, writing into `output`, sending
    /// styles through `styles` and keeping `planner`'s model true; `scalarWidth` is the C
    /// library's `wcwidth` (or what stands in for it).
    init(
        capabilities: TerminalCapabilities, output: ByteBuffer, styles: StyleWriter, planner: FramePlanner,
        scalarWidth: @escaping (UInt32) -> Int
    ) {
        self.capabilities = capabilities
        self.output = output
        self.styles = styles
        self.planner = planner
        self.scalarWidth = scalarWidth
    }

    /// The model's size: the screen's, or the inline block's.
    var size: Size { planner.size }

    /// Whether writing the last column wraps (or waits to wrap) now: the terminal has automatic
    /// margins and no inline frame holds them off.
    var wraps: Bool { capabilities.automaticMargins && !marginsHeldOff }

    /// Forgets where the cursor is, whether it shows, which style is on and the scroll region.
    func forgetTerminalState() {
        currentLink = nil
        cursorX = -1
        cursorY = -1
        currentStyle = nil
        cursorVisible = nil
        scrollRegion = nil
    }

    // MARK: - Screen

    /// Clears the whole screen (`clear`, or `home`/`cup` and `ed`) with every attribute off, and
    /// the model with it.
    func clearScreen() {
        resetStyle()
        if let clear = capabilities.clearScreen {
            clear.append(to: output)
        } else if let ed = capabilities.clearToEndOfScreen {
            // The start-up check guarantees `clear` or `ed`.
            if let home = capabilities.home {
                home.append(to: output)
            } else {
                capabilities.cursorAddress?.append(to: output, 0, 0)
            }
            ed.append(to: output)
        }
        forgetCursor()
        planner.clear(to: Cell.blank())
    }

    /// Ends a frame with the cursor at `wanted`, shown, or hidden when `wanted` is nil or off
    /// the screen; visibility is sent only when it changes (or is unknown). Inline, a hidden
    /// cursor waits on the block's top-left cell. Returns where the cursor shows (nil: hidden).
    func placeCursor(at wanted: Point?) -> Point? {
        let target = wanted.flatMap { (0..<size.width).contains($0.x) && (0..<size.height).contains($0.y) ? $0 : nil }
        if target == nil && inline != nil { move(to: 0, 0) }
        if let target {
            move(to: target.x, target.y)
            if cursorVisible != true, let cnorm = capabilities.cursorNormal {
                cnorm.append(to: output)
                cursorVisible = true
            }
        } else if cursorVisible != false, let civis = capabilities.cursorInvisible {
            civis.append(to: output)
            cursorVisible = false
        }
        return target
    }

    /// A line feed (`ind`, else LF): one row down, scrolling the terminal on its bottom row.
    func lineFeed() {
        if let ind = capabilities.scrollForward { ind.append(to: output) } else { output.append(0x0A) }
    }

    /// The cursor `rows` rows up, relative (`cuu`, else `cuu1` repeated).
    func moveUp(_ rows: Int) {
        if let cuu = capabilities.cursorUp {
            cuu.append(to: output, rows)
        } else if let cuu1 = capabilities.cursorUpOne {
            for _ in 0..<rows { cuu1.append(to: output) }
        }
    }

    // MARK: - Scrolls and shifts

    /// Sends `scroll` (the planner's model follows with `apply`). With a scroll region its
    /// region stays the terminal's scroll region and the cursor stays at the start of the row
    /// the scroll worked on; by lines, the cursor stays at the start of the row lines were
    /// inserted on.
    func perform(_ scroll: FramePlanner.Scroll) {
        let lines = abs(scroll.dy), up = scroll.dy < 0, region = scroll.region
        switch scroll.method {
        case .scrollRegion(let command):
            setScrollRegion(region)
            // `ind` works on the region's bottom row, `ri` on its top one.
            move(to: 0, up ? region.upperBound - 1 : region.lowerBound)
            setFillStyle(scroll.fillStyle)
            send(command, lines)
        case .deleteAndInsert(let delete, let insert):
            // Deleting first: inserting first would push the rows below the region off the
            // screen's bottom, where the block may end. The rows below the region move up with
            // the deletion and back down with the insertion.
            move(to: 0, up ? region.lowerBound : region.upperBound - lines)
            send(delete, lines)
            move(to: 0, up ? region.upperBound - lines : region.lowerBound)
            setFillStyle(scroll.fillStyle)
            send(insert, lines)
        }
    }

    /// Puts the cursor at (`x`, `y`) as `moveTo` does, with the model's row `y`.
    func move(to x: Int, _ y: Int) {
        let width = size.width
        planner.withModel { moveTo(x, y, row: $0 + y * width) }
    }

    /// Makes the blank lines a scroll opens `style`: with back-colour-erase only the background
    /// paints them, so another style with that background (not reversed) does as well.
    private func setFillStyle(_ style: Style) {
        let painted =
            capabilities.backColorErase
            && currentStyle.map { $0.background == style.background && !$0.attributes.contains(.reverse) } == true
        if !painted { setStyle(style) }
    }

    /// Sends `command` for `lines` lines.
    private func send(_ command: FramePlanner.Command, _ lines: Int) {
        for _ in 0..<command.repeats { command.capability.append(to: output, lines) }
    }

    /// Sends `shift` on row `y`, whose cells in the frame are `newRow`, and makes the model's row
    /// follow; nothing when it would cut a wide glyph after all.
    func perform(_ shift: FramePlanner.Shift, row y: Int, frame newRow: UnsafePointer<Cell>) {
        move(to: shift.column, y)
        let predicted = planner.predictedFill(for: shift, row: newRow, currentStyle: currentStyle)
        if let style = predicted.style { setStyle(style) }
        let fill = shift.inserts ? FramePlanner.unknown : planner.fill(after: currentStyle)
        guard planner.apply(shift, row: y, fill: fill) else { return }
        if shift.inserts {
            if let ich = capabilities.insertCharacters {
                ich.append(to: output, shift.count)
            } else if let ich1 = capabilities.insertCharacter, shift.count <= 4 {
                for _ in 0..<shift.count { ich1.append(to: output) }
            } else if let smir = capabilities.enterInsertMode, let rmir = capabilities.exitInsertMode {
                // Blanks typed in insert mode: they take the current style, as inserted ones.
                smir.append(to: output)
                for _ in 0..<shift.count { output.append(0x20) }
                rmir.append(to: output)
                cursorX += shift.count
            }
        } else if let dch = capabilities.deleteCharacters {
            dch.append(to: output, shift.count)
        } else if let dch1 = capabilities.deleteCharacter {
            for _ in 0..<shift.count { dch1.append(to: output) }
        }
    }

    /// Makes `region` the terminal's scroll region unless it is already (`csr`; the cursor's
    /// place is unknown after). Without `csr` the region is always the whole screen.
    func setScrollRegion(_ region: Range<Int>) {
        guard region != scrollRegion else { return }
        // Inline, the terminal's region stays the whole screen (see `InlineBlock`).
        if inline == nil, let csr = capabilities.changeScrollRegion {
            closeLink()
            csr.append(to: output, region.lowerBound, region.upperBound - 1)
            forgetCursor()
        }
        scrollRegion = region
    }

    /// Whether a line feed on row `y` (an automatic wrap after its last column) scrolls: on the
    /// screen's last row, and on the scroll region's bottom row.
    @inline(__always)
    func wrapScrolls(on y: Int) -> Bool {
        y == size.height - 1 || y == (scrollRegion?.upperBound ?? size.height) - 1
    }

    /// Whether a relative vertical move (`cuu`, `cud`) from row `from` reaches row `to`:
    /// terminals stop one that starts inside the scroll region at its margin.
    @inline(__always)
    private func relativeMoveReaches(from: Int, to: Int) -> Bool {
        guard let region = scrollRegion else { return false }
        return to > from
            ? from >= region.upperBound || to < region.upperBound
            : from < region.lowerBound || to >= region.lowerBound
    }

    // MARK: - Cursor and style

    /// Makes `link` the open one (nil: none), sending OSC 8 only when it changes and only with
    /// `hyperlinks`. The URL is already printable ASCII (`Hyperlink`); every byte is checked
    /// again, so nothing but U+0021–U+007E can ever sit between the sequence's ends.
    @inline(__always)
    func setLink(_ link: Hyperlink?) {
        guard hyperlinks, link != currentLink else { return }
        output.append(Self.linkPrefix)
        if let link {
            var url = link.url
            url.withUTF8 { bytes in
                for byte in bytes where byte > 0x20 && byte < 0x7F { output.append(byte) }
            }
        }
        output.append(Self.stringTerminator)
        currentLink = link
    }

    /// Closes the open link, if any (before a move, an erase and at a row's end).
    @inline(__always)
    func closeLink() {
        if currentLink != nil { setLink(nil) }
    }

    /// Makes `style` current, sending it only when it is not already.
    @inline(__always)
    func setStyle(_ style: Style) {
        guard currentStyle != style else { return }
        styles.emit(style, into: output)
        currentStyle = style
    }

    /// Every attribute and colour off, on the terminal and in ncurses' idea of it.
    func resetStyle() {
        styles.emit(.plain, into: output)
        capabilities.exitAttributeMode?.append(to: output)
        currentStyle = .plain
    }

    /// After `columns` columns were written at the cursor: it moves on, and is forgotten where
    /// the terminal may have wrapped.
    @inline(__always)
    func advanceCursor(by columns: Int) {
        guard cursorX >= 0 else { return }
        cursorX += columns
        // At the last column the terminal waits to wrap (or wrapped): place it again.
        guard cursorX >= size.width else { return }
        if inline != nil && !(wraps && !capabilities.eatsNewlineGlitch) {
            // Margins held off, or the wrap waits (`xenl`): the cursor is still on this row.
            forgetColumn(onRow: cursorY)
        } else {
            // Without `xenl` terminfo says the cursor went on to the next row, but most
            // terminals wait all the same (tmux with TERM=ansi does): the row is not known
            // either, and inline the next move is `cup` from the block's top.
            forgetCursor()
        }
    }

    /// After a write that leaves the cursor's column unknown on row `y` (a cluster terminals
    /// draw otherwise, automatic margins switched back on): inline the row stays known, since
    /// every move there is relative to it; full screen the whole position is forgotten.
    @inline(__always)
    func forgetColumn(onRow y: Int) {
        if inline != nil {
            cursorX = -1
            cursorY = y
        } else {
            forgetCursor()
        }
    }

    /// Forgets where the cursor is.
    @inline(__always)
    func forgetCursor() {
        cursorX = -1
        cursorY = -1
    }

    /// Puts the cursor at (`x`, `y`) the cheapest way: `cup`, or from where it is a vertical
    /// move (`vpa`, `cud`, `cuu`, `cuu1`) and a horizontal one (`hpa`, `cuf`, `cub`, `cub1`, `cr`,
    /// or writing a few unchanged cells again), whichever is shortest; `row` is the model's row
    /// `y`. Inline, never `cup` or `vpa`: the vertical move is relative to the cursor's row,
    /// which is always known there, and up only from where the frame started (`InlineBlock`).
    func moveTo(_ x: Int, _ y: Int, row: UnsafePointer<Cell>) {
        if cursorX == x && cursorY == y { return }
        // A link open across a move would cover whatever the terminal writes next.
        closeLink()
        if y < cursorY, let inline, inline.anchor != nil {
            // Inline, up only from where the frame started (see `InlineBlock`).
            inline.returnToAnchor(on: self)
            if cursorX == x && cursorY == y { return }
        }
        if !capabilities.movesInStandoutMode, let style = currentStyle, style != .plain {
            // Moving with attributes on garbles some terminals.
            setStyle(.plain)
        }
        defer {
            cursorX = x
            cursorY = y
        }
        let capabilities = self.capabilities
        let isInline = inline != nil
        let cupLength = isInline ? Int.max : capabilities.cursorAddress?.length(y, x) ?? Int.max
        guard cursorY >= 0 && (cursorX >= 0 || isInline) else {
            address(x, y)
            return
        }
        // Vertical part: keeps the column.
        var vertical: (TerminalCapability, Int, Int)?  // capability, parameter, length
        if y != cursorY {
            let relative = relativeMoveReaches(from: cursorY, to: y)
            let candidates: [(TerminalCapability?, Int)] = [
                (isInline ? nil : capabilities.rowAddress, y),
                (relative ? (y > cursorY ? capabilities.cursorDown : capabilities.cursorUp) : nil, abs(y - cursorY)),
                (relative && y == cursorY - 1 ? capabilities.cursorUpOne : nil, 0)
            ]
            for case let (capability?, parameter) in candidates {
                let length = capability.length(parameter)
                if length < vertical?.2 ?? Int.max { vertical = (capability, parameter, length) }
            }
            guard let vertical, vertical.2 < cupLength else {
                address(x, y)
                return
            }
        }
        // Horizontal part, from the cursor's column (inline it may be unknown).
        let verticalLength = vertical?.2 ?? 0
        let horizontal = horizontalMove(
            from: cursorX >= 0 ? cursorX : nil, to: x, sameRow: vertical == nil, row: row)
        // Or one row down with `cud1` where it cannot scroll: output processing may turn a line
        // feed into a carriage return and a line feed, so only a move that does not start from
        // the cursor's column may follow.
        // Not inline: on a terminal shorter than the frame thinks (see `InlineBlock`) a line
        // feed scrolls, where `cud` stops.
        if y == cursorY + 1, !isInline, let cud1 = capabilities.cursorDownOne, let region = scrollRegion,
            cursorY != region.upperBound - 1
        {
            let fromStart = horizontalMove(from: nil, to: x, sameRow: false, row: row)
            let relative = horizontal.length == Int.max ? Int.max : verticalLength + horizontal.length
            if fromStart.length < Int.max, cud1.length() + fromStart.length < min(cupLength, relative) {
                cud1.append(to: output)
                send(fromStart.move, from: 0, to: x, row: row)
                return
            }
        }
        guard horizontal.length < cupLength - verticalLength else {
            address(x, y)
            return
        }
        if let (capability, parameter, _) = vertical { capability.append(to: output, parameter) }
        send(horizontal.move, from: cursorX, to: x, row: row)
    }

    /// `cup` to (`x`, `y`); inline only when no relative move can get there (a terminal without
    /// `cuu` and `cud`), at the block's row on the terminal.
    private func address(_ x: Int, _ y: Int) {
        capabilities.cursorAddress?.append(to: output, inline.map { $0.top + y } ?? y, x)
    }

    /// A way along the cursor's row.
    private enum HorizontalMove {
        case stay
        case columnAddress
        case forward
        case backward
        case left(count: Int)
        case rewrite
        case carriageReturn
        case carriageReturnForward
        case carriageReturnRewrite
    }

    /// The cheapest way along a row from column `from` (nil: unknown, so only moves that do not
    /// start from it) to `to`, with its length. `row` holds the cells of the row the cursor goes
    /// to; writing the cells between `from` and `to` again is an option only when it is the
    /// cursor's own row (`sameRow`), writing those before `to` after a carriage return on any
    /// row.
    private func horizontalMove(from known: Int?, to: Int, sameRow: Bool, row: UnsafePointer<Cell>) -> (
        move: HorizontalMove, length: Int
    ) {
        let from = known ?? -1
        if from == to { return (.stay, 0) }
        let capabilities = self.capabilities
        var best: (move: HorizontalMove, length: Int) = (.stay, Int.max)
        func consider(_ move: HorizontalMove, _ length: Int) {
            if length < best.length { best = (move, length) }
        }
        if let hpa = capabilities.columnAddress { consider(.columnAddress, hpa.length(to)) }
        if known == nil {
            // Absolute moves only (below).
        } else if to > from {
            let gap = to - from
            if let cuf = capabilities.cursorForward { consider(.forward, cuf.length(gap)) }
            if sameRow && gap <= 4, let style = currentStyle, canRewrite(row, from: from, to: to, style: style) {
                consider(.rewrite, gap)
            }
        } else {
            let gap = from - to
            if let cub = capabilities.cursorBackward { consider(.backward, cub.length(gap)) }
            if let cub1 = capabilities.cursorLeft, gap <= 4 { consider(.left(count: gap), cub1.length() * gap) }
        }
        if let cr = capabilities.carriageReturn {
            if to == 0 {
                consider(.carriageReturn, cr.length())
            } else {
                if let cuf = capabilities.cursorForward {
                    consider(.carriageReturnForward, cr.length() + cuf.length(to))
                }
                if to <= 4, let style = currentStyle, canRewrite(row, from: 0, to: to, style: style) {
                    consider(.carriageReturnRewrite, cr.length() + to)
                }
            }
        }
        return best
    }

    /// Sends `move` from column `from` to `to` along the row whose cells are `row`.
    private func send(_ move: HorizontalMove, from: Int, to: Int, row: UnsafePointer<Cell>) {
        let capabilities = self.capabilities
        switch move {
        case .stay: break
        case .columnAddress: capabilities.columnAddress?.append(to: output, to)
        case .forward: capabilities.cursorForward?.append(to: output, to - from)
        case .backward: capabilities.cursorBackward?.append(to: output, from - to)
        case .left(let count): for _ in 0..<count { capabilities.cursorLeft?.append(to: output) }
        case .rewrite: for column in from..<to { output.append(row[column].withGraphemeUTF8 { $0[0] }) }
        case .carriageReturn: capabilities.carriageReturn?.append(to: output)
        case .carriageReturnForward:
            capabilities.carriageReturn?.append(to: output)
            capabilities.cursorForward?.append(to: output, to)
        case .carriageReturnRewrite:
            capabilities.carriageReturn?.append(to: output)
            for column in 0..<to { output.append(row[column].withGraphemeUTF8 { $0[0] }) }
        }
    }

    /// True when the cells in `from..<to` are single ASCII characters in `style` (and no link,
    /// when links are sent: the move closed it), so writing them again moves the cursor over
    /// them unchanged.
    private func canRewrite(_ row: UnsafePointer<Cell>, from: Int, to: Int, style: Style) -> Bool {
        for column in from..<to {
            let cell = row[column]
            guard cell.width == 1, cell.style == style, !hyperlinks || cell.link == nil,
                cell.withGraphemeUTF8({ $0.count == 1 && $0[0] >= 0x20 && $0[0] < 0x7F })
            else { return false }
        }
        return true
    }
}
