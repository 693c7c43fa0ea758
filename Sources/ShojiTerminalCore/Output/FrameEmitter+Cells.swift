import Shoji

/// Writing cells: the rows' differing cells, each a whole glyph or an erased run of blanks, with
/// the width safety the type's notes describe.
extension FrameEmitter {
    /// Scalars of one cluster sent at most (the longest emoji sequences have 10).
    private static let maximumScalars = 16

    /// Writes the cells of row `y` that differ from the model, where `new` is the frame's row.
    /// Cells a write disturbed on the terminal (the other half of a cut wide glyph, what an
    /// over-wide glyph covered) are `unknown` in the model by then, so they are written too.
    func writeRow(_ y: Int, frame new: UnsafePointer<Cell>) {
        let width = size.width
        planner.withModel { model in
            let row = model + y * width
            var x = 0
            // The column after the last write: never written twice, so the row always ends.
            var written = 0
            while let start = FramePlanner.nextWrite(in: row, frame: new, width: width, from: x, written: written) {
                x = writeCell(start, y, new: new, row: row)
                written = x
            }
        }
        // No link stays open into another row or past the frame.
        closeLink()
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
        setLink(cell.link)
        if marginsOff { capabilities.exitAutomaticMargins?.append(to: output) }
        let (spill, exact) = writeGrapheme(cell, x: x, y: y, width: cells, row: row)
        if marginsOff {
            capabilities.enterAutomaticMargins?.append(to: output)
            forgetColumn(onRow: y)
        }
        row[x] = exact ? cell : FramePlanner.unknown
        if cells == 2 { row[x + 1] = new[x + 1] }
        writtenCells += cells
        markCut(at: end, row: row)
        if spill > 0 {
            // What a terminal that drew the cluster wider covered: written again.
            var covered = min(width, end + spill)
            if covered < width && row[covered].isContinuation { covered += 1 }
            (row + end).update(repeating: FramePlanner.unknown, count: covered - end)
        }
        return end
    }

    /// After a write that ended just before `column`: a wide glyph whose left half it covered
    /// has lost its right half on the terminal.
    @inline(__always)
    private func markCut(at column: Int, row: UnsafeMutablePointer<Cell>) {
        if column < size.width && row[column].isContinuation { row[column] = FramePlanner.unknown }
    }

    /// Erases a run of equal blanks from `x` with `el` (to the end of the row) or `ech`, when
    /// the terminal paints them right and it is shorter than writing them; returns the column
    /// after the run, or nil to write the cell instead.
    private func eraseRun(from x: Int, _ y: Int, cell: Cell, new: UnsafePointer<Cell>, row: UnsafeMutablePointer<Cell>)
        -> Int?
    {
        let width = size.width
        // A linked blank is written: erased cells carry no link.
        guard cell.withGraphemeUTF8({ $0.count == 1 && $0[0] == 0x20 }), !hyperlinks || cell.link == nil else {
            return nil
        }
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
        closeLink()
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
                writeCluster(
                    bytes, scalars: scalars, x: x, y: y, width: width, row: row, style: cell.style, link: cell.link)
            }
        }
    }

    /// `writeGrapheme` for anything but a single ASCII character.
    private func writeCluster(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: UnsafeMutableBufferPointer<UInt32>,
        x: Int, y: Int, width: Int, row: UnsafeMutablePointer<Cell>, style: Style, link: Hyperlink?
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
        if !simple { planner.markUnsureCluster(onRow: y) }
        var exact = true
        var marginsOff = false
        let overflow = x + legacyWidth - size.width
        // Inline, on a terminal that wraps as soon as its last column is written (no `xenl`), a
        // cluster that may reach that column or not leaves the cursor on this row or the next.
        let mayWrapAtOnce =
            inline != nil && !capabilities.eatsNewlineGlitch && x + max(width, legacyWidth) >= size.width
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
                (row + size.width).update(repeating: FramePlanner.unknown, count: min(overflow + 1, size.width))
                // Inline the next move is then absolute too.
                if inline != nil { rowUnsure = true }
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
            // The move closed the link.
            setLink(link)
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

    /// Appends the scalar `value` in UTF-8.
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
}
