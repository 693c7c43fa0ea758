import Testing

@testable import Shoji
@testable import ShojiTesting

/// `StackView`: every distribution and alignment on both axes, spacing, hidden views, nesting,
/// margins, remainders, shrinking, the arranged subviews' bookkeeping, and relayout in the
/// same frame when content changes or the window resizes.
@MainActor
struct StackViewTests {
    /// A view of a fixed intrinsic size (`View.noIntrinsicMetric` allowed) that fills its
    /// frame with `mark`.
    final class Box: View {
        var natural: Size { didSet { invalidateIntrinsicContentSize() } }
        let mark: Character

        init(_ mark: Character = "#", width: Int = View.noIntrinsicMetric, height: Int = View.noIntrinsicMetric) {
            var size = Size.zero
            size.width = width
            size.height = height
            natural = size
            self.mark = mark
            super.init()
        }

        override var intrinsicContentSize: Size { natural }

        override func draw(in canvas: inout Canvas) {
            for y in 0..<canvas.size.height {
                canvas.write(String(repeating: mark, count: canvas.size.width), at: Point(x: 0, y: y))
            }
        }
    }

    /// A row (or column) of `views` laid out in `size`, without a window.
    func stack(
        _ views: [View], _ axis: StackView.Axis = .horizontal, size: Size, spacing: Int = 0,
        distribution: StackView.Distribution = .fill, alignment: StackView.Alignment = .fill
    ) -> StackView {
        let stack = StackView(
            axis: axis, spacing: spacing, alignment: alignment, distribution: distribution, arrangedSubviews: views,
            frame: Rect(origin: .zero, size: size))
        stack.layoutIfNeeded()
        return stack
    }

    /// The (origin, length) of each arranged subview along the stack's axis.
    func spans(_ stack: StackView) -> [[Int]] {
        stack.arrangedSubviews.map {
            stack.axis == .horizontal ? [$0.frame.minX, $0.frame.width] : [$0.frame.minY, $0.frame.height]
        }
    }

    /// The (origin, length) of each arranged subview across the stack's axis.
    func crossSpans(_ stack: StackView) -> [[Int]] {
        stack.arrangedSubviews.map {
            stack.axis == .horizontal ? [$0.frame.minY, $0.frame.height] : [$0.frame.minX, $0.frame.width]
        }
    }

    /// Boxes of the given lengths along `axis` (nil: no intrinsic length), 1 cell across.
    func boxes(_ lengths: [Int?], _ axis: StackView.Axis) -> [Box] {
        lengths.map { length in
            let along = length ?? View.noIntrinsicMetric
            return axis == .horizontal ? Box(width: along, height: 1) : Box(width: 1, height: along)
        }
    }

    nonisolated static let axes: [StackView.Axis] = [.horizontal, .vertical]

    func size(_ length: Int, _ axis: StackView.Axis, cross: Int = 5) -> Size {
        axis == .horizontal ? Size(width: length, height: cross) : Size(width: cross, height: length)
    }

    // MARK: Distributions

    @Test(arguments: axes) func fillGivesTheExtraRoomToTheViewsWithNoIntrinsicLength(axis: StackView.Axis) {
        let one = stack(boxes([3, nil, 4], axis), axis, size: size(20, axis), spacing: 1)
        #expect(spans(one) == [[0, 3], [4, 11], [16, 4]])
        let two = stack(boxes([nil, 3, nil], axis), axis, size: size(20, axis), spacing: 1)
        #expect(spans(two) == [[0, 8], [9, 3], [13, 7]], "15 cells shared: the first flexible view gets the odd one")
        let none = stack(boxes([3, 4], axis), axis, size: size(20, axis), spacing: 2)
        #expect(spans(none) == [[0, 3], [5, 15]], "no flexible view: the last one stretches")
    }

    @Test(arguments: axes) func fillEquallySharesTheRoomTheFirstViewsTakingTheRemainder(axis: StackView.Axis) {
        let even = stack(boxes([1, 9, nil], axis), axis, size: size(11, axis), spacing: 1, distribution: .fillEqually)
        #expect(spans(even) == [[0, 3], [4, 3], [8, 3]], "intrinsic lengths are not used")
        let odd = stack(boxes([1, 9, nil], axis), axis, size: size(10, axis), spacing: 1, distribution: .fillEqually)
        #expect(spans(odd) == [[0, 3], [4, 3], [8, 2]], "8 cells in 3: 3, 3, 2")
        let short = stack(boxes([1, 1], axis), axis, size: size(1, axis), spacing: 3, distribution: .fillEqually)
        #expect(spans(short) == [[0, 0], [1, 0]], "no room: 0 long, inside the bounds")
    }

