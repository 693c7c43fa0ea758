import Shoji
import ShojiTesting
import Testing

/// The moves the window records with each frame: views whose place moved (sideways or up and
/// down), scrolled content among them (`TextView` and `ListView` are scroll views: their content
/// view moves inside the viewport).
@MainActor
struct SurfaceMoveTests {
    /// A root with a text view of 40 lines in rows 2-9, columns 5-34 of a 60x12 window.
    private func makeTextScene() -> (Pilot, TextView) {
        let root = ViewController()
        let text = TextView(text: (0..<40).map { "line \($0)" }.joined(separator: "\n"))
        text.frame = Rect(x: 5, y: 2, width: 30, height: 8)
        root.view.addSubview(text)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 60, height: 12))
        pilot.advance(by: 0.1)
        return (pilot, text)
    }

    @Test func aTextViewScrollReportsItsRowsMovingUp() {
        let (pilot, text) = makeTextScene()
        text.scroll(to: 3)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 2..<10, columns: 5..<35, dx: 0, dy: -3)])
        text.scroll(to: 2)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 2..<10, columns: 5..<35, dx: 0, dy: 1)])
    }

    /// A log that gets a line and follows its end: its content grew at the bottom and moved up
    /// by a row, which is still a move (what was above is where it was in the content).
    @Test func contentThatGrewAndFollowedItsEndReportsItsRowsMovingUp() {
        let (pilot, text) = makeTextScene()
        text.scroll(to: text.maximumScrollOffset)
        pilot.advance(by: 0.1)
        text.append("\nline 40")
        text.scroll(to: text.maximumScrollOffset)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 2..<10, columns: 5..<35, dx: 0, dy: -1)])
        // Wrapped again at another width: the content changed shape, so no move is claimed.
        text.frame.size.width = 20
        text.scroll(to: text.maximumScrollOffset - 1)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves.contains { $0.dy != 0 } == false)
    }

    @Test func scrollsBetweenFramesAddUpAndCancel() {
        let (pilot, text) = makeTextScene()
        text.scroll(to: 4)
        text.scroll(to: 6)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves.map(\.dy) == [-6])
        text.scroll(to: 9)
        text.scroll(to: 6)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves.isEmpty != false, "back where it was: nothing moved")
    }

    @Test func contentScrolledInAViewThatMovedLeavesOnlyTheViewsMove() {
        let (pilot, text) = makeTextScene()
        text.scroll(to: 5)
        text.frame.origin.y = 3
        pilot.advance(by: 0.1)
        #expect(
            pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 2..<10, columns: 5..<35, dx: 0, dy: 1)],
            "the view's own move only")
    }

    @Test func aListScrollReportsTheRowsBelowItsHeader() {
        let root = ViewController()
        let list = ListView()
        let source = NumberedRows()
        list.dataSource = source
        list.headerTitle = "Numbers"
        list.frame = Rect(x: 0, y: 1, width: 20, height: 6)
        root.view.addSubview(list)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 10))
        pilot.advance(by: 0.1)
        list.scrollToRow(6)
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 2..<7, columns: 0..<20, dx: 0, dy: -2)])
    }

    @Test func aViewMovingDownIsRecordedOnceForItsSubtree() {
        let root = ViewController()
        let box = View(frame: Rect(x: 2, y: 1, width: 10, height: 3))
        box.addSubview(View(frame: Rect(x: 1, y: 1, width: 4, height: 1)))
        root.view.addSubview(box)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 10))
        pilot.advance(by: 0.1)
        box.frame.origin.y = 4
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 1..<4, columns: 2..<12, dx: 0, dy: 3)])
    }
}

/// Forty numbered rows.
@MainActor
private final class NumberedRows: ListViewDataSource {
    func numberOfRows(in listView: ListView) -> Int { 40 }
    func listView(_ listView: ListView, titleForRow row: Int) -> String { "row \(row)" }
}
