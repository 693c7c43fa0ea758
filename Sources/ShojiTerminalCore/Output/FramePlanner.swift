import Shoji

/// What the terminal shows, and the cheapest way to change it into a frame, without a byte
/// written: the frame writer's pure half (`FrameEmitter` sends the bytes, `FrameWriter` puts
/// the two together).
///
/// It keeps the model of the terminal's picture (`cells`: one cell per column and row, row by
/// row, `unknown` where the picture cannot be told) and chooses, by estimated bytes:
/// - for a `SurfaceMove` that says rows moved up or down, a scroll (`scroll(for:frame:region:)`):
///   in the move's rows or in those and the rows it moved over, with `ind`/`indn` or `ri`/`rin`
///   (and `csr` when the region is not the terminal's already), taken only when it and the
///   writing it leaves cost fewer bytes than writing the rows, and it brings some row to where
///   the frame wants it;
/// - for a row a move says moved sideways, insert- and delete-character operations at the moved
///   content's edges (`shifts(forRow:of:moves:currentStyle:)`), taken only when they and the
///   writing they leave cost fewer bytes than writing the row, and never where they would cut a
///   wide glyph on the terminal or move a cluster terminals may draw otherwise;
/// - where a row's next write starts (`nextWrite`): never in the middle of a wide glyph.
///
/// Both plans are checked against the cells, so a wrong hint costs bytes, never the picture. The
/// model follows what the emitter sends: `apply(_:)` after a scroll, `apply(_:row:fill:)` for a
/// shift, and the cells the emitter writes through `withModel`.
///
/// The model is a `[Cell]` read and changed only inside scoped buffer accesses, as `Surface`
/// keeps its cells: nothing allocates or frees it by hand, and nothing else may touch it while
/// `withModel` lends it.
///
/// Not thread-safe: one owner (the frame writer).
package final class FramePlanner {
    /// A cell no surface holds (a NUL grapheme with an attribute bit no style uses): what the
    /// model says where the terminal's content is unknown, so it never matches a frame.
    package static let unknown = Cell(
        grapheme: "\u{0}", width: 1, style: Style(attributes: TextAttributes(rawValue: 0x80)))

    /// One scroll of a region of the screen, as chosen for a move.
    package struct Scroll: Equatable {
        /// The rows scrolled.
        package var region: Range<Int>
        /// Rows the content moves: negative up, positive down.
        package var dy: Int
        /// How the terminal is told.
        package var method: Method
        /// What the terminal opens lines with (`unknown` when it cannot be told).
        package var fill: Cell
        /// The style made current before the scroll so that the opened lines are `fill`.
        package var fillStyle: Style
        /// The bytes it is estimated to save against writing the rows as they are (over 0).
        package var saving: Int
    }

    /// A terminal command sent `repeats` times with the scroll's distance as its parameter (a
    /// one-line form such as `ind` is repeated, a form that takes a count such as `indn` is
    /// sent once).
    package struct Command: Equatable {
        package var capability: TerminalCapability
        package var repeats: Int

        /// `capability`, sent `repeats` times.
        package init(capability: TerminalCapability, repeats: Int) {
            self.capability = capability
            self.repeats = repeats
        }

        /// Its bytes for `lines` lines.
        func length(_ lines: Int) -> Int { capability.length(lines) * repeats }
    }

    /// How a scroll is sent.
    package enum Method: Equatable {
        /// The region becomes the terminal's scroll region (`csr`) and scrolls (`ind`/`indn` up,
        /// `ri`/`rin` down): full screen.
        case scrollRegion(Command)
        /// Lines are deleted where the content leaves the region and as many blank ones
        /// inserted where it opens (`dl`/`dl1`, then `il`/`il1`), the rows below the region
        /// moving up and back: inline, where the scroll region cannot be set in the block's
        /// rows (it is absolute) and both commands work on the cursor's line (`InlineBlock`).
        case deleteAndInsert(delete: Command, insert: Command)
    }

    /// One insert- or delete-character operation on a row.
    package struct Shift: Equatable {
        /// The column it works at (the cursor's).
        package var column: Int
        /// How many characters it inserts or deletes.
        package var count: Int
        /// True for insert-character, false for delete-character.
        package var inserts: Bool

        /// The operation at `column` of `count` characters, inserting or deleting.
        package init(column: Int, count: Int, inserts: Bool) {
            self.column = column
            self.count = count
            self.inserts = inserts
        }
    }

    /// The terminal's capabilities, whose lengths the estimates count.
    package let capabilities: TerminalCapabilities
    /// Whether erasing (`el`, `ech`, and the blanks scrolls and shifts open) paints a blank of a
    /// style exactly (see `StyleWriter.erasePaints`).
    private let erasePaints: (Style) -> Bool
    /// How many columns the C library's `wcwidth` gives a scalar (-1: not printable).
    private let scalarWidth: (UInt32) -> Int

    /// The model's columns and rows.
    package private(set) var size = Size(width: 0, height: 0)
    /// What the terminal shows, row by row (cell (x, y) at `y * size.width + x`); `unknown`
    /// where it cannot be told.
    package var cells: [Cell] { model }
    /// The storage of `cells`, touched only in this file, each time inside one scoped buffer
    /// access. Exclusivity is checked when compiling, not at run time (as for `Surface`'s cells,
    /// a struct's): the run-time check kept the access `withModel` lends open while the emitter
    /// writes a row, which made every other checked access meanwhile (the output buffer's)
    /// slower: 2.7 % more instructions for the writer, measured.
    @exclusivity(unchecked) private var model: [Cell] = []
    /// False until the model was cleared to what the terminal shows (after `resize(to:)` or an
    /// `invalidate`): the next frame then clears the terminal and draws every cell.
    package var isValid = false
    /// One row of scratch space, for trying scrolls and shifts.
    private var scratch: [Cell] = []
    /// Rows where a cluster terminals may draw otherwise was written (see `holdsUnsureCluster`),
    /// so only those are scanned before a shift.
    private var rowsWithUnsureClusters: [Bool] = []

    /// A planner for the terminal `capabilities` describe, where `erasePaints` says whether an
    /// erase paints a blank of a style exactly and `scalarWidth` is the C library's `wcwidth`
    /// (or what stands in for it).
    package init(
        capabilities: TerminalCapabilities, erasePaints: @escaping (Style) -> Bool,
        scalarWidth: @escaping (UInt32) -> Int
    ) {
        self.capabilities = capabilities
        self.erasePaints = erasePaints
        self.scalarWidth = scalarWidth
    }

    // MARK: - The model

    /// Makes the model `size` with every cell `unknown`, and invalid.
    package func resize(to newSize: Size) {
        size = newSize
        let count = newSize.width * newSize.height
        model.removeAll(keepingCapacity: true)
        model.append(contentsOf: repeatElement(Self.unknown, count: count))
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(Self.unknown, count: newSize.width))
        rowsWithUnsureClusters = Array(repeating: false, count: newSize.height)
        isValid = false
    }

    /// Sets every cell of the model to `cell` (after the terminal was cleared, or to `unknown`
    /// when it could not be) and makes it valid.
    package func clear(to cell: Cell) {
        model.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
        for y in rowsWithUnsureClusters.indices { rowsWithUnsureClusters[y] = false }
        isValid = true
    }

    /// Takes `frame` (`size.width * size.height` cells) as what the terminal shows, as if it had
    /// been written: for a caller that knows the picture (and for tests of the plans).
    package func assume(_ frame: [Cell]) {
        precondition(frame.count == model.count)
        model.withUnsafeMutableBufferPointer { model in
            frame.withUnsafeBufferPointer { _ = model.update(fromContentsOf: $0) }
        }
        for y in rowsWithUnsureClusters.indices { rowsWithUnsureClusters[y] = false }
        isValid = true
    }

    /// Lends the model to `body` as a pointer to its first cell (row `y` at `y * size.width`),
    /// for writing cells: only `body` may read or change the model until it returns (no other
    /// method of the planner that reads it may be called from it).
    func withModel<R>(_ body: (UnsafeMutablePointer<Cell>) throws -> R) rethrows -> R {
        try model.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                // No cells (a block no column wide): a cell to point at, never read.
                var none = Self.unknown
                return try withUnsafeMutablePointer(to: &none, body)
            }
            return try body(base)
        }
    }

    /// Notes that row `y` now holds a cluster terminals may draw otherwise (several scalars, or
    /// one `wcwidth` measures otherwise): the row is checked before it is shifted.
    func markUnsureCluster(onRow y: Int) {
        rowsWithUnsureClusters[y] = true
    }

    /// Where the next write on a row starts, looking from column `x` on (nil: from there the row
    /// shows what `new` wants): the first cell that differs from `row` (the model), or the lead
    /// before it when that cell is a continuation in the model (the write would cut the glyph)
    /// or in `new` (it is written with its lead), unless that lead is before `written`, the
    /// column after the row's last write (never written twice, so the row always ends).
    @inline(__always)
    package static func nextWrite(
        in row: UnsafePointer<Cell>, frame new: UnsafePointer<Cell>, width: Int, from x: Int, written: Int
    ) -> Int? {
        var x = x
        while x < width && new[x] == row[x] { x += 1 }
        guard x < width else { return nil }
        if x > written && (row[x].isContinuation || (new[x].isContinuation && new[x - 1].width == 2)) {
            return x - 1
        }
        return x
    }

    // MARK: - Scrolls

    /// The scroll to make for `move` before the rows of `frame` (`size.width * size.height`
    /// cells) are written, when it has the content move up or down (not sideways) and the
    /// estimate says it pays; `region` is the terminal's scroll region now (nil: unknown). Of
    /// the move's rows alone (content scrolled inside its area) and those with the rows it
    /// moved over (a view that moved), the one that saves more. `byLines`: only lines deleted
    /// and inserted (`Method.deleteAndInsert`, for an inline block), else with a scroll region.
    package func scroll(
        for move: SurfaceMove, frame: UnsafeBufferPointer<Cell>, region current: Range<Int>?, byLines: Bool = false
    ) -> Scroll? {
        guard move.dy != 0 && move.dx == 0, let new = frame.baseAddress else { return nil }
        let height = size.height
        let top = max(0, move.rows.lowerBound), bottom = min(height, move.rows.upperBound)
        guard top < bottom else { return nil }
        let candidates = [
            top..<bottom,
            max(0, min(top, top + move.dy))..<min(height, max(bottom, bottom + move.dy))
        ]
        var best: (region: Range<Int>, saving: Int)?
        guard let method = scrollMethod(lines: abs(move.dy), up: move.dy < 0, byLines: byLines) else { return nil }
        for region in candidates where abs(move.dy) < region.count && region != best?.region {
            guard let saving = scrollSaving(region, by: move.dy, method: method, new: new, current: current),
                saving > best?.saving ?? 0
            else {
                continue
            }
            best = (region, saving)
        }
        guard let best else { return nil }
        let fill = scrollFill(opening: firstOpenedRow(best.region, by: move.dy, new: new))
        return Scroll(
            region: best.region, dy: move.dy, method: method, fill: fill.cell, fillStyle: fill.style,
            saving: best.saving)
    }

    /// Makes the model follow `scroll`, as the terminal did: rows move whole, with what is
    /// unsure about them, and the opened lines are the scroll's fill.
    package func apply(_ scroll: Scroll) {
        let width = size.width, lines = abs(scroll.dy), up = scroll.dy < 0, region = scroll.region
        let kept = region.count - lines
        let from = up ? region.lowerBound + lines : region.lowerBound
        let to = up ? region.lowerBound : region.lowerBound + lines
        let opened = up ? region.upperBound - lines : region.lowerBound
        model.withUnsafeMutableBufferPointer { buffer in
            let model = buffer.baseAddress!
            (model + to * width).update(from: model + from * width, count: kept * width)  // memmove
            (model + opened * width).update(repeating: scroll.fill, count: lines * width)
        }
        let unsure = Array(rowsWithUnsureClusters[from..<(from + kept)])
        rowsWithUnsureClusters.replaceSubrange(to..<(to + kept), with: unsure)
        for y in opened..<(opened + lines) { rowsWithUnsureClusters[y] = false }
    }

    /// How the terminal scrolls a region `lines` lines up (content moves up) or down: with a
    /// scroll region, or (`byLines`) by deleting and inserting lines; nil when it cannot.
    private func scrollMethod(lines: Int, up: Bool, byLines: Bool) -> Method? {
        if byLines {
            guard let delete = command(one: capabilities.deleteLine, many: capabilities.deleteLines, lines: lines),
                let insert = command(one: capabilities.insertLine, many: capabilities.insertLines, lines: lines)
            else { return nil }
            return .deleteAndInsert(delete: delete, insert: insert)
        }
        let one = up ? capabilities.scrollForward : capabilities.scrollReverse
        let many = up ? capabilities.scrollForwardLines : capabilities.scrollReverseLines
        return command(one: one, many: many, lines: lines).map(Method.scrollRegion)
    }

    /// The shorter of `many` once and `one` repeated `lines` times.
    private func command(one: TerminalCapability?, many: TerminalCapability?, lines: Int) -> Command? {
        if let many, one == nil || many.length(lines) < one!.length() * lines {
            return Command(capability: many, repeats: 1)
        }
        return one.map { Command(capability: $0, repeats: lines) }
    }

    /// The blank a scroll opens lines with and the style to make current first (see
    /// `predictedFill(for:row:currentStyle:)`): with back-colour-erase the background of the
    /// frame's first opened cell, else the plain blank.
    private func scrollFill(opening row: UnsafePointer<Cell>) -> (cell: Cell, style: Style) {
        if capabilities.backColorErase {
            let edge = row[0]
            if edge.width == 1, edge.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }) {
                let style = Style(background: edge.style.background)
                if erasePaints(style) { return (Cell.blank(style), style) }
            }
        }
        return (erasePaints(.plain) ? Cell.blank(.plain) : Self.unknown, .plain)
    }

    /// The row of `new` the scroll opens first (its top opened line when content moves up, else
    /// the region's first).
    private func firstOpenedRow(_ region: Range<Int>, by dy: Int, new: UnsafePointer<Cell>) -> UnsafePointer<Cell> {
        new + (dy < 0 ? region.upperBound + dy : region.lowerBound) * size.width
    }

    /// Estimated bytes saved by scrolling `region` by `dy` rows with `method` and writing what
    /// still differs instead of writing the rows as they are; nil when the terminal cannot
    /// scroll so. `current` is the terminal's scroll region (another costs `csr`).
    private func scrollSaving(
        _ region: Range<Int>, by dy: Int, method: Method, new: UnsafePointer<Cell>, current: Range<Int>?
    ) -> Int? {
        let width = size.width, lines = abs(dy)
        var cost: Int
        switch method {
        case .scrollRegion(let command):
            guard let cup = capabilities.cursorAddress else { return nil }
            cost = command.length(lines) + cup.length(region.upperBound - 1, 0) + 4
            if region != current {
                guard let csr = capabilities.changeScrollRegion else { return nil }
                cost += csr.length(region.lowerBound, region.upperBound - 1)
            }
        case .deleteAndInsert(let delete, let insert):
            // Two relative moves (`cud`, or `rc` and `cuu`) and a carriage return each, with
            // the style made current, and a move back.
            let move = (capabilities.cursorDown ?? capabilities.cursorUp)?.length(region.count) ?? 4
            cost = delete.length(lines) + insert.length(lines) + 3 * (move + 1) + 4
        }
        let fill = scrollFill(opening: firstOpenedRow(region, by: dy, new: new)).cell
        return model.withUnsafeBufferPointer { buffer in
            scratch.withUnsafeMutableBufferPointer { scratch in
                let model = buffer.baseAddress!, blank = UnsafePointer(scratch.baseAddress!)
                scratch.update(repeating: fill)
                var before = 0
                // A scroll pays by the rows it moves to where they are wanted, not by the blank
                // rows it opens (erasing makes those as cheaply).
                var movesSomethingRight = false
                for y in region {
                    let newRow = new + y * width
                    let here = mismatchCost(model + y * width, newRow)
                    before += here
                    let source = y - dy
                    let moved = mismatchCost(region.contains(source) ? model + source * width : blank, newRow)
                    if region.contains(source) && moved < here { movesSomethingRight = true }
                    cost += moved
                    if cost >= before + (region.upperBound - y - 1) * 7 * width { return nil }  // cannot pay
                }
                return movesSomethingRight ? before - cost : nil
            }
        }
    }

    // MARK: - Shifts

    /// Whether the terminal can insert characters (`ich`, `ich1`, or insert mode).
    private var canInsert: Bool {
        capabilities.insertCharacters != nil || capabilities.insertCharacter != nil
            || (capabilities.enterInsertMode != nil && capabilities.exitInsertMode != nil)
    }

    /// Whether the terminal can delete characters (`dch`, `dch1`).
    private var canDelete: Bool {
        capabilities.deleteCharacters != nil || capabilities.deleteCharacter != nil
    }

    /// Whether the terminal can shift a row at all (insert or delete characters).
    package var canShift: Bool { canInsert || canDelete }

    /// The insert- and delete-character operations that bring row `y` of the model closer to
    /// the same row of `frame` (`size.width * size.height` cells), in the order they are done,
    /// when a sideways move in `moves` covers the row and they cost fewer bytes than writing it
    /// (empty otherwise). `currentStyle` is the terminal's style now (what delete-character
    /// fills with on a terminal with back-colour-erase). Views moving together (a push's two
    /// panes) make one run.
    package func shifts(
        forRow y: Int, of frame: UnsafeBufferPointer<Cell>, moves: [SurfaceMove], currentStyle: Style?
    ) -> [Shift] {
        let width = size.width
        guard let new = frame.baseAddress else { return [] }
        let newRow = new + y * width
        var candidates: [(columns: Range<Int>, offset: Int)] = []
        for move in moves where move.rows.contains(y) && move.dx != 0 && move.dy == 0 {
            let columns = max(0, move.columns.lowerBound)..<min(width, move.columns.upperBound)
            guard !columns.isEmpty else { continue }
            candidates.append((columns, move.dx))
        }
        guard !candidates.isEmpty else { return [] }
        return model.withUnsafeBufferPointer { buffer in
            let modelRow = buffer.baseAddress! + y * width
            guard !rowsEqual(newRow, modelRow) else { return [] }
            if rowsWithUnsureClusters[y] {
                guard !holdsUnsureCluster(modelRow) else { return [] }
                rowsWithUnsureClusters[y] = false
            }
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
                    guard let cost = cost(of: plan, row: modelRow, new: newRow, currentStyle: currentStyle),
                        cost < bestCost
                    else { continue }
                    best = plan
                    bestCost = cost
                }
            }
            return best
        }
    }

    /// Makes row `y` of the model follow `shift`, as the terminal does, with `fill` where it puts
    /// blanks; false (the row untouched) when the shift would cut a wide glyph.
    package func apply(_ shift: Shift, row y: Int, fill: Cell) -> Bool {
        let width = size.width
        return model.withUnsafeMutableBufferPointer { apply(shift, to: $0.baseAddress! + y * width, fill: fill) }
    }

    /// The blank a shift leaves (inserted cells, or those delete-character brings in at the
    /// right edge) and the style to make current first so it is that blank, for a row of the
    /// frame `row`: on a terminal with back-colour-erase, delete-character fills with the
    /// current background, so it is set to the background the frame has there. `unknown` when
    /// it cannot be told, and always for inserted cells: tmux 3.3 leaves old characters in them
    /// when it inserts more cells than it moves (new cells are written there anyway).
    package func predictedFill(for shift: Shift, row: UnsafePointer<Cell>, currentStyle: Style?) -> (
        cell: Cell, style: Style?
    ) {
        if shift.inserts { return (Self.unknown, nil) }
        if capabilities.backColorErase {
            let edge = row[size.width - 1]
            if edge.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }), edge.width == 1 {
                let style = Style(background: edge.style.background)
                if erasePaints(style) { return (Cell.blank(style), style) }
            }
        }
        return (fill(after: currentStyle), nil)
    }

    /// The blank the terminal makes when it inserts or deletes characters with `style` current.
    package func fill(after style: Style?) -> Cell {
        let blank: Style
        if capabilities.backColorErase {
            guard let style, !style.attributes.contains(.reverse) else { return Self.unknown }
            blank = Style(background: style.background)
        } else {
            blank = .plain
        }
        return erasePaints(blank) ? Cell.blank(blank) : Self.unknown
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
    private func cost(of plan: [Shift], row: UnsafePointer<Cell>, new: UnsafePointer<Cell>, currentStyle: Style?)
        -> Int?
    {
        scratch.withUnsafeMutableBufferPointer { buffer in
            let scratch = buffer.baseAddress!
            scratch.update(from: row, count: size.width)
            var bytes = 0
            for shift in plan {
                guard let operation = operationCost(shift),
                    apply(
                        shift, to: scratch,
                        fill: predictedFill(for: shift, row: new, currentStyle: currentStyle).cell)
                else { return nil }
                bytes += operation + 5  // a cursor move
            }
            return bytes + mismatchCost(scratch, new)
        }
    }

    /// The bytes of the operation `shift` (nil when the terminal cannot do it).
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

    // MARK: - Cells

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

    /// Whether rows `a` and `b` hold the same cells.
    @inline(__always)
    private func rowsEqual(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        for x in 0..<size.width where a[x] != b[x] { return false }
        return true
    }
}