    @Test(arguments: axes) func fillProportionallyFollowsTheIntrinsicLengths(axis: StackView.Axis) {
        let exact = stack(boxes([1, 2, 3], axis), axis, size: size(12, axis), distribution: .fillProportionally)
        #expect(spans(exact) == [[0, 2], [2, 4], [6, 6]])
        let rounded = stack(boxes([1, 2, 3], axis), axis, size: size(10, axis), distribution: .fillProportionally)
        #expect(spans(rounded) == [[0, 2], [2, 3], [5, 5]], "1.67, 3.33, 5 rounded down, the odd cell to the first")
        let shrunk = stack(
            boxes([4, 4], axis), axis, size: size(5, axis), spacing: 1, distribution: .fillProportionally)
        #expect(spans(shrunk) == [[0, 2], [3, 2]], "too little room: the proportions shrink")
        let flexible = stack(boxes([2, nil], axis), axis, size: size(6, axis), distribution: .fillProportionally)
        #expect(spans(flexible) == [[0, 6], [6, 0]], "no intrinsic length counts as 0")
        let noneAtAll = stack(boxes([nil, nil], axis), axis, size: size(5, axis), distribution: .fillProportionally)
        #expect(spans(noneAtAll) == [[0, 3], [3, 2]], "nobody has a length: equal shares")
    }

    @Test(arguments: axes) func equalSpacingSharesTheExtraRoomBetweenTheGaps(axis: StackView.Axis) {
        let even = stack(boxes([2, 2, 2], axis), axis, size: size(12, axis), spacing: 1, distribution: .equalSpacing)
        #expect(spans(even) == [[0, 2], [5, 2], [10, 2]])
        let odd = stack(boxes([2, 2, 2], axis), axis, size: size(13, axis), spacing: 1, distribution: .equalSpacing)
        #expect(spans(odd) == [[0, 2], [6, 2], [11, 2]], "the first gap takes the odd cell")
        let tight = stack(boxes([4, 4], axis), axis, size: size(6, axis), spacing: 1, distribution: .equalSpacing)
        #expect(spans(tight) == [[0, 4], [5, 1]], "too little room: the least gap, the last view shrinks")
        let flexible = stack(boxes([2, nil], axis), axis, size: size(8, axis), spacing: 1, distribution: .equalSpacing)
        #expect(spans(flexible) == [[0, 2], [3, 5]], "a view with no length stretches, as with .fill")
    }

    @Test(arguments: axes) func equalCenteringSpacesTheCentresEqually(axis: StackView.Axis) {
        let centred = stack(boxes([2, 4, 2], axis), axis, size: size(12, axis), distribution: .equalCentering)
        #expect(spans(centred) == [[0, 2], [4, 4], [10, 2]], "centres at 1, 6, 11")
        let rounded = stack(boxes([1, 2, 1], axis), axis, size: size(8, axis), distribution: .equalCentering)
        #expect(spans(rounded) == [[0, 1], [3, 2], [7, 1]], "centres at 0.5, 4, 7.5: origins rounded down")
        let tight = stack(
            boxes([1, 6, 1], axis), axis, size: size(10, axis), spacing: 1, distribution: .equalCentering)
        #expect(spans(tight) == [[0, 1], [2, 6], [9, 1]], "equal centres would overlap: equal spacing instead")
    }

    // MARK: Alignment

