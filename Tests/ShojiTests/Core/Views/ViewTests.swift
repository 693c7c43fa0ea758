import Testing
@testable import Shoji
import ShojiTesting

@MainActor
struct ViewTests {
    @Test func drawingIsClippedToTheFrameAndEveryAncestor() {
        let outer = View(frame: Rect(x: 1, y: 1, width: 6, height: 3))
        let inner = FillView("x", frame: Rect(x: 3, y: 1, width: 6, height: 4))  // sticks out right and below
        outer.addSubview(inner)
        let pilot = pilot(showing: outer, size: Size(width: 10, height: 6))
        #expect(
            pilot.lines == [
                "          ",
                "          ",
                "    xxx   ",
                "    xxx   ",
                "          ",
                "          "
            ])
    }

    @Test func laterSubviewsDrawOnTopAndHiddenOnesNotAtAll() {
        let back = FillView("b", frame: Rect(x: 0, y: 0, width: 4, height: 1))
        let front = FillView("f", frame: Rect(x: 2, y: 0, width: 4, height: 1))
        let hidden = FillView("h", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        hidden.isHidden = true
        let pilot = pilot(showing: back, front, hidden, size: Size(width: 8, height: 1))
        #expect(pilot.lines == ["bbffff  "])
        hidden.isHidden = false
        pilot.advance(by: 0.1)
        #expect(pilot.lines == ["hhhhhhhh"], "un-hiding asks for a frame")
    }

    @Test func aWideCharacterCutByAClipEdgeIsNotHalfDrawn() {
        let label = Label(text: "ab漢字")
        let holder = View(frame: Rect(x: 0, y: 0, width: 5, height: 1))  // cuts 字 in half
        label.frame = Rect(x: 0, y: 0, width: 8, height: 1)
        holder.addSubview(label)
        let pilot = pilot(showing: holder, size: Size(width: 8, height: 1))
        let frame = pilot.screen.lastFrame!
        #expect(frame.text(row: 0) == "ab漢    ")
        #expect(frame[4, 0] == Cell.blank(), "the half of 字 inside the clip is blank")
    }

    @Test func backgroundPaintsTheWholeFrameBeforeContent() {
        let pane = View(frame: Rect(x: 1, y: 0, width: 3, height: 2))
        pane.backgroundStyle = Style(attributes: .reverse)
        let pilot = pilot(showing: pane, size: Size(width: 5, height: 2))
        #expect(pilot.styledText == " {reverse}   {/} \n {reverse}   {/} ")
    }

    @Test func autoresizingFollowsTheSuperview() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        let fill = View(frame: Rect(x: 2, y: 1, width: 16, height: 8))
        fill.autoresizingMask = .flexibleSize
        let centred = View(frame: Rect(x: 5, y: 0, width: 10, height: 1))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let pinnedRight = View(frame: Rect(x: 15, y: 9, width: 5, height: 1))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let fixed = View(frame: Rect(x: 1, y: 1, width: 3, height: 3))
        for view in [fill, centred, pinnedRight, fixed] { parent.addSubview(view) }

        parent.frame = Rect(x: 0, y: 0, width: 40, height: 20)
        #expect(fill.frame == Rect(x: 2, y: 1, width: 36, height: 18), "margins kept, size follows")
        #expect(centred.frame == Rect(x: 15, y: 0, width: 10, height: 1), "stays centred")
        #expect(pinnedRight.frame == Rect(x: 35, y: 19, width: 5, height: 1), "stays at the bottom right")
        #expect(fixed.frame == Rect(x: 1, y: 1, width: 3, height: 3))

        parent.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(fill.frame == Rect(x: 2, y: 1, width: 16, height: 8), "shrinking back restores it")
        #expect(centred.frame == Rect(x: 5, y: 0, width: 10, height: 1))
    }

    @Test func aResizedWindowRelaysOutTheRootView() {
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 30, height: 10))
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 30, height: 10))
        pilot.resize(to: Size(width: 50, height: 4))
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 50, height: 4))
    }

    @Test func hitTestFindsTheFrontmostDeepestInteractiveView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        let back = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let child = View(frame: Rect(x: 2, y: 2, width: 3, height: 3))
        back.addSubview(child)
        let front = View(frame: Rect(x: 5, y: 0, width: 10, height: 10))
        root.addSubview(back)
        root.addSubview(front)

        #expect(root.hitTest(Point(x: 3, y: 3)) === child)
        #expect(root.hitTest(Point(x: 6, y: 3)) === front, "front covers back")
        #expect(root.hitTest(Point(x: 25, y: 3)) == nil)
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 6, y: 3)) === back, "a view that takes no events lets them through")
        back.isHidden = true
        #expect(root.hitTest(Point(x: 3, y: 3)) === root, "hidden views and their subviews are not hit")
    }

    @Test func addingToAnotherSuperviewMovesTheView() {
        let a = View(), b = View(), child = View()
        a.addSubview(child)
        b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.count == 1)
        #expect(child.superview === b)
        b.insertSubview(View(), at: 0)
        #expect(b.subviews.last === child, "insertion at 0 goes to the back")
    }

    @Test func everyViewOfATreeKnowsItsWindowAcrossMoves() {
        let first = Window(), second = Window()
        let branch = View(), leaf = View(), deeper = View()
        branch.addSubview(leaf)
        leaf.addSubview(deeper)
        #expect(deeper.window == nil, "a tree outside any window")
        first.contentView.addSubview(branch)
        #expect(branch.window === first && deeper.window === first, "added: the whole subtree is in the window")
        let late = View()
        deeper.addSubview(late)
        #expect(late.window === first, "a view added below a windowed view")
        second.contentView.addSubview(leaf)
        #expect(leaf.window === second && late.window === second, "moved: the subtree follows")
        #expect(branch.window === first, "the view left behind stays")
        let sibling = View()
        second.contentView.addSubview(sibling)
        sibling.addSubview(leaf)
        #expect(leaf.window === second && late.window === second, "moved within its window: still in it")
        leaf.removeFromSuperview()
        #expect(leaf.window == nil && deeper.window == nil && late.window == nil, "removed: no window below")
    }

    /// A view that starts and stops work by its window (a spinner, a clock) must end a move
    /// within its window knowing it is still in one.
    @Test func aViewMovedWithinItsWindowLastHearsThatWindow() {
        final class Watcher: View {
            var heard: [Window?] = []
            override func didMoveToWindow() { heard.append(window) }
        }
        let window = Window()
        let first = View(), second = View(), watcher = Watcher()
        window.contentView.addSubview(first)
        window.contentView.addSubview(second)
        first.addSubview(watcher)
        second.addSubview(watcher)
        #expect(watcher.heard.last.flatMap { $0 } === window)
        #expect(watcher.window === window)
    }

    @Test func convertToWindowAddsEveryAncestorOrigin() {
        let outer = View(frame: Rect(x: 3, y: 2, width: 10, height: 10))
        let inner = View(frame: Rect(x: 1, y: 4, width: 5, height: 5))
        outer.addSubview(inner)
        #expect(inner.convertToWindow(Point(x: 1, y: 1)) == Point(x: 5, y: 7))
    }
}

