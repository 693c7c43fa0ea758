import Shoji

extension BenchScene {
    /// A read-only text view of `lines` numbered lines filling the window, scrolled one row a
    /// frame (down to the end and back): a frame must cost what shows, not what the text holds.
    public static func textScrolling(lines: Int) -> BenchScene {
        let textView = TextView(text: NumberedLines.text(lines))
        textView.isEditable = false
        var bouncer = Bouncer()
        return BenchScene(window: Window(rootViewController: TypingScene.Host(textView))) {
            textView.scroll(to: bouncer.next(maximum: textView.maximumScrollOffset))
        }
    }

    /// A list of `rows` rows from a data source filling the window, scrolled one row a frame.
    public static func listScrolling(rows: Int) -> BenchScene {
        let list = ListView()
        let source = CountedRows(rows)
        list.dataSource = source
        var bouncer = Bouncer()
        return BenchScene(window: Window(rootViewController: TypingScene.Host(list))) {
            withExtendedLifetime(source) {}
            let top = bouncer.next(maximum: max(0, rows - list.visibleRowCapacity))
            // Showing the row below the screen scrolls one row down; the top row, one row up.
            list.scrollToRow(bouncer.step > 0 ? top + list.visibleRowCapacity - 1 : top)
        }
    }

    /// A table of `rows` rows in five columns (`CountedTable`) filling the window, a row
    /// selected and moved one row a frame, so the rows scroll a row a frame as the list's do.
    public static func tableScrolling(rows: Int) -> BenchScene {
        let table = TableView()
        let source = CountedTable(rows)
        table.columns = CountedTable.columns
        table.dataSource = source
        var bouncer = Bouncer()
        return BenchScene(window: Window(rootViewController: TypingScene.Host(table))) {
            withExtendedLifetime(source) {}
            let top = bouncer.next(maximum: max(0, rows - table.visibleRowCapacity))
            // Selecting the row below the screen scrolls one row down; the top row, one row up.
            table.selectedRow = bouncer.step > 0 ? top + table.visibleRowCapacity - 1 : top
        }
    }

    /// An outline of `top` items of `children` leaves each (`CountedTree`), every item
    /// expanded (lazily: one count per item, no child asked), filling the window, a row
    /// selected and moved one row a frame, so the rows scroll a row a frame as the table's do.
    public static func outlineScrolling(top: Int, children: Int) -> BenchScene {
        let outline = OutlineView()
        let source = CountedTree(top: top, children: children)
        outline.columns = CountedTree.columns
        outline.outlineDataSource = source
        outline.expansionLimit = top
        outline.expandItem(nil, expandChildren: true)
        var bouncer = Bouncer()
        return BenchScene(window: Window(rootViewController: TypingScene.Host(outline))) {
            withExtendedLifetime(source) {}
            let rows = outline.numberOfRows
            let top = bouncer.next(maximum: max(0, rows - outline.visibleRowCapacity))
            // Selecting the row below the screen scrolls one row down; the top row, one row up.
            outline.selectedRow = bouncer.step > 0 ? top + outline.visibleRowCapacity - 1 : top
        }
    }

    /// A scroll view holding a long form: `subviews` views, a label and a text field per row,
    /// scrolled one row a frame. A frame must cost what shows, not how many views the form holds.
    public static func formScrolling(subviews: Int) -> BenchScene {
        let scrollView = LongForm.scrollView(subviews: subviews)
        var bouncer = Bouncer()
        return BenchScene(window: Window(rootViewController: TypingScene.Host(scrollView))) {
            scrollView.contentOffset = Point(x: 0, y: bouncer.next(maximum: scrollView.maximumContentOffset.y))
        }
    }
}