    @Test(arguments: axes) func alignmentPlacesViewsAcrossTheAxis(axis: StackView.Axis) {
        func placed(_ alignment: StackView.Alignment) -> [[Int]] {
            let views = [
                axis == .horizontal ? Box(width: 2, height: 3) : Box(width: 3, height: 2),
                axis == .horizontal ? Box(width: 2, height: 4) : Box(width: 4, height: 2), Box()
            ]
            return crossSpans(stack(views, axis, size: size(10, axis, cross: 10), alignment: alignment))
        }
        #expect(placed(.fill) == [[0, 10], [0, 10], [0, 10]])
        #expect(placed(.leading) == [[0, 3], [0, 4], [0, 10]], "no intrinsic size across: the whole")
        #expect(placed(.top) == placed(.leading))
        #expect(placed(.center) == [[3, 3], [3, 4], [0, 10]], "7 cells around 3: 3 before, 4 after")
        #expect(placed(.trailing) == [[7, 3], [6, 4], [0, 10]])
        #expect(placed(.bottom) == placed(.trailing))
    }

    @Test func aWrappingLabelInAColumnIsAsTallAsItsTextAtTheColumnsWidth() {
        let label = Label(text: "one two three four")
        label.lineBreakMode = .byWordWrapping
        let below = Box(width: 3, height: 1)
        let column = stack([label, below], .vertical, size: Size(width: 10, height: 10))
        #expect(label.frame == Rect(x: 0, y: 0, width: 10, height: 2), "one two / three four")
        #expect(below.frame.minY == 2)
        column.alignment = .leading
        column.layoutIfNeeded()
        #expect(label.frame == Rect(x: 0, y: 0, width: 10, height: 2), "the widest row of the wrapped text")
        #expect(below.frame == Rect(x: 0, y: 2, width: 3, height: 8), "the last view stretches")
        column.frame.size.width = 5
        column.layoutIfNeeded()
        #expect(label.frame.height == 4 && below.frame.minY == 4, "narrower: more rows")
    }

    // MARK: Spacing and hidden views

    @Test(arguments: axes) func customSpacingAndHiddenViewsTakeNoRoomNorSpacing(axis: StackView.Axis) {
        let views = boxes([1, 1, 1, 1], axis)
        let row = stack(views, axis, size: size(20, axis), spacing: 2)
        row.setCustomSpacing(5, after: views[0])
        row.layoutIfNeeded()
        #expect(spans(row) == [[0, 1], [6, 1], [9, 1], [12, 8]])
        #expect(row.customSpacing(after: views[0]) == 5 && row.customSpacing(after: views[1]) == nil)
        views[1].isHidden = true
        #expect(row.needsLayout, "hiding an arranged subview lays the stack out again")
        row.layoutIfNeeded()
        #expect(spans(row)[0] == [0, 1] && spans(row)[2] == [6, 1], "the custom gap now leads to the third view")
        views[0].isHidden = true
        row.layoutIfNeeded()
        #expect(spans(row)[2] == [0, 1] && spans(row)[3] == [3, 17], "no gap before the first visible view")
        views[0].isHidden = false
        views[1].isHidden = false
        row.setCustomSpacing(nil, after: views[0])
        row.spacing = -3
        row.layoutIfNeeded()
        #expect(spans(row) == [[0, 1], [1, 1], [2, 1], [3, 17]], "negative spacing counts as 0")
    }

    // MARK: Too little room

