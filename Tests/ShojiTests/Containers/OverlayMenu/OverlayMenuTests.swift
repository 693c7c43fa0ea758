import Testing
@testable import Shoji
import ShojiSnapshotTesting
import ShojiTesting

/// `OverlayMenuController`: children and selection in UIKit's order, the seed's bounds checks,
/// the overlay (keys, mouse, focus, ring and grid), resizing, freeing, and nesting in a side menu.
@MainActor
struct OverlayMenuTests {
    /// Pages A, B, C… titled "Page A"…, filling their views with their letters.
    static func pages(_ count: Int) -> [Page] {
        (0..<count).map { index in
            let letter = Character(Unicode.Scalar(UInt8(65 + index)))
            let page = Page(letter)
            page.title = "Page \(letter)"
            return page
        }
    }

    private func makeOverlay(_ count: Int = 5, size: Size = Size(width: 60, height: 20))
        -> (Pilot, OverlayMenuController, [Page])
    {
        let pages = Self.pages(count)
        let overlay = OverlayMenuController(viewControllers: pages)
        let pilot = Pilot(Window(rootViewController: overlay), size: size)
        pilot.advance(by: 1)
        return (pilot, overlay, pages)
    }

    private func openAtOnce(_ pilot: Pilot, _ overlay: OverlayMenuController) {
        pilot.press(.function(4))
        pilot.settle()
        #expect(overlay.isMenuVisible)
    }

    /// Whether the cell is drawn dim.
    private func isDim(_ pilot: Pilot, _ x: Int, _ y: Int) -> Bool {
        pilot.screen.lastFrame![x, y].style.attributes.contains(.dim)
    }

    // MARK: Children and selection