/// A frame runs one layout pass, top-down. A change made during it that concerns a view the
/// pass had already laid out (which layout should not do: see `Window.performOutsideLayout`)
/// shows in the next frame, never lost, and the pass does not run again.
@MainActor
struct LayoutPassTests {
    /// A label that shows what `source` says, read when it lays out (as a bar reads its item).
    final class Echo: Label {
        var source: () -> String = { "" }
        override func layoutSubviews() {
            super.layoutSubviews()
            if text != source() { text = source() }
        }
    }

    /// Changes `value` when its size changes, during layout (as a placeholder swaps a child for
    /// its size-class clone), and asks the echo to lay out again.
    final class Resizer: View {
        var value = "wide"
        weak var echo: Echo?
        override func layoutSubviews() {
            super.layoutSubviews()
            let next = bounds.width < 20 ? "narrow" : "wide"
            guard next != value else { return }
            value = next
            echo?.setNeedsLayout()
            setNeedsDisplay()
        }
    }

    @Test func aChangeDuringLayoutReachesViewsLaidOutBeforeItInTheNextFrame() {
        let echo = Echo(text: "")
        echo.frame = Rect(x: 0, y: 0, width: 10, height: 1)
        let resizer = Resizer()
        resizer.frame = Rect(x: 0, y: 1, width: 30, height: 2)
        resizer.echo = echo
        echo.source = { [unowned resizer] in resizer.value }
        // The echo comes first: a layout pass reaches it before the resizer.
        let pilot = pilot(showing: echo, resizer, size: Size(width: 30, height: 3))
        #expect(pilot.line(0).hasPrefix("wide"))
        let frames = pilot.screen.frames.count
        resizer.frame.size.width = 15
        pilot.settle()
        #expect(
            pilot.line(0).hasPrefix("narrow"),
            "the next frame shows the change made after it was laid out: \(pilot.lines)")
        #expect(pilot.screen.frames.count == frames + 2, "one frame for the change, one for the late layout")
    }

    /// A view that counts what its subviews say about their sizes.
    final class SizeListener: View {
        var changed: [View] = []
        override func intrinsicContentSizeDidChange(of subview: View) { changed.append(subview) }
    }

    @Test func builtInViewsSayWhatSizeTheirContentHas() {
        let none = View.noIntrinsicMetric
        let field = TextField(text: "some text")
        #expect(field.intrinsicContentSize.width == none && field.intrinsicContentSize.height == 1)
        #expect(field.sizeThatFits(Size(width: 30, height: 9)) == Size(width: 30, height: 1))
        for view in [ScrollView(), TextView(), ListView()] as [View] {
            #expect(view.intrinsicContentSize == View.noIntrinsicSize, "\(type(of: view))")
        }
        for view in [NavigationBar(), TabBar()] as [View] {
            #expect(view.intrinsicContentSize.width == none && view.intrinsicContentSize.height == 1)
        }
    }

    @Test func sizesDefaultToNoneAndChangesReachTheSuperview() {
        let plain = View(frame: Rect(x: 0, y: 0, width: 7, height: 3))
        #expect(plain.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(plain.intrinsicContentSize.height == View.noIntrinsicMetric)
        #expect(plain.sizeThatFits(Size(width: 20, height: 4)) == Size(width: 20, height: 4))
        let label = Label(text: "four")
        #expect(label.sizeThatFits(Size(width: 20, height: 4)) == Size(width: 4, height: 1))
        let button = Button(title: "OK")
        #expect(button.sizeThatFits(Size(width: 20, height: 4)) == Size(width: 6, height: 1))
        let listener = SizeListener()
        listener.addSubview(label)
        listener.addSubview(button)
        label.text = "longer"
        label.text = "longer"
        button.title = "Cancel"
        button.isBordered = false
        #expect(listener.changed.map(ObjectIdentifier.init) == [label, button, button].map(ObjectIdentifier.init))
        button.sizeToFit()
        #expect(button.frame.size == Size(width: 6, height: 1))
    }
}
