import Shoji

/// Frames in a block of rows below the shell prompt, in the normal screen: where the block is
/// placed, and the anchor every frame's moves up start from. Its bytes go through the
/// `FrameEmitter` it is given, which holds it while frames are inline.
///
/// Every row is reached by a move relative to the cursor (`cr`, `hpa`, `cuu`, `cud`, `cud1`),
/// never by `vpa` or a scroll region (a scroll deletes lines at the cursor's line and inserts
/// as many where the content opens, `dl` then `il`, so the rows below come back), so that a frame written
/// just after the terminal moved its lines still lands in the block, never on the lines above
/// it. tmux resizes and reflows a pane up to a quarter of a second before the app hears of it,
/// and a 60 Hz animation does not wait: its moves down then stop at the bottom row, and rows now
/// too long wrap onto the next line, both of which only take the cursor further down. So each
/// frame starts by saving the cursor's place (`sc`, where the last one left it; `beginFrame`),
/// goes up only by going back there (`rc`, `returnToAnchor`) and then at most that many rows
/// up, and ends there before the cursor goes where the frame wants it: no frame writes above the
/// block's first line or ends elsewhere than the last one did, relative to the block's rows. It
/// holds automatic margins off (`rmam` … `smam`) and moves down with `cud`, never a line feed,
/// so that it cannot scroll the terminal either (a scroll would carry the saved place's line up
/// and leave the old frames' rows in the scrollback, between the shell's lines and the block).
/// A frame that hides the cursor leaves it on the block's top-left cell, where a resize finds it
/// (`restart`). `cup` (at `top` plus the row) is the last resort where the row is lost: a
/// terminal without `cuu` and `cud`, or the last column written on one whose terminfo says it
/// wraps at once (no `xenl`) and that cannot switch automatic margins off (`ansi`), since
/// terminals that claim it mostly wait all the same.
///
/// Not thread-safe: one owner (the frame writer).
final class InlineBlock {
    /// The block's top row on the terminal (0-based): exact when it was placed from a cursor
    /// position the terminal reported or from the bottom row; after a resize that reflowed the
    /// rows while the frame showed its cursor below the block's first row, the block's first
    /// line may start higher (see `restart`).
    private(set) var top = 0
    /// During a frame: where its `sc` saved the cursor (block coordinates) and the style that
    /// was current then (`rc` brings both back); nil outside a frame or without `sc`/`rc`.
    private(set) var anchor: (x: Int, y: Int, style: Style?)?

    /// A block not placed yet (`start` or `restart` places it).
    init() {}

    // MARK: - Placing

    /// Places a block `size.width` wide and `size.height` rows high (at most `terminalRows`)
    /// that starts on the line of the terminal's cursor, `cursor` as the terminal reported it
    /// (0-based row and column; nil when it did not), and sends what makes room for it. The lines
    /// above are never written: the whole screen becomes the scroll region (`sc`, `csr`, `rc`:
    /// the cursor stays), a cursor that is not at the start of its line moves to the next one,
    /// and line feeds scroll the terminal until the block fits below, then the cursor goes back
    /// up (`cuu`) to the block's top row, which is cleared to the end of the screen (`ed`). With
    /// no cursor position the cursor goes down to the terminal's last row first, so the block
    /// ends there (its top row is still known). The cursor is hidden meanwhile (`civis`).
    func start(size: Size, terminalRows: Int, cursor: (row: Int, column: Int)?, on emitter: FrameEmitter) {
        // The shell's cursor shows: hidden while the block is made (frames show it again).
        if let civis = emitter.capabilities.cursorInvisible {
            civis.append(to: emitter.output)
            emitter.cursorVisible = false
        } else {
            emitter.cursorVisible = nil
        }
        place(size: size, terminalRows: terminalRows, cursor: cursor, on: emitter)
    }

    /// After the terminal changed size (or the app resumed): the cursor goes back from where
    /// the last frame left it to the first column of the block's first row (`cr`, `cuu`), which
    /// is then where a new block of `size` starts, as `start` places it; `cursorRow` is the
    /// cursor's row as the terminal reports it now (before those moves), nil when it did not.
    ///
    /// The terminal may have reflowed the block's rows: a frame that hid the cursor left it on
    /// the block's top-left cell, whose line the terminal keeps the cursor on, so the new block
    /// starts exactly there. A frame that showed it lower down (a text field) leaves the new
    /// block's top at most as high as the old one's: rows the reflow added above the cursor
    /// stay above the new block, never the other way round.
    func restart(size: Size, terminalRows: Int, cursorRow: Int?, on emitter: FrameEmitter) {
        let row = max(0, emitter.cursorY)
        if let cr = emitter.capabilities.carriageReturn { cr.append(to: emitter.output) }
        if row > 0 { emitter.moveUp(row) }
        place(size: size, terminalRows: terminalRows, cursor: cursorRow.map { (max(0, $0 - row), 0) }, on: emitter)
    }

    /// Sends what hands the terminal back under the block: every attribute and colour off, the
    /// cursor shown on the first column of the line below the block (a line feed on its last
    /// row, which scrolls the terminal when the block ends on the bottom row), so what the shell
    /// writes next goes below the last frame; then forgets the terminal's state.
    func leave(on emitter: FrameEmitter) {
        let size = emitter.size
        emitter.resetStyle()
        if emitter.cursorY >= 0 && size.height > 0 {
            emitter.move(to: 0, size.height - 1)
        } else {
            emitter.capabilities.carriageReturn?.append(to: emitter.output)
        }
        emitter.lineFeed()
        if emitter.cursorVisible != true { emitter.capabilities.cursorNormal?.append(to: emitter.output) }
        emitter.forgetTerminalState()
    }

