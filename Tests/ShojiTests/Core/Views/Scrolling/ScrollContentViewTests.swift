import Testing

@testable import Shoji
@testable import ShojiTesting

/// A scroll view's content view visits only the subviews that meet the rows drawn or hit
/// (`ScrollContentView`, `SubviewIndex`): it draws and hits exactly what a plain view does, at
/// the edges of the visible rows too, and its index follows subviews added, removed, reordered
/// and moved.
@MainActor
struct ScrollContentViewTests {
    /// A view drawing its name in every row, in a style of its own, so a screen shows which view
    /// drew each cell.
    final class Block: View {
        let name: Character
        init(_ name: Character, frame: Rect) {
            self.name = name
            super.init(frame: frame)
        }
        override func draw(in canvas: inout Canvas) {
            for y in 0..<bounds.height {
                canvas.write(String(repeating: String(name), count: bounds.width), at: Point(x: 0, y: y))
            }
        }
    }

    /// Random frames over 200 rows: mostly one row high, some tall (up to the whole content),
    /// some empty, some overlapping, some hidden, some with subviews of their own.
    func blocks(seed: UInt64, count: Int) -> [View] {
        var generator = SeededGenerator(seed: seed)
        let names = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return (0..<count).map { number in
            let tall = Int.random(in: 0..<10, using: &generator) == 0
            let height = tall ? Int.random(in: 0...200, using: &generator) : Int.random(in: 0...2, using: &generator)
            let frame = Rect(
                x: Int.random(in: -2..<28, using: &generator), y: Int.random(in: -5..<200, using: &generator),
                width: Int.random(in: 0...8, using: &generator), height: height)
            let block = Block(names[number % names.count], frame: frame)
            block.isHidden = Int.random(in: 0..<20, using: &generator) == 0
            if Int.random(in: 0..<8, using: &generator) == 0 {
                block.addSubview(Block("*", frame: Rect(x: 1, y: 0, width: 1, height: 1)))
            }
            return block
        }
    }

    /// The subviews a plain view would visit that can draw in `rows`: those with a non-empty
    /// frame meeting them, back to front.
    func meeting(_ rows: Range<Int>, in views: [View]) -> [View] {
        views.filter { view in
            let frame = view.frame
            return frame.width > 0 && frame.height > 0 && frame.minY < rows.upperBound && frame.maxY > rows.lowerBound
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theIndexFindsExactlyTheSubviewsMeetingTheRowsThroughChanges(seed: UInt64) {
        var generator = SeededGenerator(seed: seed * 1_000)
        let content = ScrollContentView()
        for block in blocks(seed: seed, count: 300) { content.addSubview(block) }
        func check(_ step: String) {
            for _ in 0..<40 {
                let top = Int.random(in: -10..<210, using: &generator)
                let rows = top..<(top + Int.random(in: 0...30, using: &generator))
                let found = content.subviews(meeting: Rect(x: 0, y: rows.lowerBound, width: 30, height: rows.count))
                #expect(
                    found.map(ObjectIdentifier.init) == meeting(rows, in: content.subviews).map(ObjectIdentifier.init),
                    "\(step), rows \(rows)")
            }
        }
        check("as added")
        for _ in 0..<20 {
            let view = content.subviews[Int.random(in: 0..<content.subviews.count, using: &generator)]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: view.removeFromSuperview()
            case 1: content.insertSubview(view, at: Int.random(in: 0..<content.subviews.count, using: &generator))
            case 2: view.frame.origin.y = Int.random(in: -5..<200, using: &generator)
            default:
                content.addSubview(
                    Block("+", frame: Rect(x: 3, y: Int.random(in: 0..<200, using: &generator), width: 2, height: 1)))
            }
            check("after a change")
        }
    }