    @Test func childrenSetBeforeTheViewLoadsAreAllChildrenAndOnlyTheFirstIsLoadedAndShown() throws {
        let recorder = LifecycleRecorder()
        let pages = Self.pages(3)
        let overlay = OverlayMenuController(viewControllers: pages)
        let o = overlay.debugIdentifier
        #expect(!overlay.isViewLoaded && pages.allSatisfy { !$0.isViewLoaded })
        #expect(overlay.viewControllers.map(ObjectIdentifier.init) == pages.map(ObjectIdentifier.init))
        #expect(overlay.selectedViewController === pages[0] && overlay.selectedViewControllerIndex == 0)
        let ids = pages.map(\.debugIdentifier)
        #expect(
            recorder.lines == ids.map { "\($0) willMove(toParent: \(o))" }
                + ids.map { "\($0) didMove(toParent: \(o))" },
            "addChild for each, then didMove for each, as the seed's setViewControllers:")
        let pilot = Pilot(Window(rootViewController: overlay), size: Size(width: 40, height: 10))
        #expect(
            recorder.log(for: pages[0]).suffix(3) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(!pages[1].isViewLoaded && !pages[2].isViewLoaded, "only the selected child's view loads")
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "A", count: 40) })
        #expect(
            overlay.view.subviews.map(ObjectIdentifier.init)
                == [ObjectIdentifier(overlay.transitionView), ObjectIdentifier(overlay.menuView)],
            "the seed's hierarchy")
        #expect(pages[0].view.superview === overlay.transitionView)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func selectingSwapsTheViewsWithBalancedAppearanceAndNoContainmentCalls() throws {
        let (pilot, overlay, pages) = makeOverlay()
        let recorder = LifecycleRecorder()
        overlay.selectedViewControllerIndex = 2
        pilot.settle()
        #expect(recorder.log(for: pages[0]) == ["viewWillDisappear(false)", "viewDidDisappear(false)"])
        #expect(recorder.log(for: pages[2]) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
        let appearance = recorder.lines.filter { $0.contains("ppear(") }
        #expect(
            appearance == [
                "\(pages[0].debugIdentifier) viewWillDisappear(false)",
                "\(pages[2].debugIdentifier) viewWillAppear(false)",
                "\(pages[0].debugIdentifier) viewDidDisappear(false)",
                "\(pages[2].debugIdentifier) viewDidAppear(false)"
            ])
        #expect(overlay.selectedViewController === pages[2] && overlay.children.count == 5)
        #expect(overlay.transitionView.subviews.count == 1 && pages[0].viewIfLoaded?.superview == nil)
        #expect(pilot.line(0) == String(repeating: "C", count: 60))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func theSeedsBoundsChecksIgnoreBadIndices() {
        let (pilot, overlay, pages) = makeOverlay(3)
        let recorder = LifecycleRecorder()
        overlay.selectedViewControllerIndex = 3
        overlay.selectedViewControllerIndex = -1
        overlay.selectedViewControllerIndex = nil
        overlay.selectedViewControllerIndex = 0
        overlay.selectedViewController = nil
        overlay.setSelectedViewController(pages[0], animated: true)
        pilot.settle()
        #expect(recorder.events.isEmpty && overlay.selectedViewController === pages[0])
        #expect(overlay.selectedViewControllerIndex == 0)
    }

    @Test func replacingAllChildrenFollowsUIKitsOrderAndFreesTheOldOnes() throws {
        let (pilot, overlay, pages) = makeOverlay(3)
        weak let weakA = pages[0]
        weak let weakC = pages[2]
        let recorder = LifecycleRecorder()
        let (x, y) = (Page("X"), Page("Y"))
        overlay.viewControllers = [x, pages[1], y]
        let o = overlay.debugIdentifier
        let (a, b, c) = (pages[0].debugIdentifier, pages[1].debugIdentifier, pages[2].debugIdentifier)
        #expect(
            recorder.lines.filter { $0.contains("Move") } == [
                "\(a) willMove(toParent: nil)", "\(c) willMove(toParent: nil)",
                "\(x.debugIdentifier) willMove(toParent: \(o))", "\(y.debugIdentifier) willMove(toParent: \(o))",
                "\(x.debugIdentifier) didMove(toParent: \(o))", "\(y.debugIdentifier) didMove(toParent: \(o))",
                "\(a) didMove(toParent: nil)", "\(c) didMove(toParent: nil)"
            ])
        #expect(
            recorder.log(for: pages[0]) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ], "the shown child leaves in UIKit's order")
        #expect(recorder.log(forID: b).isEmpty, "a child that stays gets nothing")
        #expect(
            recorder.log(for: x) == [
                "willMove(toParent: \(o))", "viewDidLoad", "viewWillAppear(false)",
                "viewDidAppear(false)", "didMove(toParent: \(o))"
            ])
        #expect(overlay.viewControllers.map(ObjectIdentifier.init) == [x, pages[1], y].map(ObjectIdentifier.init))
        #expect(overlay.selectedViewController === x, "the selection left: the first is selected")
        pilot.settle()
        #expect(pilot.line(0).hasPrefix("XXXX"))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
        _ = consume pages
        #expect(weakA == nil && weakC == nil, "the children that left are freed")
    }

    @Test func aSelectionThatStaysIsKeptAndTheOrderFollowsTheNewList() {
        let (pilot, overlay, pages) = makeOverlay(3)
        overlay.selectedViewControllerIndex = 1
        pilot.settle()
        let recorder = LifecycleRecorder()
        overlay.viewControllers = [pages[2], pages[1], pages[0], pages[2]]
        #expect(recorder.events.isEmpty, "a reordering makes no calls")
        #expect(
            overlay.viewControllers.map(ObjectIdentifier.init)
                == [pages[2], pages[1], pages[0]].map(ObjectIdentifier.init))
        #expect(overlay.selectedViewController === pages[1] && overlay.selectedViewControllerIndex == 1)
    }

    @Test func removingTheSelectedChildShowsTheFirstRemainingAndNoChildrenShowNothing() throws {
        let (pilot, overlay, pages) = makeOverlay(3)
        overlay.selectedViewControllerIndex = 2
        pilot.settle()
        let recorder = LifecycleRecorder()
        overlay.viewControllers = [pages[0], pages[1]]
        #expect(
            recorder.log(for: pages[2]) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(recorder.log(for: pages[0]) == ["viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(overlay.selectedViewControllerIndex == 0)
        overlay.viewControllers = []
        pilot.settle()
        #expect(overlay.selectedViewController == nil && overlay.selectedViewControllerIndex == nil)
        #expect(overlay.children.isEmpty && overlay.transitionView.subviews.isEmpty)
        #expect(pilot.lines.allSatisfy { $0.allSatisfy { $0 == " " } })
        openAtOnce(pilot, overlay)
        #expect(pilot.text.contains("Nothing to choose"))
        pilot.press(.enter)
        pilot.settle()
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func aSelectionBeforeTheViewLoadsIsShownWhenItLoads() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let pages = Self.pages(4)
        let overlay = OverlayMenuController(viewControllers: pages)
        overlay.selectedViewControllerIndex = 3
        #expect(!overlay.isViewLoaded && pages.allSatisfy { !$0.isViewLoaded })
        let pilot = Pilot(Window(rootViewController: overlay), size: Size(width: 20, height: 4))
        #expect(pilot.line(0) == String(repeating: "D", count: 20))
        #expect(pages.prefix(3).allSatisfy { !$0.isViewLoaded })
        checker.consume(recorder.takeEvents())
        try LifecycleChecker.verify(
            checker.violations + LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    // MARK: The overlay

    @Test func f4ShowsTheEntriesOverTheDimmedChildAndEscapeHidesThem() {
        let (pilot, overlay, _) = makeOverlay()
        #expect(!isDim(pilot, 0, 19) && !pilot.text.contains("Page B"))
        pilot.press(.function(4))
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.menuView.isFocused)
        #expect(overlay.menuView.showsRing)
        // Every entry and the hint, over the child drawn dim.
        assertSnapshot(of: pilot, as: .styledScreen, named: "entries-shown")
        pilot.press(.escape)
        pilot.settle()
        #expect(!overlay.isMenuVisible && overlay.menuView.isHidden)
        #expect(!pilot.text.contains("Page B") && !isDim(pilot, 0, 19))
    }

    @Test func theRightButtonOpensAndAClickOutsideTheEntriesCloses() {
        let (pilot, overlay, pages) = makeOverlay()
        pilot.click(at: Point(x: 5, y: 5), button: .right)
        pilot.settle()
        #expect(overlay.isMenuVisible)
        pilot.click(at: Point(x: 1, y: 18))
        pilot.settle()
        #expect(!overlay.isMenuVisible && overlay.selectedViewController === pages[0])
        overlay.menuToggleButton = nil
        pilot.click(at: Point(x: 5, y: 5), button: .right)
        pilot.settle()
        #expect(!overlay.isMenuVisible, "the gesture can be turned off")
    }

    @Test func arrowsAndEnterChooseAnEntryAndTheOverlayCloses() throws {
        let (pilot, overlay, pages) = makeOverlay()
        let recorder = LifecycleRecorder()
        openAtOnce(pilot, overlay)
        #expect(overlay.menuView.highlightedIndex == 0)
        pilot.press(.right)
        pilot.press(.right)
        pilot.press(.left)
        pilot.press(.down)
        #expect(overlay.menuView.highlightedIndex == 2)
        pilot.press(.enter)
        pilot.settle()
        #expect(!overlay.isMenuVisible && overlay.selectedViewController === pages[2])
        #expect(pilot.line(19) == String(repeating: "C", count: 60) && !isDim(pilot, 0, 19))
        #expect(
            recorder.log(for: pages[2]).filter { $0.contains("ppear(") } == [
                "viewWillAppear(false)", "viewDidAppear(false)"
            ],
            "the default selection style swaps at once: not animated")
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func clickingAnEntryChoosesIt() throws {
        let (pilot, overlay, pages) = makeOverlay()
        openAtOnce(pilot, overlay)
        let frame = try #require(overlay.menuView.entryFrame(at: 3))
        pilot.click(at: Point(x: frame.minX + 2, y: frame.minY + 1))
        pilot.settle()
        #expect(overlay.selectedViewController === pages[3] && !overlay.isMenuVisible)
        openAtOnce(pilot, overlay)
        #expect(overlay.menuView.highlightedIndex == 3, "the overlay opens on the selected child")
        // A press on an entry released elsewhere chooses nothing (and closes nothing).
        let other = try #require(overlay.menuView.entryFrame(at: 1))
        pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: other.minX + 1, y: other.minY + 1))))
        pilot.deliver(.mouse(MouseEvent(.release(.left), at: Point(x: 0, y: 19))))
        pilot.settle()
        #expect(
            overlay.isMenuVisible && overlay.selectedViewController === pages[3]
                && overlay.menuView.highlightedIndex == 1)
    }

    @Test func aSelectionWhileTheOverlayShowsSwapsTheChildUnderIt() throws {
        let (pilot, overlay, pages) = makeOverlay()
        openAtOnce(pilot, overlay)
        let recorder = LifecycleRecorder()
        overlay.setSelectedViewController(pages[4], animated: false)
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.menuView.isFocused, "the overlay stays")
        #expect(
            pilot.line(19) == String(repeating: "E", count: 60) && isDim(pilot, 0, 19), "E, dimmed, under the overlay")
        #expect(recorder.log(for: pages[0]) == ["viewWillDisappear(false)", "viewDidDisappear(false)"])
        #expect(recorder.log(for: pages[4]) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(
            overlay.menuView.subviews.isEmpty && !overlay.children.contains { $0.viewIfLoaded === overlay.menuView },
            "the overlay is no child controller")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func withTheOverlayOpenTheChildGetsNoKeysAndOtherKeysGoOnUp() {
        final class KeyPage: ViewController {
            var keys: [KeyEvent] = []
            override func keyPressed(_ event: KeyEvent) -> Bool {
                guard case .character = event.key else { return false }
                keys.append(event)
                return true
            }
        }
        final class Root: ViewController {
            var keys: [KeyEvent] = []
            let overlay: OverlayMenuController
            init(_ overlay: OverlayMenuController) {
                self.overlay = overlay
                super.init()
                addChild(overlay)
                overlay.didMove(toParent: self)
            }
            override func viewDidLoad() {
                overlay.view.frame = view.bounds
                overlay.view.autoresizingMask = .flexibleSize
                view.addSubview(overlay.view)
            }
            override var focusScope: View { overlay.focusScope }
            override func keyPressed(_ event: KeyEvent) -> Bool {
                keys.append(event)
                return true
            }
        }
        let page = KeyPage()
        let overlay = OverlayMenuController(viewControllers: [page, Page("B")])
        let root = Root(overlay)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 12))
        pilot.press(.character("x"))
        #expect(page.keys == [KeyEvent(.character("x"))])
        pilot.press(.function(4))
        pilot.settle()
        pilot.press(.character("y"))
        pilot.press(.right)
        #expect(page.keys == [KeyEvent(.character("x"))], "the child gets nothing while the overlay shows")
        #expect(root.keys == [KeyEvent(.character("y"))], "keys the overlay does not use go on up")
        #expect(overlay.menuView.highlightedIndex == 1)
        pilot.press(.function(4))
        pilot.settle()
        pilot.press(.character("z"))
        #expect(page.keys.last == KeyEvent(.character("z")), "closed, the child has the keys again")
    }

    /// The user picks up where they were: the focus is not reset to the child's first view.
    @Test func closingTheOverlayGivesTheFocusBackToTheViewThatHadIt() {
        let page = TwoButtons()
        let overlay = OverlayMenuController(viewControllers: [page, Page("B")])
        let pilot = Pilot(Window(rootViewController: overlay), size: Size(width: 60, height: 20))
        pilot.press(.tab)
        #expect(page.second.isFocused)
        for close in ["F4", "Escape", "a click outside the entries"] {
            openAtOnce(pilot, overlay)
            #expect(overlay.menuView.isFocused)
            switch close {
            case "F4": pilot.press(.function(4))
            case "Escape": pilot.press(.escape)
            default: pilot.click(at: Point(x: 1, y: 18))
            }
            pilot.settle()
            #expect(!overlay.isMenuVisible)
            #expect(page.second.isFocused, "closed by \(close)")
        }
    }

    @Test func theDelegateHearsShowHideAndSelectionAndCanRefuse() {
        final class Spy: OverlayMenuDelegate {
            var log: [String] = []
            func overlayMenuDidShowMenu(_ overlayMenu: OverlayMenuController) { log.append("didShow") }
            func overlayMenuDidHideMenu(_ overlayMenu: OverlayMenuController) { log.append("didHide") }
            func overlayMenu(
                _ overlayMenu: OverlayMenuController, shouldSelect viewController: ViewController, at index: Int
            ) -> Bool {
                log.append("shouldSelect \(index)")
                return index != 1
            }
            func overlayMenu(
                _ overlayMenu: OverlayMenuController, didSelect viewController: ViewController, at index: Int
            ) {
                log.append("didSelect \(index)")
            }
        }
        let (pilot, overlay, _) = makeOverlay()
        let spy = Spy()
        overlay.delegate = spy
        openAtOnce(pilot, overlay)
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.selectedViewControllerIndex == 0, "refused: the overlay stays open")
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(spy.log == ["didShow", "shouldSelect 1", "shouldSelect 2", "didSelect 2", "didHide"])
    }

    @Test func titlesAndSymbolsShowAndFollowChanges() {
        let (pilot, overlay, pages) = makeOverlay(3)
        pages[1].tabBarItem.symbol = "★"
        pages[2].tabBarItem.symbol = "日"
        openAtOnce(pilot, overlay)
        #expect(pilot.text.contains("★ Page B") && pilot.text.contains("日 Page C"), "the children's tab bar items")
        pages[1].title = "Renamed"
        pilot.advance(by: 0.1)
        #expect(
            pilot.text.contains("★ Renamed") && !pilot.text.contains("Page B"),
            "the item's title falls back to the title")
        pages[1].tabBarItem.title = "Item title"
        pages[1].tabBarItem.symbol = nil
        pilot.advance(by: 0.1)
        #expect(
            overlay.menuSymbol(for: pages[1]) == OverlayMenuController.defaultMenuSymbol
                && pilot.text.contains("◆ Item title"))
        pages[0].title = nil
        pilot.advance(by: 0.1)
        #expect(pilot.text.contains("◆ Untitled") && overlay.menuTitle(for: pages[0]) == "Untitled")
    }

    @Test func aHostileTitleRendersInertly() {
        let (pilot, overlay, pages) = makeOverlay(2)
        pages[1].title = "\u{1B}[2J\u{1B}]0;pwned\u{07}"
        openAtOnce(pilot, overlay)
        #expect(pilot.text.contains("◆ ^[[2J^[]0;pwned^G"))
    }

    @Test func theToggleKeysCanBeChanged() {
        let (pilot, overlay, _) = makeOverlay()
        overlay.keyBindings.setKeys([KeyEvent(.character("o"))], for: .toggleMenu)
        pilot.press(.function(4))
        pilot.settle()
        #expect(!overlay.isMenuVisible)
        pilot.press(.character("o"))
        pilot.settle()
        #expect(overlay.isMenuVisible)
        pilot.press(.character("o"))
        pilot.settle()
        #expect(!overlay.isMenuVisible)
    }

    // MARK: Layout

    @Test func fiveEntriesMakeARingStartingOnTopThatNeverOverlaps() throws {
        let (pilot, overlay, _) = makeOverlay(5, size: Size(width: 80, height: 23))
        openAtOnce(pilot, overlay)
        let frames = try (0..<5).map { try #require(overlay.menuView.entryFrame(at: $0)) }
        let bounds = overlay.menuView.bounds
        #expect(overlay.menuView.showsRing)
        #expect(frames[0].minY == 0 && abs(frames[0].midX - 40) <= 1, "the first on top, in the middle: \(frames[0])")
        #expect(frames[1].midX > frames[0].midX && frames[1].minY > frames[0].minY, "then clockwise")
        for (index, frame) in frames.enumerated() {
            #expect(frame.intersection(bounds) == frame && frame.height == 3)
            for other in frames[..<index] { #expect(frame.intersection(other).isEmpty) }
        }
        #expect(pilot.line(frames[0].minY).contains("╭"), "boxed: \(pilot.line(0))")
    }

    @Test func aSmallScreenGetsAGridThatScrollsToTheHighlightedEntry() throws {
        let (pilot, overlay, pages) = makeOverlay(12, size: Size(width: 24, height: 6))
        openAtOnce(pilot, overlay)
        #expect(!overlay.menuView.showsRing)
        #expect(pilot.text.contains("◆ Page A"))
        pilot.press(.end)
        pilot.advance(by: 0.1)
        let last = try #require(overlay.menuView.entryFrame(at: 11))
        #expect(last.maxY <= 6, "scrolled into view: \(last)")
        #expect(pilot.text.contains("◆ Page L") && !pilot.text.contains("◆ Page A"))
        pilot.press(.enter)
        pilot.settle()
        #expect(overlay.selectedViewController === pages[11])
    }

    @Test func theLayoutDirectionIsExactAtTheQuarters() {
        for (turns, cosine, sine) in [
            (0.0, 1.0, 0.0), (0.25, 0, 1), (0.5, -1, 0), (-0.25, 0, -1), (0.125, 0.5.squareRoot(), 0.5.squareRoot())
        ] {
            let (c, s) = OverlayMenuLayout.direction(turns: turns)
            #expect(abs(c - cosine) < 1e-12 && abs(s - sine) < 1e-12, "\(turns)")
        }
        let (c, s) = OverlayMenuLayout.direction(turns: 0.3)
        #expect(abs(c * c + s * s - 1) < 1e-12)
    }

    @Test func everySizeFromZeroLaysOutWithoutOverflowOrImbalance() throws {
        let (pilot, overlay, pages) = makeOverlay(6, size: .zero)
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        for open in [false, true] {
            if open != overlay.isMenuVisible { overlay.setMenuVisible(open, animated: false) }
            for width in 0...32 {
                for height in 0...12 {
                    pilot.resize(to: Size(width: width, height: height))
                    pilot.settle()
                    let bounds = overlay.view.bounds
                    #expect(bounds.size == Size(width: width, height: height))
                    #expect(overlay.transitionView.frame == bounds && overlay.menuView.frame == bounds)
                    #expect(overlay.selectedViewController?.view.frame == bounds)
                    if open, overlay.menuView.showsRing {
                        for index in 0..<6 {
                            let frame = try #require(overlay.menuView.entryFrame(at: index))
                            #expect(frame.intersection(bounds) == frame, "\(width)x\(height) entry \(index)")
                        }
                    }
                    #expect(pilot.lines.count == height)
                }
            }
            pilot.press(.end)
            pilot.press(.enter)
            pilot.settle()
        }
        checker.consume(recorder.takeEvents())
        try LifecycleChecker.verify(
            checker.violations + LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    // MARK: Freeing

    @Test func nothingIsKeptAliveOnceTheContainerGoes() {
        var pages: [Page]? = Self.pages(3)
        weak let weakPage = pages?[1]
        var overlay: OverlayMenuController? = OverlayMenuController(viewControllers: pages!)
        weak let weakOverlay = overlay
        weak let weakMenuView = overlay?.menuView
        pages = nil
        let window = Window(rootViewController: overlay)
        let pilot = Pilot(window, size: Size(width: 40, height: 10))
        pilot.press(.function(4))
        pilot.advance(by: 0.1)  // mid-show
        overlay?.children[1].tabBarItem.symbol = "★"
        overlay = nil
        window.rootViewController = Page("Z")
        pilot.settle()
        #expect(weakOverlay == nil && weakMenuView == nil && weakPage == nil)
    }

    // MARK: Nested in a side menu

    @Test func nestedInASideMenuTheCallsStayInOrderAndTheOverlayCoversOnlyTheContent() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let pages = Self.pages(3)
        let overlay = OverlayMenuController(viewControllers: pages)
        overlay.title = "Overlay"
        let other = MenuPane("Other")
        let side = try SideMenuController(viewControllers: [overlay, other])
        let pilot = Pilot(Window(rootViewController: side), size: Size(width: 60, height: 16))
        pilot.advance(by: 1)
        #expect(pilot.line(0).hasPrefix(" [Menu] ") && pilot.line(0).contains("Overlay"), "the navigation bar on top")
        #expect(pilot.line(1) == String(repeating: "A", count: 60))
        pilot.press(.function(4))
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.menuView.frame == Rect(x: 0, y: 0, width: 60, height: 15))
        #expect(!isDim(pilot, 10, 0), "the bar stays bright: the overlay covers the content only")
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(overlay.selectedViewController === pages[1] && pilot.line(1) == String(repeating: "B", count: 60))
        // The side menu picks the other child: the overlay and its shown child disappear.
        let later = LifecycleRecorder()
        try side.setSelectedIndex(1, animated: true)
        pilot.settle()
        #expect(later.log(for: pages[1]) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(later.log(for: pages[0]).isEmpty && later.log(for: pages[2]).isEmpty, "children not shown get nothing")
        try side.setSelectedIndex(0, animated: false)
        pilot.settle()
        #expect(later.log(for: pages[1]).suffix(2) == ["viewWillAppear(false)", "viewDidAppear(false)"])
        checker.consume(recorder.takeEvents())
        try LifecycleChecker.verify(
            checker.violations + LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }
}

private extension Rect {
    var midX: Int { minX + width / 2 }
}