    /// `start` without hiding the cursor: scrolls room for the block, sets its top and the
    /// model's size, and erases it, leaving the cursor on its top-left cell. Without `ed` the
    /// model stays unknown: the next frame writes every cell.
    private func place(
        size blockSize: Size, terminalRows: Int, cursor: (row: Int, column: Int)?, on emitter: FrameEmitter
    ) {
        let capabilities = emitter.capabilities, output = emitter.output
        let terminalRows = max(1, terminalRows)
        let rows = max(1, min(blockSize.height, terminalRows))
        // Erasing must paint the terminal's own background.
        emitter.resetStyle()
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
                emitter.lineFeed()
                start = min(start! + 1, terminalRows - 1)
            }
        }
        capabilities.carriageReturn?.append(to: output)
        for _ in 0..<(start == nil ? terminalRows - 1 : rows - 1) { emitter.lineFeed() }
        if rows > 1 { emitter.moveUp(rows - 1) }
        top = min(start ?? terminalRows, terminalRows - rows)
        emitter.planner.resize(to: Size(width: max(0, blockSize.width), height: rows))
        emitter.scrollRegion = 0..<rows
        emitter.cursorX = 0
        emitter.cursorY = 0
        if eraseFromTop(on: emitter) { emitter.planner.clear(to: Cell.blank()) }
        // Parked on the block's top-left cell, as after a frame.
        if emitter.cursorX != 0, let cr = capabilities.carriageReturn {
            cr.append(to: output)
            emitter.cursorX = 0
        }
        emitter.planner.isValid = true
    }

    /// With the cursor on the block's top-left cell: erases the block and everything below it
    /// (false without `ed`). Not `ed` from that cell alone: when the screen is erased from its
    /// top-left cell, which the block's first can be, tmux copies the whole screen into its
    /// scrollback first (its `scroll-on-clear` option, on by default), so an old frame would
    /// show there twice. `el` there, then `ed` from the next column.
    private func eraseFromTop(on emitter: FrameEmitter) -> Bool {
        let capabilities = emitter.capabilities
        guard let ed = capabilities.clearToEndOfScreen else { return false }
        if emitter.size.width > 1, let el = capabilities.clearToEndOfLine, let cuf = capabilities.cursorForward {
            el.append(to: emitter.output)
            cuf.append(to: emitter.output, 1)
            emitter.cursorX = 1
        }
        ed.append(to: emitter.output)
        return true
    }

    /// Clears the block (for a frame after the model was invalidated): from its top-left cell to
    /// the end of the screen (`eraseFromTop`), or row by row (`el`); with neither, the model
    /// becomes unknown and every cell is written.
    func clear(on emitter: FrameEmitter) {
        let planner = emitter.planner, size = emitter.size
        emitter.resetStyle()
        emitter.move(to: 0, 0)
        if eraseFromTop(on: emitter) {
            planner.clear(to: Cell.blank())
        } else if let el = emitter.capabilities.clearToEndOfLine {
            for y in 0..<size.height {
                emitter.move(to: 0, y)
                el.append(to: emitter.output)
            }
            planner.clear(to: Cell.blank())
        } else {
            planner.clear(to: FramePlanner.unknown)
        }
    }

    // MARK: - Frames

    /// At the start of a frame: saves the cursor's place (`sc`) when it is known and the terminal
    /// can go back to it (`rc`), so the frame's moves up start from there, and holds automatic
    /// margins off (`rmam`) where the terminal can switch them back on: a row too long for a
    /// terminal narrower than the frame thinks piles up in the last column instead of wrapping
    /// (and scrolling, on the bottom row).
    func beginFrame(on emitter: FrameEmitter) {
        let capabilities = emitter.capabilities
        if emitter.cursorX >= 0, emitter.cursorY >= 0, let sc = capabilities.saveCursor,
            capabilities.restoreCursor != nil
        {
            sc.append(to: emitter.output)
            anchor = (emitter.cursorX, emitter.cursorY, emitter.currentStyle)
        }
        if capabilities.automaticMargins, let rmam = capabilities.exitAutomaticMargins,
            capabilities.enterAutomaticMargins != nil
        {
            rmam.append(to: emitter.output)
            emitter.marginsHeldOff = true
        }
    }

    /// During a frame: back to where it started (`rc`), with the style of then. A frame ends so
    /// (before the cursor goes where the frame wants it), so that a row that wrapped on a
    /// terminal now narrower than the frame does not take the next frame's start down.
    func returnToAnchor(on emitter: FrameEmitter) {
        guard let anchor, let rc = emitter.capabilities.restoreCursor else { return }
        rc.append(to: emitter.output)
        emitter.cursorX = anchor.x
        emitter.cursorY = anchor.y
        emitter.currentStyle = anchor.style
    }

    /// At the end of a frame: automatic margins back on (`smam`) if the frame held them off, and
    /// the anchor forgotten.
    func endFrame(on emitter: FrameEmitter) {
        if emitter.marginsHeldOff {
            emitter.marginsHeldOff = false
            emitter.capabilities.enterAutomaticMargins?.append(to: emitter.output)
        }
        anchor = nil
    }
}
