import Testing

@testable import Shoji
@testable import ShojiTesting

/// `ScrollView`: offsets, insets, scroll bars, keys, the wheel, the mouse on the bars, and
/// animated scrolls frame by frame.
@MainActor
struct ScrollViewTests {
    /// Content of `count` numbered lines, "line 0" … , `width` columns wide.
    final class Lines: View {
        let count: Int
        init(count: Int, width: Int = 12) {
            self.count = count
            super.init(frame: Rect(x: 0, y: 0, width: width, height: count))
        }
        override func draw(in canvas: inout Canvas) {
            for y in 0..<count { canvas.write("line \(y)", at: Point(x: 0, y: y)) }
        }
    }

    final class Recorder: ScrollViewDelegate {
        var offsets: [Point] = []
        func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset) }
    }

    /// A 20x5 scroll view over `lines` lines, focused, in a 20x5 window.
    func scene(lines: Int = 40, width: Int = 12, size: Size = Size(width: 20, height: 5)) -> (Pilot, ScrollView) {
        let scrollView = ScrollView(frame: Rect(origin: .zero, size: size))
        let content = Lines(count: lines, width: width)
        scrollView.contentView.addSubview(content)
        scrollView.contentSize = content.frame.size
        let pilot = pilot(showing: scrollView, size: size)
        pilot.window.makeFirstResponder(scrollView)
        pilot.settle()
        return (pilot, scrollView)
    }

    /// Column `x` of every row, top to bottom.
    func column(_ x: Int, _ pilot: Pilot) -> String {
        String(pilot.lines.map { Array($0).count > x ? Array($0)[x] : " " })
    }

    @Test func theFirstRowsShowWithAScrollBarWhoseThumbIsTheVisibleFraction() {
        let (pilot, scrollView) = scene(lines: 10)
        #expect(pilot.line(0).hasPrefix("line 0") && pilot.line(4).hasPrefix("line 4"))
        #expect(scrollView.visibleSize == Size(width: 19, height: 5), "the bar takes the last column")
        #expect(column(19, pilot) == "███││", "5 of 10 rows: half the track (2.5 cells, rounded), at the top")
        scrollView.contentOffset = Point(x: 0, y: 5)
        pilot.settle()
        #expect(pilot.line(0).hasPrefix("line 5") && column(19, pilot) == "││███")
    }

    @Test func contentThatFitsHasNoBarAndTakesNoKeys() {
        let (pilot, scrollView) = scene(lines: 3)
        #expect(column(19, pilot) == "     ")
        #expect(!scrollView.canBecomeFocused && !scrollView.canPerform(.moveDown))
    }

    @Test func theOffsetStaysWithinTheContentAndItsInsets() {
        let (pilot, scrollView) = scene()
        scrollView.contentOffset = Point(x: 0, y: 100)
        #expect(scrollView.contentOffset == Point(x: 0, y: 35))
        scrollView.contentOffset = Point(x: -4, y: -4)
        #expect(scrollView.contentOffset == .zero)
        scrollView.contentInset = EdgeInsets(top: 2, bottom: 1)
        scrollView.contentOffset = Point(x: 0, y: -9)
        #expect(scrollView.contentOffset == Point(x: 0, y: -2))
        pilot.settle()
        #expect(pilot.line(2).hasPrefix("line 0"), "two inset rows above the content")
        scrollView.contentOffset = Point(x: 0, y: 100)
        #expect(scrollView.contentOffset == Point(x: 0, y: 36), "one inset row below it")
        scrollView.contentInset = .zero
        scrollView.contentSize = Size(width: 12, height: 20)
        #expect(scrollView.contentOffset == Point(x: 0, y: 15), "a smaller content pulls the offset back")
    }

    @Test func keysScrollByARowAPageAndToTheEnds() {
        let (pilot, scrollView) = scene()
        pilot.press(.down)
        #expect(scrollView.contentOffset.y == 1)
        pilot.press(.pageDown)
        #expect(scrollView.contentOffset.y == 5, "a page is the visible rows less one")
        pilot.press(.character(" "))
        #expect(scrollView.contentOffset.y == 9)
        pilot.press(.end)
        #expect(scrollView.contentOffset.y == 35 && pilot.line(4).hasPrefix("line 39"))
        pilot.press(.pageUp)
        #expect(scrollView.contentOffset.y == 31)
        pilot.press(.home)
        #expect(scrollView.contentOffset.y == 0 && pilot.line(0).hasPrefix("line 0"))
        pilot.press(.up)
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func followingTheEndKeepsTheLastRowShowingUntilTheUserScrollsAway() {
        let (pilot, scrollView) = scene(lines: 8)
        scrollView.followsEnd = true
        pilot.settle()
        #expect(scrollView.contentOffset.y == 3 && pilot.line(4).hasPrefix("line 7"), "turned on, it shows the end")
        scrollView.contentSize.height = 20
        pilot.settle()
        #expect(scrollView.contentOffset.y == 15 && scrollView.isFollowingEnd, "the content grew: still the end")
        pilot.press(.up)
        scrollView.contentSize.height = 30
        pilot.settle()
        #expect(scrollView.contentOffset.y == 14 && !scrollView.isFollowingEnd, "scrolled away: it stays put")
        pilot.press(.end)
        scrollView.contentSize.height = 40
        pilot.settle()
        #expect(scrollView.contentOffset.y == 35 && scrollView.isFollowingEnd, "back at the end: it follows again")
        scrollView.frame.size.height = 3
        pilot.settle()
        #expect(scrollView.contentOffset.y == 37, "a new size keeps the end showing")
        scrollView.frame.size.height = 5
        pilot.settle()
        #expect(scrollView.contentOffset.y == 35)
    }

    @Test func withoutFollowingGrowingContentLeavesTheOffset() {
        let (pilot, scrollView) = scene(lines: 8)
        pilot.press(.end)
        scrollView.contentSize.height = 20
        pilot.settle()
        #expect(scrollView.contentOffset.y == 3 && !scrollView.isFollowingEnd)
    }

    @Test func theWheelScrollsThreeRows() {
        let (pilot, scrollView) = scene()
        pilot.scroll(.wheelDown, at: Point(x: 3, y: 2))
        #expect(scrollView.contentOffset.y == 3)
        pilot.scroll(.wheelUp, at: Point(x: 3, y: 2))
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func aClickOnTheTrackPagesAndDraggingTheThumbScrolls() {
        let (pilot, scrollView) = scene(lines: 10)
        pilot.click(at: Point(x: 19, y: 4))
        #expect(scrollView.contentOffset.y == 4, "below the thumb: a page down")
        pilot.click(at: Point(x: 19, y: 0))
        #expect(scrollView.contentOffset.y == 0, "above it: a page up")
        // The thumb covers rows 0-2 of 5: each of the 2 cells it can move is 2.5 rows.
        pilot.send(.mouse(MouseEvent(.press(.left), at: Point(x: 19, y: 1))))
        pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 19, y: 2))))
        #expect(scrollView.contentOffset.y == 3)
        pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 3, y: 9))))
        #expect(scrollView.contentOffset.y == 5, "the drag follows the pointer anywhere, to the end")
        pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 3, y: 9))))
        pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 19, y: 0))))
        #expect(scrollView.contentOffset.y == 5, "after the release nothing drags")
        #expect(column(19, pilot) == "││███")
    }

    @Test func anAnimatedScrollMovesFrameByFrameAndReadsItsTargetAtOnce() {
        let (pilot, scrollView) = scene()
        let recorder = Recorder()
        scrollView.delegate = recorder
        scrollView.setContentOffset(Point(x: 0, y: 20), animated: true)
        #expect(scrollView.contentOffset.y == 20 && recorder.offsets == [Point(x: 0, y: 20)])
        pilot.advance(by: 1.0 / 60)
        let early = pilot.line(0)
        #expect(!early.hasPrefix("line 0") && !early.hasPrefix("line 20"), "between its ends: \(early)")
        pilot.advance(by: 0.2)
        #expect(pilot.line(0).hasPrefix("line 20"))
        // Interrupted: a new target starts from where the content is.
        scrollView.setContentOffset(Point(x: 0, y: 0), animated: true)
        pilot.advance(by: 1.0 / 60)
        scrollView.setContentOffset(Point(x: 0, y: 30), animated: true)
        pilot.advance(by: 1.0 / 60)
        let row = pilot.line(0)
        #expect(row.hasPrefix("line 1") || row.hasPrefix("line 2"), "turned back mid-way: \(row)")
        pilot.settle()
        #expect(pilot.line(0).hasPrefix("line 30"))
        #expect(recorder.offsets.map(\.y) == [20, 0, 30])
    }

    @Test func scrollRectToVisibleMovesAsLittleAsNeeded() {
        let (_, scrollView) = scene()
        scrollView.scrollRectToVisible(Rect(x: 0, y: 12, width: 5, height: 2), animated: false)
        #expect(scrollView.contentOffset.y == 9, "the rect's last row at the bottom")
        scrollView.scrollRectToVisible(Rect(x: 0, y: 10, width: 5, height: 1), animated: false)
        #expect(scrollView.contentOffset.y == 9, "already visible: no move")
        scrollView.scrollRectToVisible(Rect(x: 0, y: 3, width: 5, height: 1), animated: false)
        #expect(scrollView.contentOffset.y == 3)
    }

    @Test func wideContentGetsAHorizontalBarAndTheArrowsScrollSideways() {
        let (pilot, scrollView) = scene(lines: 40, width: 40)
        #expect(scrollView.showsIndicators == (true, true))
        #expect(scrollView.visibleSize == Size(width: 19, height: 4))
        #expect(pilot.line(4).hasPrefix("█"), "the bottom row is the horizontal bar")
        pilot.press(.right)
        #expect(scrollView.contentOffset == Point(x: 1, y: 0))
        #expect(pilot.line(0).hasPrefix("ine 0"))
    }

    /// Insets put blank cells between a bar and the content or the edge, take them from the
    /// content, and shorten the bar along its length; the track still pages under a click.
    @Test func indicatorInsetsMoveAndShortenTheBars() {
        let (pilot, scrollView) = scene(lines: 40, width: 40, size: Size(width: 20, height: 8))
        scrollView.verticalScrollIndicatorInsets = EdgeInsets(top: 1, left: 1, right: 1)
        scrollView.horizontalScrollIndicatorInsets = EdgeInsets(bottom: 1, right: 2)
        pilot.settle()
        #expect(scrollView.visibleSize == Size(width: 17, height: 6), "3 columns and 2 rows go to the bars")
        #expect(column(18, pilot) == " █││││  ", "the vertical bar one in from the edge, a row shorter at the top")
        #expect(column(17, pilot).allSatisfy { $0 == " " } && column(19, pilot).allSatisfy { $0 == " " })
        let bar = Array(pilot.line(6))
        #expect(bar[0] == "█" && bar[14] == "─" && bar[15] == " " && bar[16] == " ", "the horizontal bar, two short")
        #expect(pilot.line(7).allSatisfy { $0 == " " }, "a blank row under it")
        pilot.click(at: Point(x: 18, y: 5))
        #expect(scrollView.contentOffset.y == 5, "a click low on the shifted track pages down")
    }

    @Test func aFocusedViewInsideTakesTheArrowsFirst() {
        final class Catcher: View {
            var keys: [KeyEvent] = []
            override var canBecomeFocused: Bool { true }
            override func keyPressed(_ event: KeyEvent) -> Bool {
                keys.append(event)
                return true
            }
        }
        let (pilot, scrollView) = scene()
        let catcher = Catcher(frame: Rect(x: 0, y: 0, width: 3, height: 1))
        scrollView.contentView.addSubview(catcher)
        pilot.window.makeFirstResponder(catcher)
        pilot.press(.down)
        #expect(catcher.keys == [KeyEvent(.down)] && scrollView.contentOffset.y == 0)
    }

    /// A press on the thumb grabs it, its first cell included: nothing pages, and the drag that
    /// follows moves the content from where it was.
    @Test func aPressOnTheThumbsFirstCellGrabsItAndPagesNothing() {
        let (pilot, scrollView) = scene(lines: 10)
        scrollView.contentOffset = Point(x: 0, y: 5)
        pilot.settle()
        #expect(column(19, pilot) == "││███", "the thumb on rows 2-4")
        pilot.send(.mouse(MouseEvent(.press(.left), at: Point(x: 19, y: 2))))
        #expect(scrollView.contentOffset.y == 5, "no page up")
        pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 19, y: 1))))
        #expect(scrollView.contentOffset.y == 3, "the thumb was held by its first cell: one cell up is 2.5 rows")
        pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 19, y: 1))))
        pilot.click(at: Point(x: 19, y: 3))
        #expect(scrollView.contentOffset.y == 3, "its last cell (rows 1-3 now): nothing pages either")
    }

    /// The thumb starts at the cell nearest to where the offset is along the room the thumb
    /// can move in, at every offset.
    @Test func theThumbStartsAtTheCellNearestItsOffset() {
        let (pilot, scrollView) = scene(lines: 100, size: Size(width: 20, height: 10))
        // 10 of 100 rows: a one-cell thumb moving over 9 cells for 90 rows of offset.
        for offset in 0...90 {
            scrollView.contentOffset = Point(x: 0, y: offset)
            pilot.settle()
            let expected = Int((Double(offset) * 9 / 90).rounded())
            let bar = Array(column(19, pilot))
            #expect(bar.firstIndex(of: "█") == expected && bar.filter { $0 == "█" }.count == 1, "offset \(offset)")
        }
    }

    /// A wheel notch over a nested scroll view whose content fits goes on to the scroll view
    /// around it.
    @Test func theWheelOverAScrollViewWhoseContentFitsScrollsTheOneAroundIt() {
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        outer.contentSize = Size(width: 20, height: 30)
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        let content = Lines(count: 3, width: 10)
        inner.contentView.addSubview(content)
        inner.contentSize = content.frame.size
        outer.contentView.addSubview(inner)
        let pilot = pilot(showing: outer, size: Size(width: 20, height: 5))
        pilot.settle()
        #expect(!inner.canScroll(.vertical))
        pilot.scroll(.wheelDown, at: Point(x: 2, y: 1))
        #expect(outer.contentOffset.y == 3, "the outer scroll view took the notch")
        #expect(inner.contentOffset == .zero)
    }

    /// Content exactly as wide as the columns left beside the vertical bar shows that bar
    /// alone; one column wider, it needs the horizontal bar too (the bar would hide its last
    /// column).
    @Test func contentAsWideAsTheRoomBesideTheVerticalBarShowsThatBarAlone() {
        let (pilot, scrollView) = scene(lines: 40, width: 19)
        #expect(scrollView.showsIndicators == (true, false))
        #expect(scrollView.visibleSize == Size(width: 19, height: 5))
        #expect(pilot.line(4).hasPrefix("line 4"), "the bottom row is content, no bar")
        #expect(!scrollView.canScroll(.horizontal))
        scrollView.contentSize = Size(width: 20, height: 40)
        pilot.settle()
        #expect(scrollView.showsIndicators == (true, true) && scrollView.canScroll(.horizontal))
    }

    /// Left and Right in a scroll view that cannot scroll sideways go on to the responders
    /// around it.
    @Test func leftAndRightGoOnWhenTheContentCannotScrollSideways() {
        final class Outer: View {
            var keys: [KeyEvent] = []
            override func keyPressed(_ event: KeyEvent) -> Bool {
                keys.append(event)
                return true
            }
        }
        let outer = Outer(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        let content = Lines(count: 40)
        scrollView.contentView.addSubview(content)
        scrollView.contentSize = content.frame.size
        outer.addSubview(scrollView)
        let pilot = pilot(showing: outer, size: Size(width: 20, height: 5))
        pilot.window.makeFirstResponder(scrollView)
        pilot.settle()
        pilot.press(.right)
        pilot.press(.left)
        #expect(outer.keys == [KeyEvent(.right), KeyEvent(.left)] && scrollView.contentOffset == .zero)
        pilot.press(.down)
        #expect(outer.keys.count == 2 && scrollView.contentOffset.y == 1, "Down still scrolls")
    }
}

