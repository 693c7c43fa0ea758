import Shoji

/// Turns each frame into the bytes that change the terminal's picture into it: Shoji's own diff
/// writer, with every escape sequence taken from the terminal's capability table (plain values
/// read from terminfo when the session started; see DECISIONS.md, Output and Terminal).
///
/// It keeps a model of what the terminal shows (`model`, one cell per column and row) and, per
/// frame:
/// 1. scrolls rows that a `SurfaceMove` says moved up or down, with a scroll region (`csr` when
///    the region is not the one already set, then `ind`/`indn` or `ri`/`rin`), and shifts rows one
///    says moved sideways, with insert- or delete-character at the move's edge, each when it
///    costs fewer bytes than writing the cells (both are checked against the cells, so a wrong
///    hint costs bytes, never the picture; what a scroll moved beside a narrower view is
///    written back);
/// 2. writes every cell that still differs, left to right, with the fewest cursor moves and
///    style changes it finds; runs of blanks are erased (`el`, `ech`) where the terminal paints
///    the right background;
/// 3. puts the terminal's cursor where the frame asks and shows it (`cnorm`), or hides it
///    (`civis`), switching visibility only when it changes;
/// 4. wraps the frame in begin/end synchronized update when the terminal said it has them.
///
/// Width safety: a wide grapheme is written whole; a cell that would cut a wide glyph on the
/// terminal rewrites its other half; after a cluster of several scalars (which terminals draw
/// in different widths) the cursor is placed again, what an over-wide glyph may have covered is
/// written again, and a glyph a terminal may draw narrower is written over blanks. The last
/// cell of the screen is written with automatic margins off (or relying on `xenl`), so the
/// screen never scrolls.
///
/// The scroll region stays set between frames (the next scroll of the same rows needs no
/// `csr`), so what could scroll it is kept from doing so: the last cell of the region's bottom
/// row relies on `xenl` (every terminal with `csr` Shoji knows has it; without it, or for a
/// cluster terminals may draw wider, the whole screen becomes the region first), and the
/// cursor never moves up or down across a margin with a relative move (terminals stop
/// `cuu`/`cud` there). `homeCursor()` sets the whole screen back
/// before anyone else writes, and a new size or a forgotten state sets it at the next frame.
///
/// Inline (`startInlineBlock`): frames go to a block of rows below the shell prompt in the normal
/// screen, and every row is reached by a move relative to the cursor (`cr`, `hpa`, `cuu`, `cud`,
/// `cud1`), never by `vpa` or a scroll region (scrolls are left to the rows), so that a frame
/// written just after the terminal moved its lines still lands in the block, never on the lines
/// above it. tmux resizes and reflows a pane up to a quarter of a second before the app hears
/// of it, and a 60 Hz animation does not wait: its moves down then stop at the bottom row, and
/// rows now too long wrap onto the next line, both of which only take the cursor further down.
/// So each frame starts by saving the cursor's place (`sc`, where the last one left it), goes
/// up only by going back there (`rc`) and then at most that many rows up, and ends there
/// before the cursor goes where the frame wants it: no frame writes above the block's first
/// line or ends elsewhere than the last one did, relative to the block's rows. It holds
/// automatic margins off (`rmam` … `smam`) and moves down with `cud`, never a line feed, so
/// that it cannot scroll the terminal either (a scroll would carry the saved place's line up
/// and leave the old frames' rows in the scrollback, between the shell's lines and the
/// block). A frame that
/// hides the cursor leaves it on the block's top-left cell, where a resize finds it
/// (`restartInlineBlock`). `cup` (at `inlineTop` plus the row) is the last resort where the row
/// is lost: a terminal without `cuu` and `cud`, or the last column written on one whose
/// terminfo says it wraps at once (no `xenl`) and that cannot switch automatic margins off
/// (`ansi`), since terminals that claim it mostly wait all the same.
///
/// Not thread-safe: one owner (the screen). The frame's bytes are left in `output` for the
/// caller to send.
package final class FrameWriter {
    /// The terminal's capabilities, as given at `init`.
    package let capabilities: TerminalCapabilities
    /// The bytes of the last frame (empty when nothing changed).
    package let output = ByteBuffer()
    /// Wrap frames in DEC private mode 2026 (synchronized update).
    package var synchronizedUpdates = false
    /// How many cells the last frame wrote or erased.
    package private(set) var writtenCells = 0
    /// How many rows the last frame shifted with insert- or delete-character.
    package private(set) var shiftedRows = 0
    /// How many lines the last frame scrolled with a scroll region (each scroll's distance).
    package private(set) var scrolledLines = 0
    /// Where the last frame left the cursor shown, nil when it is hidden.
    package private(set) var cursor: Point?
    /// True once `startInlineBlock` was called: frames go to an inline block, addressed
    /// relative to the cursor.
    package private(set) var isInline = false
    /// The inline block's top row on the terminal (0-based): exact when it was placed from a
    /// cursor position the terminal reported or from the bottom row; after a resize that
    /// reflowed the rows while the frame showed its cursor below the block's first row, the
    /// block's first line may start higher (see `restartInlineBlock`). 0 in full screen.
    package private(set) var inlineTop = 0

    /// Sends styles, and says whether erasing (`el`, `ech`) paints a blank of a style exactly.
    private let styles: StyleWriter
    /// How many columns the C library's `wcwidth` gives a scalar (-1: not printable), what
    /// terminals that measure as the C library does would advance by.
    private let scalarWidth: (UInt32) -> Int

    private var size = Size(width: 0, height: 0)
    /// What the terminal shows, row by row; `unknown` where it cannot be told.
    private var model: UnsafeMutablePointer<Cell>
    private var modelCapacity = 0
    /// One row of scratch space, for trying shifts.
    private var scratch: UnsafeMutablePointer<Cell>
    private var scratchCapacity = 0
    private var modelValid = false
    /// Rows where a cluster terminals may draw otherwise was written (see `holdsUnsureCluster`),
    /// so only those are scanned before a shift.
    private var rowsWithUnsureClusters: [Bool] = []
    /// The cursor's position, -1 when unknown (after a wrap, or a cluster terminals disagree on).
    private var cursorX = -1, cursorY = -1
    /// The style the terminal has now; nil when unknown.
    private var currentStyle: Style?
    /// Whether the terminal shows its cursor; nil when unknown. Hidden at first: the screen
    /// hides it when it takes the terminal.
    private var cursorVisible: Bool? = false
    /// The terminal's scroll region (rows); nil when unknown (at the start, after a new size or
    /// `forgetTerminalState()`), which the next frame settles by setting the whole screen.
    private var scrollRegion: Range<Int>?
    /// Inline, during a frame: where its `sc` saved the cursor (block coordinates) and the style
    /// that was current then (`rc` brings both back); nil outside a frame or without `sc`/`rc`.
    private var anchor: (x: Int, y: Int, style: Style?)?
    /// Inline, during a frame: automatic margins are off (`rmam` at its start, `smam` at its end).
    private var marginsHeldOff = false

    /// Whether writing the last column wraps (or waits to wrap) now: the terminal has automatic
    /// margins and no inline frame holds them off.
    private var wraps: Bool { capabilities.automaticMargins && !marginsHeldOff }

    /// A cell no surface holds (a NUL grapheme with an attribute bit no style uses): what the
    /// model says where the terminal's content is unknown, so it never matches a frame.
    package static let unknown = Cell(
        grapheme: "\u{0}", width: 1, style: Style(attributes: TextAttributes(rawValue: 0x80)))

    private static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
    private static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    /// Scalars of one cluster sent at most (the longest emoji sequences have 10).
    private static let maximumScalars = 16

    /// A writer for the terminal `capabilities` describe, sending styles through `styles`;
    /// `scalarWidth` is the C library's `wcwidth` (or what stands in for it).
    package init(
        capabilities: TerminalCapabilities, styles: StyleWriter, scalarWidth: @escaping (UInt32) -> Int
    ) {
        self.capabilities = capabilities
        self.styles = styles
        self.scalarWidth = scalarWidth
        model = .allocate(capacity: 1)
        scratch = .allocate(capacity: 1)
    }

    deinit {
        model.deallocate()
        scratch.deallocate()
    }

    /// True when the next frame of `size` clears the screen and draws every cell.
    package func isRepaintPending(for size: Size) -> Bool {
        !modelValid || size != self.size
    }

    /// Forgets what the terminal shows: the next frame clears the screen, draws every cell and
    /// switches the cursor's visibility whatever it was.
    package func invalidate() {
        modelValid = false
        cursorVisible = nil
    }

    /// Forgets where the cursor is, whether it shows and which style is on (after someone else
    /// wrote to the terminal, such as ncurses re-entering full-screen mode).
    package func forgetTerminalState() {
        cursorX = -1
        cursorY = -1
        currentStyle = nil
        cursorVisible = nil
        scrollRegion = nil
    }

    /// Writes into `output` what turns the terminal into `frame` (`size.width * size.height`
    /// cells) with the cursor shown at `cursor` (hidden for nil or a cell off the screen);
    /// `moves` are the window's hints of what moved.
    package func render(
        _ frame: UnsafeBufferPointer<Cell>, size newSize: Size, moves: [SurfaceMove], cursor wanted: Point?
    ) {
        precondition(frame.count == newSize.width * newSize.height)
        output.removeAll()
        writtenCells = 0
        shiftedRows = 0
        scrolledLines = 0
        if newSize != size {
            size = newSize
            reserveModel()
            modelValid = false
            // Terminals set the whole screen as the region when they resize; not all do.
            scrollRegion = nil
        }
        guard size.width > 0, size.height > 0, let new = frame.baseAddress else {
            cursor = nil
            return
        }
        if synchronizedUpdates { output.append(Self.beginSynchronizedUpdate) }
        if isInline { setAnchor() }
        defer { anchor = nil }
        if isInline, capabilities.automaticMargins, let rmam = capabilities.exitAutomaticMargins,
            capabilities.enterAutomaticMargins != nil
        {
            // A row too long for a terminal narrower than the frame thinks piles up in the
            // last column instead of wrapping (and scrolling, on the bottom row).
            rmam.append(to: output)
            marginsHeldOff = true
        }
        let start = output.count
        if scrollRegion == nil { setScrollRegion(0..<size.height) }
        var shifting = false
        if !modelValid {
            if isInline { clearBlock() } else { clearScreen() }
        } else if !moves.isEmpty {
            // Inline, a scroll region would be set in absolute rows: rows are written instead.
            if !isInline { scroll(new: new, moves: moves) }
            shifting = canShift
        }
        let width = size.width
        for y in 0..<size.height {
            // Each row is shifted, then written: the cursor is where the new cells go.
            if shifting { shiftRow(y, new: new + y * width, moves: moves) }
            writeRow(y, new: new + y * width, model: model + y * width)
        }
        if output.count > start { returnToAnchor() }
        placeCursor(at: wanted)
        let wroteSomething = output.count > start
        if marginsHeldOff {
            marginsHeldOff = false
            capabilities.enterAutomaticMargins?.append(to: output)
        }
        guard wroteSomething else {
            output.removeAll()
            return
        }
        if synchronizedUpdates { output.append(Self.endSynchronizedUpdate) }
    }

    /// Leaves in `output` every attribute and colour off and a move to the top-left cell, and
    /// forgets the cursor and style: what a terminal library that takes the terminal next
    /// (ncurses' `endwin`) believes, since frames never told it otherwise.
    package func homeCursor() {
        output.removeAll()
        setStyle(.plain)
        if size.height > 0 { setScrollRegion(0..<size.height) }
        capabilities.cursorAddress?.append(to: output, 0, 0)
        forgetTerminalState()
    }

    /// Renders the model again from a cleared screen (after the terminal was handed back and
    /// taken again).
    package func repaint() {
        guard size.width > 0, size.height > 0 else { return }
        let count = size.width * size.height
        let copy = UnsafeMutableBufferPointer<Cell>.allocate(capacity: count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: UnsafeBufferPointer(start: model, count: count))
        modelValid = false
        render(UnsafeBufferPointer(copy), size: size, moves: [], cursor: cursor)
    }

    /// Ends a frame with the cursor at `wanted`, shown, or hidden when `wanted` is nil or off
    /// the screen; visibility is sent only when it changes (or is unknown). Inline, a hidden
    /// cursor waits on the block's top-left cell.
    private func placeCursor(at wanted: Point?) {
        let target = wanted.flatMap { (0..<size.width).contains($0.x) && (0..<size.height).contains($0.y) ? $0 : nil }
        if target == nil && isInline { moveTo(0, 0, row: model) }
        if let target {
            moveTo(target.x, target.y, row: model + target.y * size.width)
            if cursorVisible != true, let cnorm = capabilities.cursorNormal {
                cnorm.append(to: output)
                cursorVisible = true
            }
        } else if cursorVisible != false, let civis = capabilities.cursorInvisible {
            civis.append(to: output)
            cursorVisible = false
        }
        cursor = target
    }

    private func reserveModel() {
        let count = size.width * size.height
        if count > modelCapacity {
            model.deallocate()
            model = .allocate(capacity: count)
            modelCapacity = count
        }
        if size.width > scratchCapacity {
            scratch.deallocate()
            scratch = .allocate(capacity: size.width)
            scratchCapacity = size.width
        }
        model.initialize(repeating: Self.unknown, count: count)
        rowsWithUnsureClusters = Array(repeating: false, count: size.height)
    }

    // MARK: - Whole screen

    private func clearScreen() {
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
        model.update(repeating: Cell.blank(), count: size.width * size.height)
        for y in rowsWithUnsureClusters.indices { rowsWithUnsureClusters[y] = false }
        modelValid = true
    }

    // MARK: - Inline block

    /// Makes frames go to an inline block `size.width` wide and `size.height` rows high (at
    /// most `terminalRows`) that starts on the line of the terminal's cursor, `cursor` as the
    /// terminal reported it (0-based row and column; nil when it did not), and leaves in `output`
    /// what makes room for it. The lines above are never written: the whole screen becomes the
    /// scroll region (`sc`, `csr`, `rc`: the cursor stays), a cursor that is not at the start of
    /// its line moves to the next one, and line feeds scroll the terminal until the block fits
    /// below, then the cursor goes back up (`cuu`) to the block's top row, which is cleared to
    /// the end of the screen (`ed`). With no cursor position the cursor goes down to the
    /// terminal's last row first, so the block ends there (its top row is still known). The
    /// cursor is hidden meanwhile (`civis`). The next frame draws every cell that is not blank.
    package func startInlineBlock(size blockSize: Size, terminalRows: Int, cursor: (row: Int, column: Int)?) {
        output.removeAll()
        // The shell's cursor shows: hidden while the block is made (frames show it again).
        if let civis = capabilities.cursorInvisible {
            civis.append(to: output)
            cursorVisible = false
        } else {
            cursorVisible = nil
        }
        placeInlineBlock(size: blockSize, terminalRows: terminalRows, cursor: cursor)
    }

    /// After the terminal changed size (or the app resumed): the cursor goes back from where
    /// the last frame left it to the first column of the block's first row (`cr`, `cuu`), which
    /// is then where a new block of `size` starts, as `startInlineBlock` does; `cursorRow` is the
    /// cursor's row as the terminal reports it now (before those moves), nil when it did not.
    ///
    /// The terminal may have reflowed the block's rows: a frame that hid the cursor left it on
    /// the block's top-left cell, whose line the terminal keeps the cursor on, so the new block
    /// starts exactly there. A frame that showed it lower down (a text field) leaves the new
    /// block's top at most as high as the old one's: rows the reflow added above the cursor
    /// stay above the new block, never the other way round.
    package func restartInlineBlock(size blockSize: Size, terminalRows: Int, cursorRow: Int?) {
        output.removeAll()
        let row = max(0, cursorY)
        if let cr = capabilities.carriageReturn { cr.append(to: output) }
        if row > 0 { moveUp(row) }
        placeInlineBlock(
            size: blockSize, terminalRows: terminalRows, cursor: cursorRow.map { (max(0, $0 - row), 0) })
    }

    /// Leaves in `output` what hands the terminal back under an inline block: every attribute
    /// and colour off, the cursor shown on the first column of the line below the block (a line
    /// feed on its last row, which scrolls the terminal when the block ends on the bottom row),
    /// so what the shell writes next goes below the last frame. The next frame needs a
    /// `startInlineBlock` first.
    package func leaveInlineBlock() {
        output.removeAll()
        guard isInline else { return }
        resetStyle()
        if cursorY >= 0 && size.height > 0 {
            moveTo(0, size.height - 1, row: model + (size.height - 1) * size.width)
        } else {
            capabilities.carriageReturn?.append(to: output)
        }
        lineFeed()
        if cursorVisible != true { capabilities.cursorNormal?.append(to: output) }
        forgetTerminalState()
    }

    private func placeInlineBlock(size blockSize: Size, terminalRows: Int, cursor: (row: Int, column: Int)?) {
        isInline = true
        let terminalRows = max(1, terminalRows)
        let rows = max(1, min(blockSize.height, terminalRows))
        // Erasing must paint the terminal's own background.
        resetStyle()
        if let sc = capabilities.saveCursor, let rc = capabilities.restoreCursor,
            let csr = capabilities.changeScrollRegion
        {
            // A scroll region left by another program would keep the line feeds below from
            // scrolling the screen.
            sc.append(to: output)
            csr.append(to: output, 0, terminalRows - 1)
            rc.append(to: output)
        }
        var start: Int?
        if let cursor {
            start = min(max(0, cursor.row), terminalRows - 1)
            if cursor.column > 0 {
                // The rest of that line belongs to whatever wrote it: start on the next one.
                capabilities.carriageReturn?.append(to: output)
                lineFeed()
                start = min(start! + 1, terminalRows - 1)
            }
        }
        capabilities.carriageReturn?.append(to: output)
        for _ in 0..<(start == nil ? terminalRows - 1 : rows - 1) { lineFeed() }
        if rows > 1 { moveUp(rows - 1) }
        inlineTop = min(start ?? terminalRows, terminalRows - rows)
        size = Size(width: max(0, blockSize.width), height: rows)
        reserveModel()
        scrollRegion = 0..<rows
        cursorX = 0
        cursorY = 0
        if eraseFromBlockTop() { model.update(repeating: Cell.blank(), count: size.width * size.height) }
        // Parked on the block's top-left cell, as after a frame.
        if cursorX != 0, let cr = capabilities.carriageReturn {
            cr.append(to: output)
            cursorX = 0
        }
        // Without `ed` the model stays unknown: the next frame writes every cell.
        modelValid = true
    }

    /// With the cursor on the block's top-left cell: erases the block and everything below it
    /// (false without `ed`). Not `ed` from that cell alone: when the screen is erased from its
    /// top-left cell, which the block's first can be, tmux copies the whole screen into its
    /// scrollback first (its `scroll-on-clear` option, on by default), so an old frame would
    /// show there twice. `el` there, then `ed` from the next column.
    private func eraseFromBlockTop() -> Bool {
        guard let ed = capabilities.clearToEndOfScreen else { return false }
        if size.width > 1, let el = capabilities.clearToEndOfLine, let cuf = capabilities.cursorForward {
            el.append(to: output)
            cuf.append(to: output, 1)
            cursorX = 1
        }
        ed.append(to: output)
        return true
    }

    /// Clears the inline block (for a frame after `invalidate()`): from its top-left cell to the
    /// end of the screen (`eraseFromBlockTop`), or row by row (`el`); with neither, every cell
    /// is written.
    private func clearBlock() {
        resetStyle()
        moveTo(0, 0, row: model)
        let count = size.width * size.height
        if eraseFromBlockTop() {
            model.update(repeating: Cell.blank(), count: count)
        } else if let el = capabilities.clearToEndOfLine {
            for y in 0..<size.height {
                moveTo(0, y, row: model + y * size.width)
                el.append(to: output)
            }
            model.update(repeating: Cell.blank(), count: count)
        } else {
            model.update(repeating: Self.unknown, count: count)
        }
        for y in rowsWithUnsureClusters.indices { rowsWithUnsureClusters[y] = false }
        modelValid = true
    }

    /// Inline, at the start of a frame: saves the cursor's place (`sc`) when it is known and the
    /// terminal can go back to it (`rc`), so the frame's moves up start from there.
    private func setAnchor() {
        guard cursorX >= 0, cursorY >= 0, let sc = capabilities.saveCursor, capabilities.restoreCursor != nil
        else { return }
        sc.append(to: output)
        anchor = (cursorX, cursorY, currentStyle)
    }

    /// Inline, during a frame: back to where it started (`rc`), with the style of then. A frame
    /// ends so (before the cursor goes where the frame wants it), so that a row that wrapped
    /// on a terminal now narrower than the frame does not take the next frame's start down.
    private func returnToAnchor() {
        guard let anchor, let rc = capabilities.restoreCursor else { return }
        rc.append(to: output)
        cursorX = anchor.x
        cursorY = anchor.y
        currentStyle = anchor.style
    }

    /// A line feed (`ind`, else LF): one row down, scrolling the terminal on its bottom row.
    private func lineFeed() {
        if let ind = capabilities.scrollForward { ind.append(to: output) } else { output.append(0x0A) }
    }

    /// The cursor `rows` rows up, relative (`cuu`, else `cuu1` repeated).
    private func moveUp(_ rows: Int) {
        if let cuu = capabilities.cursorUp {
            cuu.append(to: output, rows)
        } else if let cuu1 = capabilities.cursorUpOne {
            for _ in 0..<rows { cuu1.append(to: output) }
        }
    }

    /// Every attribute and colour off, on the terminal and in ncurses' idea of it.
    private func resetStyle() {
        styles.emit(.plain, into: output)
        capabilities.exitAttributeMode?.append(to: output)
        currentStyle = .plain
    }

    // MARK: - Scrolls

    /// Scrolls parts of the terminal's screen where a move says content moved up or down and
    /// the byte estimate says it pays; the model follows, so the rows are then written as usual.
    private func scroll(new: UnsafePointer<Cell>, moves: [SurfaceMove]) {
        let height = size.height
        for move in moves where move.dy != 0 && move.dx == 0 {
            let top = max(0, move.rows.lowerBound), bottom = min(height, move.rows.upperBound)
            guard top < bottom else { continue }
            // Content scrolled inside its area stays in it; a view that moved takes its rows
            // and those it moved over.
            let candidates = [
                top..<bottom,
                max(0, min(top, top + move.dy))..<min(height, max(bottom, bottom + move.dy))
            ]
            var best: (region: Range<Int>, saving: Int)?
            for region in candidates where abs(move.dy) < region.count && region != best?.region {
                guard let saving = scrollSaving(region, by: move.dy, new: new), saving > best?.saving ?? 0 else {
                    continue
                }
                best = (region, saving)
            }
            if let best { performScroll(best.region, by: move.dy, new: new) }
        }
    }

    /// The command that scrolls the region `lines` lines up (content moves up) or down, with how
    /// many times it is sent.
    private func scrollCommand(lines: Int, up: Bool) -> (capability: TerminalCapability, repeats: Int)? {
        let one = up ? capabilities.scrollForward : capabilities.scrollReverse
        let many = up ? capabilities.scrollForwardLines : capabilities.scrollReverseLines
        if let many, one == nil || many.length(lines) < one!.length() * lines { return (many, 1) }
        if let one { return (one, lines) }
        return nil
    }

    /// The blank a scroll opens lines with and the style to make current first (see
    /// `predictedFill(for:new:)`): with back-colour-erase the background of the frame's first
    /// opened cell, else the plain blank.
    private func scrollFill(opening row: UnsafePointer<Cell>) -> (cell: Cell, style: Style) {
        if capabilities.backColorErase {
            let edge = row[0]
            if edge.width == 1, edge.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }) {
                let style = Style(background: edge.style.background)
                if styles.erasePaints(style) { return (Cell.blank(style), style) }
            }
        }
        return (styles.erasePaints(.plain) ? Cell.blank(.plain) : Self.unknown, .plain)
    }

    /// The row of `new` the scroll opens first (its top opened line when content moves up, else
    /// the region's first).
    private func firstOpenedRow(_ region: Range<Int>, by dy: Int, new: UnsafePointer<Cell>) -> UnsafePointer<Cell> {
        new + (dy < 0 ? region.upperBound + dy : region.lowerBound) * size.width
    }

    /// Estimated bytes saved by scrolling `region` by `dy` rows and writing what still differs
    /// instead of writing the rows as they are; nil when the terminal cannot scroll so.
    private func scrollSaving(_ region: Range<Int>, by dy: Int, new: UnsafePointer<Cell>) -> Int? {
        let width = size.width, lines = abs(dy)
        guard let command = scrollCommand(lines: lines, up: dy < 0), let cup = capabilities.cursorAddress else {
            return nil
        }
        var cost = command.capability.length(lines) * command.repeats + cup.length(region.upperBound - 1, 0) + 4
        if region != scrollRegion {
            guard let csr = capabilities.changeScrollRegion else { return nil }
            cost += csr.length(region.lowerBound, region.upperBound - 1)
        }
        let fill = scrollFill(opening: firstOpenedRow(region, by: dy, new: new)).cell
        scratch.update(repeating: fill, count: width)
        var before = 0
        // A scroll pays by the rows it moves to where they are wanted, not by the blank rows it
        // opens (erasing makes those as cheaply).
        var movesSomethingRight = false
        for y in region {
            let newRow = new + y * width
            let here = mismatchCost(model + y * width, newRow)
            before += here
            let source = y - dy
            let moved = mismatchCost(region.contains(source) ? model + source * width : scratch, newRow)
            if region.contains(source) && moved < here { movesSomethingRight = true }
            cost += moved
            if cost >= before + (region.upperBound - y - 1) * 7 * width { return nil }  // cannot pay
        }
        return movesSomethingRight ? before - cost : nil
    }

    /// Scrolls `region` by `dy` rows on the terminal (and in the model), leaving `region` the
    /// terminal's scroll region and the cursor at the start of the row the scroll worked on.
    private func performScroll(_ region: Range<Int>, by dy: Int, new: UnsafePointer<Cell>) {
        let width = size.width, lines = abs(dy), up = dy < 0
        guard let command = scrollCommand(lines: lines, up: up) else { return }
        setScrollRegion(region)
        // `ind` works on the region's bottom row, `ri` on its top one.
        let row = up ? region.upperBound - 1 : region.lowerBound
        moveTo(0, row, row: model + row * width)
        let fill = scrollFill(opening: firstOpenedRow(region, by: dy, new: new))
        // With back-colour-erase only the background paints the opened lines.
        let painted =
            capabilities.backColorErase
            && currentStyle.map { $0.background == fill.style.background && !$0.attributes.contains(.reverse) } == true
        if !painted { setStyle(fill.style) }
        for _ in 0..<command.repeats { command.capability.append(to: output, lines) }
        // The model follows: rows move whole, with what is unsure about them.
        let kept = region.count - lines
        let from = up ? region.lowerBound + lines : region.lowerBound
        let to = up ? region.lowerBound : region.lowerBound + lines
        (model + to * width).update(from: model + from * width, count: kept * width)  // memmove
        let opened = up ? region.upperBound - lines : region.lowerBound
        (model + opened * width).update(repeating: fill.cell, count: lines * width)
        let unsure = Array(rowsWithUnsureClusters[from..<(from + kept)])
        rowsWithUnsureClusters.replaceSubrange(to..<(to + kept), with: unsure)
        for y in opened..<(opened + lines) { rowsWithUnsureClusters[y] = false }
        scrolledLines += lines
    }

    /// Makes `region` the terminal's scroll region unless it is already (`csr`; the cursor's
    /// place is unknown after). Without `csr` the region is always the whole screen.
    private func setScrollRegion(_ region: Range<Int>) {
        guard region != scrollRegion else { return }
        // Inline, the terminal's region stays the whole screen (see `placeInlineBlock`).
        if !isInline, let csr = capabilities.changeScrollRegion {
            csr.append(to: output, region.lowerBound, region.upperBound - 1)
            forgetCursor()
        }
        scrollRegion = region
    }

    /// Whether a line feed on row `y` (an automatic wrap after its last column) scrolls: on the
    /// screen's last row, and on the scroll region's bottom row.
    @inline(__always)
    private func wrapScrolls(on y: Int) -> Bool {
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

    // MARK: - Shifts

    /// One insert- or delete-character operation on a row.
    private struct Shift {
        var column: Int
        var count: Int
        var inserts: Bool
    }

    private var canInsert: Bool {
        capabilities.insertCharacters != nil || capabilities.insertCharacter != nil
            || (capabilities.enterInsertMode != nil && capabilities.exitInsertMode != nil)
    }

    private var canDelete: Bool {
        capabilities.deleteCharacters != nil || capabilities.deleteCharacter != nil
    }

    private var canShift: Bool { canInsert || canDelete }

    /// Shifts row `y` on the terminal when a move covers it and the cells say it pays.
    private func shiftRow(_ y: Int, new newRow: UnsafePointer<Cell>, moves: [SurfaceMove]) {
        let width = size.width
        let modelRow = model + y * width
        var candidates: [(columns: Range<Int>, offset: Int)] = []
        for move in moves where move.rows.contains(y) && move.dx != 0 && move.dy == 0 {
            let columns = max(0, move.columns.lowerBound)..<min(width, move.columns.upperBound)
            guard !columns.isEmpty else { continue }
            candidates.append((columns, move.dx))
        }
        guard !candidates.isEmpty, !rowsEqual(newRow, modelRow) else { return }
        if rowsWithUnsureClusters[y] {
            guard !holdsUnsureCluster(modelRow) else { return }
            rowsWithUnsureClusters[y] = false
        }
        // Views moving together (a push's two panes) make one run.
        candidates.sort { ($0.offset, $0.columns.lowerBound) < ($1.offset, $1.columns.lowerBound) }
        var merged: [(columns: Range<Int>, offset: Int)] = []
        for candidate in candidates {
            if let last = merged.last, last.offset == candidate.offset,
                candidate.columns.lowerBound <= last.columns.upperBound
            {
                merged[merged.count - 1].columns =
                    last.columns.lowerBound..<max(last.columns.upperBound, candidate.columns.upperBound)
            } else {
                merged.append(candidate)
            }
        }
        let canInsert = self.canInsert, canDelete = self.canDelete
        var best: [Shift] = []
        var bestCost = mismatchCost(modelRow, newRow)
        for candidate in merged {
            for plan in plans(
                for: candidate.columns, offset: candidate.offset, canInsert: canInsert, canDelete: canDelete)
            {
                guard let cost = cost(of: plan, row: modelRow, new: newRow), cost < bestCost else { continue }
                best = plan
                bestCost = cost
            }
        }
        guard !best.isEmpty else { return }
        for shift in best { perform(shift, y: y, row: modelRow, new: newRow) }
        shiftedRows += 1
    }

    /// Whether the terminal's row may hold a cluster in other columns than the model says (one
    /// of several scalars, or a scalar `wcwidth` measures otherwise): the terminal's cells do
    /// not match the model's one for one there, so inserting or deleting characters could cut a
    /// glyph the model does not know of, or bring back one it overwrote. Such rows are written.
    private func holdsUnsureCluster(_ row: UnsafePointer<Cell>) -> Bool {
        for x in 0..<size.width {
            let unsure: Bool = row[x].withGraphemeUTF8 { bytes in
                guard bytes.count > 1 else { return false }
                var leads = 0
                for byte in bytes where byte & 0xC0 != 0x80 { leads += 1 }
                if leads > 1 { return true }
                var iterator = bytes.makeIterator()
                var decoder = UTF8()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return true }
                return scalarWidth(scalar.value) != row[x].width
            }
            if unsure { return true }
        }
        return false
    }

    /// The ways to bring the content of `columns` `offset` columns over: one operation at the
    /// moved content's leading edge, or that and the opposite one at its trailing edge, which
    /// puts back what lies beyond it.
    private func plans(for columns: Range<Int>, offset: Int, canInsert: Bool, canDelete: Bool) -> [[Shift]] {
        let width = size.width
        var result: [[Shift]] = []
        if offset > 0 {
            let d = offset, c = columns.lowerBound
            guard canInsert, c + d < width else { return [] }
            let first = Shift(column: c, count: d, inserts: true)
            result.append([first])
            if canDelete, columns.upperBound + d < width {
                result.append([first, Shift(column: columns.upperBound + d, count: d, inserts: false)])
            }
        } else {
            let d = -offset, c = max(0, columns.lowerBound - d)
            guard canDelete, c + d < width else { return [] }
            let first = Shift(column: c, count: d, inserts: false)
            result.append([first])
            let back = columns.upperBound - d
            if canInsert, columns.upperBound < width, back > c {
                result.append([first, Shift(column: back, count: d, inserts: true)])
            }
        }
        return result
    }

    /// The estimated bytes of `plan` plus the writing it leaves, or nil when it would cut a wide
    /// glyph on the terminal.
    private func cost(of plan: [Shift], row: UnsafePointer<Cell>, new: UnsafePointer<Cell>) -> Int? {
        let width = size.width
        scratch.update(from: row, count: width)
        var bytes = 0
        for shift in plan {
            guard let operation = operationCost(shift),
                apply(shift, to: scratch, fill: predictedFill(for: shift, new: new).cell)
            else { return nil }
            bytes += operation + 5  // a cursor move
        }
        return bytes + mismatchCost(scratch, new)
    }

    /// Estimated bytes to write what differs between `row` and `new`: each differing cell, and
    /// a cursor move per run of them.
    private func mismatchCost(_ row: UnsafePointer<Cell>, _ new: UnsafePointer<Cell>) -> Int {
        var cost = 0
        var inRun = false
        for x in 0..<size.width {
            if row[x] == new[x] {
                inRun = false
            } else {
                cost += inRun ? 1 : 7
                inRun = true
            }
        }
        return cost
    }

    private func operationCost(_ shift: Shift) -> Int? {
        let capabilities = self.capabilities
        if shift.inserts {
            if let ich = capabilities.insertCharacters { return ich.length(shift.count) }
            if let ich1 = capabilities.insertCharacter, shift.count <= 4 { return ich1.length() * shift.count }
            if let smir = capabilities.enterInsertMode, let rmir = capabilities.exitInsertMode {
                return smir.length() + shift.count + rmir.length()
            }
            return nil
        }
        if let dch = capabilities.deleteCharacters { return dch.length(shift.count) }
        if let dch1 = capabilities.deleteCharacter, shift.count <= 4 { return dch1.length() * shift.count }
        return nil
    }

    /// Applies `shift` to a row of cells as the terminal would, with `fill` where it puts
    /// blanks; false (row untouched) when it would cut a wide glyph.
    private func apply(_ shift: Shift, to row: UnsafeMutablePointer<Cell>, fill: Cell) -> Bool {
        let width = size.width, c = shift.column, d = shift.count
        guard c >= 0, d > 0, c + d <= width, !row[c].isContinuation else { return false }
        if shift.inserts {
            (row + c + d).update(from: row + c, count: width - c - d)  // memmove: overlapping is fine
            (row + c).update(repeating: fill, count: d)
            // A wide glyph pushed half off the edge.
            if row[width - 1].width == 2 { row[width - 1] = Self.unknown }
        } else {
            guard c + d == width || !row[c + d].isContinuation else { return false }
            (row + c).update(from: row + c + d, count: width - c - d)
            (row + width - d).update(repeating: fill, count: d)
        }
        return true
    }

    /// The blank a shift leaves (inserted cells, or those delete-character brings in at the
    /// right edge) and the style to make current first so it is that blank: on a terminal with
    /// back-colour-erase, delete-character fills with the current background, so it is set to
    /// the background the frame has there. `unknown` when it cannot be told, and always for
    /// inserted cells: tmux 3.3 leaves old characters in them when it inserts more cells than
    /// it moves (new cells are written there anyway).
    private func predictedFill(for shift: Shift, new: UnsafePointer<Cell>) -> (cell: Cell, style: Style?) {
        if shift.inserts { return (Self.unknown, nil) }
        if capabilities.backColorErase {
            let edge = new[size.width - 1]
            if edge.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }), edge.width == 1 {
                let style = Style(background: edge.style.background)
                if styles.erasePaints(style) { return (Cell.blank(style), style) }
            }
        }
        return (fill(after: currentStyle), nil)
    }

    /// The blank the terminal makes when it inserts or deletes characters with `style` current.
    private func fill(after style: Style?) -> Cell {
        let blank: Style
        if capabilities.backColorErase {
            guard let style, !style.attributes.contains(.reverse) else { return Self.unknown }
            blank = Style(background: style.background)
        } else {
            blank = .plain
        }
        return styles.erasePaints(blank) ? Cell.blank(blank) : Self.unknown
    }

    private func perform(_ shift: Shift, y: Int, row: UnsafeMutablePointer<Cell>, new: UnsafePointer<Cell>) {
        moveTo(shift.column, y, row: row)
        let predicted = predictedFill(for: shift, new: new)
        if let style = predicted.style { setStyle(style) }
        guard apply(shift, to: row, fill: shift.inserts ? Self.unknown : fill(after: currentStyle)) else { return }
        let capabilities = self.capabilities
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

    // MARK: - Cells

    @inline(__always)
    private func rowsEqual(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        for x in 0..<size.width where a[x] != b[x] { return false }
        return true
    }

    /// Writes the cells of one row that differ from the model. Cells a write disturbed on the
    /// terminal (the other half of a cut wide glyph, what an over-wide glyph covered) are
    /// `unknown` in the model by then, so they are written too.
    private func writeRow(_ y: Int, new: UnsafePointer<Cell>, model row: UnsafeMutablePointer<Cell>) {
        let width = size.width
        var x = 0
        // The column after the last write: never written twice, so the row always ends.
        var written = 0
        while x < width {
            if new[x] == row[x] {
                x += 1
                continue
            }
            var start = x
            // A continuation is written with its lead; a write that would cut a wide glyph on
            // the terminal starts at the glyph's lead, which is written again.
            if start > written
                && (row[start].isContinuation || (new[start].isContinuation && new[start - 1].width == 2))
            {
                start -= 1
            }
            x = writeCell(start, y, new: new, row: row)
            written = x
        }
    }

    /// Writes the cell at `x` (a whole glyph, or an erased run of blanks); returns the column
    /// after what it wrote.
    private func writeCell(_ x: Int, _ y: Int, new: UnsafePointer<Cell>, row: UnsafeMutablePointer<Cell>) -> Int {
        let width = size.width
        var cell = new[x]
        var cells = 1
        if cell.width == 2 && x + 1 < width && new[x + 1].isContinuation {
            cells = 2
        } else if cell.width != 1 {
            // Half a wide grapheme (a broken surface): a blank, never half a glyph.
            cell = Cell.blank(cell.style)
        }

        if cells == 1, let end = eraseRun(from: x, y, cell: cell, new: new, row: row) {
            markCut(at: end, row: row)
            return end
        }

        let end = x + cells
        if y != size.height - 1 && wrapScrolls(on: y)
            && ((end == width && wraps && !capabilities.eatsNewlineGlitch)
                || cell.withGraphemeUTF8({ $0.count { $0 & 0xC0 != 0x80 } > 1 }))
        {
            // A write that may wrap on the scroll region's bottom row would scroll the region
            // (a terminal without `xenl`; a cluster terminals measure differently): the whole
            // screen becomes the region first. Rare, so it is not worth more.
            setScrollRegion(0..<size.height)
        }
        let atBottomRight = y == size.height - 1 && end == width && wraps
        var marginsOff = false
        if atBottomRight {
            if capabilities.exitAutomaticMargins != nil && capabilities.enterAutomaticMargins != nil {
                marginsOff = true
            } else if !capabilities.eatsNewlineGlitch {
                // Writing the last cell would scroll the screen: leave it.
                row[x] = cell
                if cells == 2 { row[x + 1] = new[x + 1] }
                return end
            }
        }
        moveTo(x, y, row: row)
        setStyle(cell.style)
        if marginsOff { capabilities.exitAutomaticMargins?.append(to: output) }
        let (spill, exact) = writeGrapheme(cell, x: x, y: y, width: cells, row: row)
        if marginsOff {
            capabilities.enterAutomaticMargins?.append(to: output)
            forgetColumn(onRow: y)
        }
        row[x] = exact ? cell : Self.unknown
        if cells == 2 { row[x + 1] = new[x + 1] }
        writtenCells += cells
        markCut(at: end, row: row)
        if spill > 0 {
            // What a terminal that drew the cluster wider covered: written again.
            var covered = min(width, end + spill)
            if covered < width && row[covered].isContinuation { covered += 1 }
            (row + end).update(repeating: Self.unknown, count: covered - end)
        }
        return end
    }

    /// After a write that ended just before `column`: a wide glyph whose left half it covered
    /// has lost its right half on the terminal.
    @inline(__always)
    private func markCut(at column: Int, row: UnsafeMutablePointer<Cell>) {
        if column < size.width && row[column].isContinuation { row[column] = Self.unknown }
    }

    /// Erases a run of equal blanks from `x` with `el` (to the end of the row) or `ech`, when
    /// the terminal paints them right and it is shorter than writing them; returns the column
    /// after the run, or nil to write the cell instead.
    private func eraseRun(from x: Int, _ y: Int, cell: Cell, new: UnsafePointer<Cell>, row: UnsafeMutablePointer<Cell>)
        -> Int?
    {
        let width = size.width
        guard cell.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }) else { return nil }
        var run = 1
        while x + run < width && new[x + run] == cell { run += 1 }
        let toEnd = x + run == width
        guard run >= (toEnd ? 3 : 12), styles.erasePaints(cell.style) else { return nil }
        let capability: TerminalCapability
        if toEnd, let el = capabilities.clearToEndOfLine {
            capability = el
        } else if let ech = capabilities.eraseCharacters {
            capability = ech
        } else {
            return nil
        }
        moveTo(x, y, row: row)
        setStyle(cell.style)
        capability.append(to: output, run)
        (row + x).update(repeating: cell, count: run)
        writtenCells += run
        return x + run
    }

    /// Sends the grapheme of `cell` (whose style is current and the cursor at `x`), taking
    /// `width` columns; returns how many columns past them a terminal may have drawn, and false
    /// when only part of the grapheme could be sent.
    private func writeGrapheme(_ cell: Cell, x: Int, y: Int, width: Int, row: UnsafeMutablePointer<Cell>) -> (
        spill: Int, exact: Bool
    ) {
        // The common case: one printable ASCII character.
        let ascii: UInt8 = cell.withGraphemeUTF8 { $0.count == 1 ? $0[0] : 0 }
        if width == 1 && ascii >= 0x20 && ascii < 0x7F {
            output.append(ascii)
            advanceCursor(by: 1)
            return (0, true)
        }
        return cell.withGraphemeUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.maximumScalars) { scalars in
                writeCluster(bytes, scalars: scalars, x: x, y: y, width: width, row: row, style: cell.style)
            }
        }
    }

    /// `writeGrapheme` for anything but a single ASCII character.
    private func writeCluster(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: UnsafeMutableBufferPointer<UInt32>,
        x: Int, y: Int, width: Int, row: UnsafeMutablePointer<Cell>, style: Style
    ) -> (spill: Int, exact: Bool) {
        // Decode; a terminal attaches zero-width scalars before the base to the cell on the
        // left, so the cluster is sent from its base on.
        var count = 0
        var legacyWidth = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while count < Self.maximumScalars {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let columns = scalarWidth(scalar.value)
                if count == 0 && columns == 0 { continue }
                if count == 0 && columns < 0 {
                    // Not printable here (unassigned, control): the replacement character.
                    scalars[0] = 0xFFFD
                    count = 1
                    legacyWidth = 1
                    break decoding
                }
                if count > 0 && (0x1F3FB...0x1F3FF).contains(scalar.value)
                    && Unicode.Scalar(scalars[count - 1])?.properties.isEmojiModifierBase != true
                {
                    // A skin tone after anything but an emoji it can modify: terminals draw it as
                    // a swatch of its own or join it to what is before, each its own way.
                    continue
                }
                scalars[count] = scalar.value
                count += 1
                legacyWidth += max(0, columns)
            case .emptyInput, .error:
                break decoding
            }
        }
        // A joiner at the end joins nothing in this cell, but some terminals (tmux 3.3) keep it
        // and join the next character they print, wherever it goes: leave it out.
        while count > 1 && scalars[count - 1] == 0x200D { count -= 1 }
        if count == 0 {
            for _ in 0..<width { output.append(0x20) }
            advanceCursor(by: width)
            return (0, true)
        }
        let simple = count == 1 && legacyWidth == width
        if !simple { rowsWithUnsureClusters[y] = true }
        var exact = true
        var marginsOff = false
        let overflow = x + legacyWidth - size.width
        // Inline, on a terminal that wraps as soon as its last column is written (no `xenl`), a
        // cluster that may reach that column or not leaves the cursor on this row or the next.
        let mayWrapAtOnce =
            isInline && !capabilities.eatsNewlineGlitch && x + max(width, legacyWidth) >= size.width
        var rowUnsure = false
        if !simple && (overflow > 0 || mayWrapAtOnce) && wraps {
            // A terminal that draws each scalar on its own would run past the right margin.
            let lastRow = wrapScrolls(on: y)
            let canSwitchMargins = capabilities.exitAutomaticMargins != nil && capabilities.enterAutomaticMargins != nil
            // Without a way to switch margins off, the row is lost: the next move is absolute.
            rowUnsure = mayWrapAtOnce && !canSwitchMargins
            if canSwitchMargins {
                // Automatic margins off: the overflow piles up in the last column.
                marginsOff = !(lastRow && x + width == size.width)  // already off for the last cell
            } else if overflow <= 0 {
                // Nothing runs past the margin.
            } else if lastRow {
                // It would wrap and scroll the screen: send only the scalars that fit by the
                // narrowest reading, and write the cell again once it moves.
                var fitting = 0, fittingWidth = 0
                for i in 0..<count {
                    let columns = max(0, scalarWidth(scalars[i]))
                    if i > 0 && fittingWidth + columns > width { break }
                    fittingWidth += columns
                    fitting = i + 1
                }
                while fitting > 1 && scalars[fitting - 1] == 0x200D { fitting -= 1 }
                exact = fitting == count
                count = fitting
                legacyWidth = fittingWidth
            } else {
                // It may wrap onto the next row, which is written after this one: the cells it
                // may have covered there are written again (one more: a wide glyph that does not
                // fit the last column wraps whole).
                (row + size.width).update(repeating: Self.unknown, count: min(overflow + 1, size.width))
                // Inline the next move is then absolute too.
                if isInline { rowUnsure = true }
            }
        }
        let baseWidth = scalarWidth(scalars[0])
        if width == 2 && (legacyWidth < 2 || baseWidth < 2) && !(row[x + 1] == Cell.blank(style)) {
            // A terminal may draw it one column wide (as wide as its base: tmux 3.3 draws a ZWJ
            // sequence led by a narrow base so): blank both columns first.
            output.append(0x20)
            output.append(0x20)
            advanceCursor(by: 2)
            moveTo(x, y, row: row)
        }
        if marginsOff { capabilities.exitAutomaticMargins?.append(to: output) }
        for i in 0..<count { appendUTF8(scalars[i]) }
        if count == 1 && scalars[0] == 0xFFFD && width == 2 { output.append(0x20) }
        if marginsOff { capabilities.enterAutomaticMargins?.append(to: output) }
        if simple {
            advanceCursor(by: width)
        } else if rowUnsure {
            forgetCursor()
        } else {
            forgetColumn(onRow: y)
        }
        return (max(0, legacyWidth - width), exact)
    }

    private func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | value >> 12 & 0x3F))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    // MARK: - Cursor and style

    @inline(__always)
    private func setStyle(_ style: Style) {
        guard currentStyle != style else { return }
        styles.emit(style, into: output)
        currentStyle = style
    }

    @inline(__always)
    private func advanceCursor(by columns: Int) {
        guard cursorX >= 0 else { return }
        cursorX += columns
        // At the last column the terminal waits to wrap (or wrapped): place it again.
        guard cursorX >= size.width else { return }
        if isInline && !(wraps && !capabilities.eatsNewlineGlitch) {
            // Margins held off, or the wrap waits (`xenl`): the cursor is still on this row.
            forgetColumn(onRow: cursorY)
        } else {
            // Without `xenl` terminfo says the cursor went on to the next row, but most
            // terminals wait all the same (tmux with TERM=ansi does): the row is not known
            // either, and inline the next move is `cup` from `inlineTop`.
            forgetCursor()
        }
    }

    /// After a write that leaves the cursor's column unknown on row `y` (a cluster terminals
    /// draw otherwise, automatic margins switched back on): inline the row stays known, since
    /// every move there is relative to it; full screen the whole position is forgotten.
    @inline(__always)
    private func forgetColumn(onRow y: Int) {
        if isInline {
            cursorX = -1
            cursorY = y
        } else {
            forgetCursor()
        }
    }

    @inline(__always)
    private func forgetCursor() {
        cursorX = -1
        cursorY = -1
    }

    /// Puts the cursor at (`x`, `y`) the cheapest way: `cup`, or from where it is a vertical
    /// move (`vpa`, `cud`, `cuu`, `cuu1`) and a horizontal one (`hpa`, `cuf`, `cub`, `cub1`, `cr`,
    /// or writing a few unchanged cells again), whichever is shortest. Inline, never `cup` or
    /// `vpa`: the vertical move is relative to the cursor's row, which is always known there.
    private func moveTo(_ x: Int, _ y: Int, row: UnsafePointer<Cell>) {
        if cursorX == x && cursorY == y { return }
        if y < cursorY && anchor != nil {
            // Inline, up only from where the frame started (see the type's notes).
            returnToAnchor()
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
        // Not inline: on a terminal shorter than the frame thinks (see the type's notes) a line
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
        capabilities.cursorAddress?.append(to: output, isInline ? inlineTop + y : y, x)
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

    /// True when the cells in `from..<to` are single ASCII characters in `style`, so writing
    /// them again moves the cursor over them unchanged.
    private func canRewrite(_ row: UnsafePointer<Cell>, from: Int, to: Int, style: Style) -> Bool {
        for column in from..<to {
            let cell = row[column]
            guard cell.width == 1, cell.style == style,
                cell.withGraphemeUTF8({ $0.count == 1 && $0[0] >= 0x20 && $0[0] < 0x7F })
            else { return false }
        }
        return true
    }
}