    @Test func anAnimatedFrameMovesTheSubviewInTheIndex() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        for row in 0..<40 {
            scrollView.contentView.addSubview(Block("a", frame: Rect(x: 0, y: row, width: 1, height: 1)))
        }
        let mover = Block("m", frame: Rect(x: 5, y: 30, width: 1, height: 1))
        scrollView.contentView.addSubview(mover)
        scrollView.contentSize = Size(width: 10, height: 40)
        let pilot = pilot(showing: scrollView, size: Size(width: 10, height: 4))
        pilot.settle()
        #expect(!pilot.text.contains("m"))
        View.animate(withDuration: 0.5, curve: .linear) { mover.frame.origin.y = 1 }
        pilot.advance(by: 1)
        #expect(pilot.line(1).hasPrefix("a    m "), "the index follows the frames an animation sets")
        #expect(pilot.window.contentView.hitTest(Point(x: 5, y: 1)) === mover)
    }

    /// The same blocks in a scroll view's content and in a plain view moved the same way inside
    /// a clipping view of the same size: every screen and every hit must be the same, however
    /// far it scrolls (the edges of the visible rows cut tall blocks and meet one-row ones).
    @Test func drawingAndHitTestingMatchAPlainViewAtEveryOffset() {
        let size = Size(width: 30, height: 10)
        let scrollView = ScrollView(frame: Rect(origin: .zero, size: size))
        scrollView.showsVerticalScrollIndicator = false
        for block in blocks(seed: 9, count: 400) { scrollView.contentView.addSubview(block) }
        scrollView.contentSize = Size(width: 30, height: 200)
        let viewport = View(frame: Rect(origin: .zero, size: size))
        let plain = View(frame: Rect(x: 0, y: 0, width: 30, height: 200))
        for block in blocks(seed: 9, count: 400) { plain.addSubview(block) }
        viewport.addSubview(plain)
        let indexed = pilot(showing: scrollView, size: size)
        let reference = pilot(showing: viewport, size: size)
        for offset in stride(from: 0, through: 190, by: 7) + [189, 190] {
            scrollView.contentOffset = Point(x: 0, y: offset)
            plain.frame.origin.y = -offset
            indexed.settle()
            reference.settle()
            #expect(indexed.styledText == reference.styledText, "offset \(offset)")
            for y in -1...size.height {
                for x in 0..<size.width {
                    let hit = indexed.window.contentView.hitTest(Point(x: x, y: y)) as? Block
                    let expected = reference.window.contentView.hitTest(Point(x: x, y: y)) as? Block
                    #expect(
                        hit?.name == expected?.name && hit?.frame == expected?.frame, "offset \(offset) at \(x),\(y)")
                }
            }
        }
    }

    /// Counts its layout visits and its `layoutSubviews()` calls.
    final class Counting: View {
        var visits = 0
        var layouts = 0
        var onLayout: (() -> Void)?
        override func layoutIfNeeded() {
            visits += 1
            super.layoutIfNeeded()
        }
        override func layoutSubviews() {
            layouts += 1
            onLayout?()
        }
    }

    /// A 10x4 scroll view over 100 one-row `Counting` views (one a row), laid out once.
    func countingScene() -> (Pilot, ScrollView, [Counting]) {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        let rows = (0..<100).map { Counting(frame: Rect(x: 0, y: $0, width: 5, height: 1)) }
        for row in rows { scrollView.contentView.addSubview(row) }
        scrollView.contentSize = Size(width: 10, height: 100)
        let pilot = pilot(showing: scrollView, size: Size(width: 10, height: 4))
        pilot.settle()
        return (pilot, scrollView, rows)
    }

    @Test func aFrameLaysOutOnlyTheSubviewsThatShowOrAskedAndEveryOneThatAsked() {
        let (pilot, scrollView, rows) = countingScene()
        #expect(rows.allSatisfy { $0.layouts == 1 }, "the first pass lays out every new subview")
        let visits = rows.map(\.visits)
        scrollView.contentOffset = Point(x: 0, y: 50)
        pilot.settle()
        let visited = rows.indices.filter { rows[$0].visits > visits[$0] }
        #expect(
            visited == Array(50..<(50 + scrollView.visibleSize.height)), "a scrolled frame visits the rows that show")
        rows[90].setNeedsLayout()
        rows[3].frame.size = Size(width: 6, height: 1)
        pilot.settle()
        #expect(rows[90].layouts == 2 && rows[3].layouts == 2, "out of view, a subview that asked is laid out")
        #expect(rows[10].layouts == 1)
        let grandchild = Counting(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        rows[80].addSubview(grandchild)
        pilot.settle()
        #expect(grandchild.layouts == 1, "a view added deep inside an unseen subview is laid out")
        grandchild.setNeedsLayout()
        pilot.settle()
        #expect(grandchild.layouts == 2)
    }

    @Test func aSubviewAskingAfterThePassWentByGetsTheNextFrame() {
        let (pilot, scrollView, rows) = countingScene()
        // A sibling laid out after the scroll view asks an unseen subview for layout.
        let late = Counting(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        late.onLayout = { rows[70].setNeedsLayout() }
        scrollView.superview?.addSubview(late)
        pilot.settle()
        #expect(rows[70].layouts == 2, "laid out in the frame the window asked for")
        // Asked by a subview laid out earlier in the same pass: laid out in that pass.
        rows[1].onLayout = { rows[60].setNeedsLayout() }
        rows[1].setNeedsLayout()
        let before = rows[60].layouts
        pilot.advanceToNextFrame()
        #expect(rows[60].layouts == before + 1)
    }
}