    @Test(arguments: axes) func tooLittleRoomShrinksFlexibleViewsThenTheLastOnesNeverBelowZero(axis: StackView.Axis) {
        let row = stack(boxes([3, nil, 3, 3], axis), axis, size: size(8, axis), spacing: 1)
        #expect(
            spans(row) == [[0, 3], [3, 0], [4, 3], [7, 0]],
            "the flexible view gives way with its gap, then the last one; the cell freed with its gap stays at the end")
        row.frame.size = size(9, axis)
        row.layoutIfNeeded()
        #expect(spans(row) == [[0, 3], [3, 0], [4, 3], [8, 1]], "the last view shrinks and keeps its gap")
        row.frame.size = size(4, axis)
        row.layoutIfNeeded()
        #expect(spans(row) == [[0, 3], [3, 0], [3, 0], [3, 0]])
        row.frame.size = size(2, axis)
        row.layoutIfNeeded()
        #expect(spans(row) == [[0, 2], [2, 0], [2, 0], [2, 0]], "the first view shrinks last")
        row.frame.size = size(0, axis)
        row.layoutIfNeeded()
        #expect(spans(row).allSatisfy { $0 == [0, 0] })
        for view in row.arrangedSubviews {
            #expect(view.frame.width >= 0 && view.frame.height >= 0)
            #expect(view.frame.maxX <= row.bounds.width && view.frame.maxY <= row.bounds.height)
        }
    }

    /// A column whose rows have gaps: when it shrinks, a row cut to nothing takes its gap with
    /// it, so the rows that still show stay together.
    @Test func viewsThatGiveWayTakeTheirGapsWithThem() {
        let column = stack(boxes([1, 1, 1], .vertical), .vertical, size: Size(width: 3, height: 2), spacing: 1)
        #expect(spans(column) == [[0, 1], [1, 0], [1, 0]], "one row fits: no gap after it")
        column.distribution = .equalSpacing
        column.layoutIfNeeded()
        #expect(spans(column) == [[0, 1], [1, 0], [1, 0]])
        column.distribution = .fillEqually
        column.layoutIfNeeded()
        #expect(spans(column) == [[0, 0], [1, 0], [2, 0]], "equal shares keep the gaps: none is left for the views")
    }

    // MARK: Margins and nesting

    @Test func marginsAreKeptClearWhenTheArrangementIsRelativeToThem() {
        let views = boxes([2, nil], .horizontal)
        let row = stack(views, .horizontal, size: Size(width: 12, height: 5), spacing: 1)
        row.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 1, right: 3)
        row.layoutIfNeeded()
        #expect(views[1].frame == Rect(x: 3, y: 0, width: 9, height: 5), "margins unused by default")
        row.isLayoutMarginsRelativeArrangement = true
        row.layoutIfNeeded()
        #expect(views[0].frame == Rect(x: 2, y: 1, width: 2, height: 3))
        #expect(views[1].frame == Rect(x: 5, y: 1, width: 4, height: 3))
        views[1].natural.width = 1
        #expect(row.intrinsicContentSize == Size(width: 2 + 1 + 1 + 5, height: 1 + 2))
        row.layoutMargins = EdgeInsets(top: -1, left: 20)
        row.layoutIfNeeded()
        #expect(views[0].frame == Rect(x: 12, y: 0, width: 0, height: 5), "negative as 0; no room left")
    }

    @Test func theContentSizeComesFromTheArrangedSubviews() {
        let views = boxes([2, 3, 4], .horizontal)
        views[1].natural.height = 3
        let row = stack(views, .horizontal, size: .zero, spacing: 1)
        #expect(row.intrinsicContentSize == Size(width: 2 + 3 + 4 + 2, height: 3))
        row.distribution = .fillEqually
        #expect(row.intrinsicContentSize == Size(width: 4 * 3 + 2, height: 3), "equal lengths: the longest")
        row.distribution = .fill
        views[2].isHidden = true
        #expect(row.intrinsicContentSize == Size(width: 2 + 3 + 1, height: 3), "hidden views count for nothing")
        views[0].natural.width = View.noIntrinsicMetric
        #expect(row.intrinsicContentSize.width == View.noIntrinsicMetric, "a stretching view: no length")
        for view in views { view.natural = View.noIntrinsicSize }
        #expect(row.intrinsicContentSize == View.noIntrinsicSize)
        #expect(StackView().intrinsicContentSize == .zero)
    }

    /// A column of rows: each row is as tall as its tallest view, a wrapped label at the width
    /// it gets in its row.
    @Test func stackViewsNest() {
        let name = Label(text: "Name")
        let field = TextField()
        let note = Label(text: "a long note that wraps")
        note.lineBreakMode = .byWordWrapping
        let noteTitle = Label(text: "Note")
        let fieldRow = StackView(arrangedSubviews: [name, field])
        fieldRow.spacing = 1
        let noteRow = StackView(arrangedSubviews: [noteTitle, note])
        noteRow.spacing = 1
        let footer = Box(width: 1, height: 1)
        let column = stack([fieldRow, noteRow, footer], .vertical, size: Size(width: 13, height: 10), spacing: 1)
        column.layoutIfNeeded()
        #expect(fieldRow.frame == Rect(x: 0, y: 0, width: 13, height: 1))
        #expect(field.frame == Rect(x: 5, y: 0, width: 8, height: 1), "the field stretches in its row")
        #expect(noteRow.frame == Rect(x: 0, y: 2, width: 13, height: 4), "the note wraps in 8 columns: 4 rows")
        #expect(note.frame == Rect(x: 5, y: 0, width: 8, height: 4))
        #expect(footer.frame == Rect(x: 0, y: 7, width: 13, height: 3))
        #expect(fieldRow.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(fieldRow.intrinsicContentSize.height == 1)
        #expect(
            noteRow.sizeThatFits(Size(width: 13, height: 1)) == Size(width: 5 + 11, height: 4),
            "the note would like 11 columns (a long note / that wraps), gets 8 and needs 4 rows")
    }

    // MARK: Arranged subviews

    @Test func arrangedSubviewsFollowUIKitsRules() {
        let a = Box("a"), b = Box("b"), c = Box("c"), other = View()
        let row = StackView(arrangedSubviews: [a, b])
        #expect(row.subviews.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        row.insertArrangedSubview(c, at: 0)
        #expect(row.arrangedSubviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        #expect(row.subviews.last === c, "a new view goes on top of the subviews, first in the arrangement")
        row.insertArrangedSubview(a, at: 99)
        #expect(row.arrangedSubviews.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        row.setCustomSpacing(4, after: b)
        row.removeArrangedSubview(b)
        #expect(row.arrangedSubviews.count == 2 && b.superview === row, "still a subview, no longer arranged")
        #expect(row.customSpacing(after: b) == nil, "its custom spacing is forgotten")
        row.addArrangedSubview(b)
        c.removeFromSuperview()
        #expect(row.arrangedSubviews.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        other.addSubview(a)
        #expect(row.arrangedSubviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b)], "moved elsewhere")
        let plain = View()
        row.addSubview(plain)
        #expect(row.arrangedSubviews.count == 1, "a plain subview is not arranged")
        row.setCustomSpacing(3, after: plain)
        #expect(row.customSpacing(after: plain) == nil, "ignored for a view that is not arranged")
    }

    // MARK: Relayout in the same frame

    /// A row of two labels and a button that lengthens the first label; the row is inside a
    /// column (nesting) in a window.
    @MainActor final class Scene {
        let first = Label(text: "ab")
        let second = Label(text: "cd")
        let button = Button(title: "Grow")
        let row: StackView
        let column: StackView
        let pilot: Pilot

        init() {
            row = StackView(spacing: 1, arrangedSubviews: [first, second])
            column = StackView(axis: .vertical, alignment: .leading, arrangedSubviews: [row, button])
            pilot = ShojiTests.pilot(showing: column, size: Size(width: 30, height: 4))
            column.frame = Rect(x: 0, y: 0, width: 30, height: 4)
            button.action = { [first] in first.text = "abcdef" }
            pilot.settle()
        }
    }

    @Test func aLabelsNewTextIsLaidOutInTheFrameItCauses() throws {
        let scene = Scene()
        #expect(scene.pilot.line(0).hasPrefix("ab cd"))
        scene.pilot.screen.clearFrames()
        try scene.pilot.click(scene.button)
        scene.pilot.settle()
        #expect(!scene.pilot.screen.frames.isEmpty)
        for frame in scene.pilot.screen.frames {
            #expect(
                frame.plainText.hasPrefix("abcdef cd"),
                "every frame after the change shows it laid out:\n\(frame.plainText)")
        }
        #expect(scene.row.frame.width == 9, "the column gave the row its new width")
    }

    @Test func hidingAViewIsLaidOutInTheFrameItCauses() {
        let scene = Scene()
        scene.pilot.screen.clearFrames()
        scene.first.isHidden = true
        scene.pilot.settle()
        #expect(scene.pilot.screen.frames.count == 1)
        #expect(scene.pilot.screen.frames.allSatisfy { $0.plainText.hasPrefix("cd ") })
    }

    @Test func aResizeIsLaidOutInTheFrameItCauses() {
        let first = Label(text: "left")
        let spacer = View()
        let last = Label(text: "right")
        let row = StackView(arrangedSubviews: [first, spacer, last])
        let pilot = pilot(showing: row, size: Size(width: 20, height: 1))
        row.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        row.autoresizingMask = .flexibleSize
        pilot.settle()
        #expect(pilot.line(0) == "left           right")
        pilot.screen.clearFrames()
        pilot.resize(to: Size(width: 12, height: 1))
        pilot.settle()
        #expect(pilot.screen.frames.count == 1)
        #expect(pilot.screen.frames.allSatisfy { $0.plainText == "left   right" })
    }
}