/// A list scrolls through its scroll view: the same offset, the scroll bar on demand, the bar's
/// clicks moving the rows.
@MainActor
struct ListViewScrollingTests {
    final class Numbers: ListViewDataSource {
        func numberOfRows(in listView: ListView) -> Int { 30 }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { "Row \(row)" }
    }

    @Test func aListScrollsAsAScrollViewWithItsHeaderPinnedAndAnOptionalBar() {
        let numbers = Numbers()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 12, height: 6))
        list.dataSource = numbers
        list.headerTitle = "Title"
        list.showsVerticalScrollIndicator = true
        let pilot = pilot(showing: list, size: Size(width: 12, height: 6))
        pilot.window.makeFirstResponder(list)
        pilot.settle()
        #expect(pilot.line(0).hasPrefix(" Title") && pilot.line(1).hasPrefix(" Row 0"))
        #expect(list.visibleRowCapacity == 5 && list.visibleSize.width == 11, "the header row and the bar's column")
        pilot.press(.end)
        #expect(list.scrollOffset == 25 && list.contentOffset.y == 25)
        #expect(pilot.line(0).hasPrefix(" Title"), "the header stays")
        #expect(pilot.line(5).hasPrefix(" Row 29") && pilot.line(5).hasSuffix("█"))
        pilot.click(at: Point(x: 11, y: 1))
        #expect(list.scrollOffset == 21, "a click on the track above the thumb pages up (4 rows)")
        #expect(list.selectedRow == 25, "the selection is carried along, as the wheel carries it")
    }
}
