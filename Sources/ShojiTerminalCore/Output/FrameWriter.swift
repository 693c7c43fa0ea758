import Shoji

/// Turns each frame into the bytes that change the terminal's picture into it: Shoji's own diff
/// writer, with every escape sequence taken from the terminal's capability table (plain values
/// read from terminfo when the session started; see DECISIONS.md, Output and Terminal).
///
/// Three parts do the work: `FramePlanner` keeps the model of what the terminal shows and
/// chooses, by estimated bytes, the scrolls and shifts (pure: no bytes); `FrameEmitter` sends
/// cursor moves, styles and cells and keeps the model true to them; `InlineBlock` places an
/// inline block and anchors its frames. Per frame:
/// 1. scrolls rows that a `SurfaceMove` says moved up or down, with a scroll region (`csr`
///    when the region is not the one already set, then `ind`/`indn` or `ri`/`rin`; inline by
///    deleting and inserting lines, `dl` and `il`, relative to the cursor), and shifts
///    rows one says moved sideways, with insert- or delete-character at the move's edge, each
///    when it costs fewer bytes than writing the cells (both are checked against the cells, so
///    a wrong hint costs bytes, never the picture; what a scroll moved beside a narrower view
///    is written back);
/// 2. writes every cell that still differs, left to right, with the fewest cursor moves and
///    style changes it finds; runs of blanks are erased (`el`, `ech`) where the terminal paints
///    the right background;
/// 3. puts the terminal's cursor where the frame asks and shows it (`cnorm`), or hides it
///    (`civis`), switching visibility only when it changes;
/// 4. wraps the frame in begin/end synchronized update when the terminal said it has them.
///
/// With `hyperlinks`, cells' links are sent as OSC 8 around exactly the cells that carry them,
/// closed before every move and at each row's end, so none is ever left open.
///
/// Width safety (see `FrameEmitter`): a wide grapheme is written whole, never cut on the
/// terminal, clusters terminals draw in different widths are placed again and what they may
/// have covered written again, and neither the screen nor the scroll region ever scrolls from
/// a write.
///
/// The scroll region stays set between frames (the next scroll of the same rows needs no
/// `csr`), so what could scroll it is kept from doing so: the last cell of the region's bottom
/// row relies on `xenl` (for a terminal without it, or a cluster terminals may draw wider, the
/// whole screen becomes the region first), and the cursor never moves up or down across a
/// margin with a relative move. `homeCursor()` sets the whole screen back before anyone else
/// writes, and a new size or a forgotten state sets it at the next frame.
///
/// Inline (`startInlineBlock`): frames go to a block of rows below the shell prompt in the
/// normal screen, every row reached by a move relative to the cursor and every frame anchored
/// where the last one ended, so that no frame writes above the block even while the terminal
/// reflows it (see `InlineBlock`).
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
    /// Send cells' links (OSC 8) around the cells that carry them (see `FrameEmitter`); only for
    /// a terminal known to take them (`HyperlinkSupport`), since others may show the bytes.
    package var hyperlinks: Bool {
        get { emitter.hyperlinks }
        set { emitter.hyperlinks = newValue }
    }
    /// How many cells the last frame wrote or erased.
    package var writtenCells: Int { emitter.writtenCells }
    /// How many rows the last frame shifted with insert- or delete-character.
    package private(set) var shiftedRows = 0
    /// How many lines the last frame scrolled with a scroll region (each scroll's distance).
    package private(set) var scrolledLines = 0
    /// Where the last frame left the cursor shown, nil when it is hidden.
    package private(set) var cursor: Point?
    /// True once `startInlineBlock` (or `restartInlineBlock`) was called: frames go to an inline
    /// block, addressed relative to the cursor.
    package var isInline: Bool { emitter.inline != nil }
    /// The inline block's top row on the terminal (0-based): exact when it was placed from a
    /// cursor position the terminal reported or from the bottom row; after a resize that
    /// reflowed the rows while the frame showed its cursor below the block's first row, the
    /// block's first line may start higher (see `restartInlineBlock`). 0 in full screen.
    package var inlineTop: Int { emitter.inline?.top ?? 0 }

    /// The model of the terminal and the plans (no bytes).
    private let planner: FramePlanner
    /// Cursor moves, styles and cells (the bytes).
    private let emitter: FrameEmitter

    /// A cell no surface holds: what the model says where the terminal's content is unknown, so
    /// it never matches a frame (`FramePlanner.unknown`).
    package static let unknown = FramePlanner.unknown

    /// Begin and end synchronized update (DEC private mode 2026).
    private static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
    private static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

    /// A writer for the terminal `capabilities` describe, sending styles through `styles`;
    /// `scalarWidth` is the C library's `wcwidth` (or what stands in for it).
    package init(
        capabilities: TerminalCapabilities, styles: StyleWriter, scalarWidth: @escaping (UInt32) -> Int
    ) {
        self.capabilities = capabilities
        planner = FramePlanner(capabilities: capabilities, erasePaints: styles.erasePaints, scalarWidth: scalarWidth)
        emitter = FrameEmitter(
            capabilities: capabilities, output: output, styles: styles, planner: planner, scalarWidth: scalarWidth)
    }

    /// Forgets what the terminal shows: the next frame clears the screen, draws every cell and
    /// switches the cursor's visibility whatever it was.
    package func invalidate() {
        planner.isValid = false
        emitter.cursorVisible = nil
    }

    /// Forgets where the cursor is, whether it shows and which style is on (after someone else
    /// wrote to the terminal, such as ncurses re-entering full-screen mode).
    package func forgetTerminalState() {
        emitter.forgetTerminalState()
    }

    /// Writes into `output` what turns the terminal into `frame` (`size.width * size.height`
    /// cells) with the cursor shown at `cursor` (hidden for nil or a cell off the screen);
    /// `moves` are the window's hints of what moved.
    package func render(
        _ frame: UnsafeBufferPointer<Cell>, size newSize: Size, moves: [SurfaceMove], cursor wanted: Point?
    ) {
        precondition(frame.count == newSize.width * newSize.height)
        output.removeAll()
        emitter.writtenCells = 0
        shiftedRows = 0
        scrolledLines = 0
        if newSize != planner.size {
            planner.resize(to: newSize)
            // Terminals set the whole screen as the region when they resize; not all do.
            emitter.scrollRegion = nil
        }
        let size = planner.size
        guard size.width > 0, size.height > 0, let new = frame.baseAddress else {
            cursor = nil
            return
        }
        if synchronizedUpdates { output.append(Self.beginSynchronizedUpdate) }
        let inline = emitter.inline
        inline?.beginFrame(on: emitter)
        let start = output.count
        if emitter.scrollRegion == nil { emitter.setScrollRegion(0..<size.height) }
        var shifting = false
        if !planner.isValid {
            if let inline { inline.clear(on: emitter) } else { emitter.clearScreen() }
        } else if !moves.isEmpty {
            scroll(frame, moves: moves)
            shifting = planner.canShift
        }
        let width = size.width
        for y in 0..<size.height {
            // Each row is shifted, then written: the cursor is where the new cells go.
            if shifting { shiftRow(y, of: frame, moves: moves) }
            emitter.writeRow(y, frame: new + y * width)
        }
        if output.count > start { inline?.returnToAnchor(on: emitter) }
        cursor = emitter.placeCursor(at: wanted)
        let wroteSomething = output.count > start
        inline?.endFrame(on: emitter)
        guard wroteSomething else {
            output.removeAll()
            return
        }
        if synchronizedUpdates { output.append(Self.endSynchronizedUpdate) }
    }

    /// Scrolls parts of the terminal's screen where a move says content moved up or down and
    /// the planner says it pays; the model follows, so the rows are then written as usual.
    private func scroll(_ frame: UnsafeBufferPointer<Cell>, moves: [SurfaceMove]) {
        for move in moves {
            // Inline, a scroll region would be set in absolute rows: lines are deleted and
            // inserted relative to the cursor instead.
            guard
                let scroll = planner.scroll(
                    for: move, frame: frame, region: emitter.scrollRegion, byLines: emitter.inline != nil)
            else { continue }
            emitter.perform(scroll)
            planner.apply(scroll)
            scrolledLines += abs(scroll.dy)
        }
    }

    /// Shifts row `y` on the terminal when a move covers it and the planner says it pays.
    private func shiftRow(_ y: Int, of frame: UnsafeBufferPointer<Cell>, moves: [SurfaceMove]) {
        let shifts = planner.shifts(forRow: y, of: frame, moves: moves, currentStyle: emitter.currentStyle)
        guard !shifts.isEmpty, let new = frame.baseAddress else { return }
        for shift in shifts { emitter.perform(shift, row: y, frame: new + y * planner.size.width) }
        shiftedRows += 1
    }

    /// Leaves in `output` every attribute and colour off and a move to the top-left cell, and
    /// forgets the cursor and style: what a terminal library that takes the terminal next
    /// (ncurses' `endwin`) believes, since frames never told it otherwise.
    package func homeCursor() {
        output.removeAll()
        emitter.setStyle(.plain)
        if planner.size.height > 0 { emitter.setScrollRegion(0..<planner.size.height) }
        capabilities.cursorAddress?.append(to: output, 0, 0)
        emitter.forgetTerminalState()
    }

    /// Renders the model again from a cleared screen (after the terminal was handed back and
    /// taken again).
    package func repaint() {
        let size = planner.size
        guard size.width > 0, size.height > 0 else { return }
        let copy = planner.cells
        planner.isValid = false
        copy.withUnsafeBufferPointer { render($0, size: size, moves: [], cursor: cursor) }
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
        inlineBlock().start(size: blockSize, terminalRows: terminalRows, cursor: cursor, on: emitter)
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
        inlineBlock().restart(size: blockSize, terminalRows: terminalRows, cursorRow: cursorRow, on: emitter)
    }

    /// Leaves in `output` what hands the terminal back under an inline block: every attribute
    /// and colour off, the cursor shown on the first column of the line below the block (a line
    /// feed on its last row, which scrolls the terminal when the block ends on the bottom row),
    /// so what the shell writes next goes below the last frame. The next frame needs a
    /// `startInlineBlock` first.
    package func leaveInlineBlock() {
        output.removeAll()
        emitter.inline?.leave(on: emitter)
    }

    /// The inline block frames go to, made on first use: frames stay inline from then on.
    private func inlineBlock() -> InlineBlock {
        if let block = emitter.inline { return block }
        let block = InlineBlock()
        emitter.inline = block
        return block
    }
}
