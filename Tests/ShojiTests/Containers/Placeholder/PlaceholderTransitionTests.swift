import Testing
@testable import Shoji
import ShojiTesting

/// The placeholder's transitions frame by frame (every style, and its inverse played back),
/// clipped to the placeholder, and its size classes: clones swapped with a cross-fade on a
/// resize across the boundary, before the first display, and after a running transition.
@MainActor
struct PlaceholderTransitionTests {
    private static let listColumns = String(repeating: "|", count: 10)

    /// A split (list 10 columns) showing `first` in a window `width` x 4.
    private func split(showing first: ViewController, width: Int = 40) throws -> (Pilot, SplitContainer) {
        let split = SplitContainer()
        try split.setInsetViewController(first, animated: true)
        return (Pilot(Window(rootViewController: split), size: Size(width: width, height: 4)), split)
    }

    nonisolated private static var allStyles: [TransitionStyle] {
        var styles: [TransitionStyle] = [.fade]
        for edge in TransitionStyle.Edge.allCases {
            styles += [
                .slide(from: edge), .slideOut(to: edge), .push(from: edge), .cover(from: edge), .uncover(to: edge)
            ]
        }
        return styles
    }

    /// How far `frame` is from `rest`, in cells along the axis that moves.
    private func distance(_ frame: Rect, _ rest: Rect) -> Int {
        abs(frame.minX - rest.minX) + abs(frame.minY - rest.minY)
    }

    private func occurrences(_ letter: Character, _ row: [Character]) -> Int {
        var count = 0
        for character in row where character == letter { count += 1 }
        return count
    }

    private func isMonotonic(_ values: [Int], increasing: Bool) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { increasing ? $0 <= $1 : $0 >= $1 }
    }

    /// Which views move in `style`: (incoming, outgoing).
    private func moves(_ style: TransitionStyle) -> (Bool, Bool) {
        switch style {
        case .slide, .cover: return (true, false)
        case .slideOut, .uncover: return (false, true)
        case .push: return (true, true)
        case .fade, .none, .wipe, .unwipe: return (false, false)
        }
    }

    @Test(arguments: allStyles)
    func aStyleFrameByFrameAndItsInverse(style: TransitionStyle) throws {
        let a = Card("A"), b = Card("B")
        let (pilot, split) = try split(showing: a)
        let rest = Rect(x: 0, y: 0, width: 30, height: 4)

        try split.setInsetViewController(b, transition: style, animated: true)
        var incoming: [Int] = [], outgoing: [Int] = [], incomingAlpha: [Double] = [], outgoingAlpha: [Double] = []
        stepFrames(pilot) {
            incoming.append(distance(b.view.frame, rest))
            outgoingAlpha.append(a.viewIfLoaded?.superview == nil ? 0 : a.view.alpha)
            incomingAlpha.append(b.view.alpha)
            if a.viewIfLoaded?.superview != nil { outgoing.append(distance(a.view.frame, rest)) }
            for y in 0..<4 {
                #expect(
                    pilot.line(y).hasPrefix(Self.listColumns), "never drawn over the list: \(style) \(pilot.line(y))")
                let strays = Array(pilot.line(y).dropFirst(10)).filter { !"AB ".contains($0) }
                #expect(strays.isEmpty, "\(pilot.line(y))")
            }
        }
        #expect(incoming.count == 18, "0.3 s at 60 frames a second")
        let (incomingMoves, outgoingMoves) = moves(style)
        if incomingMoves {
            #expect(
                incoming.first! > 0 && incoming.last == 0 && isMonotonic(incoming, increasing: false),
                "B comes in from beyond the edge: \(incoming)")
        } else {
            #expect(incoming.allSatisfy { $0 == 0 }, "B waits in place: \(incoming)")
        }
        if outgoingMoves {
            #expect(outgoing.last! > 0 && isMonotonic(outgoing, increasing: true), "A leaves: \(outgoing)")
        } else {
            #expect(outgoing.allSatisfy { $0 == 0 }, "A stays in place: \(outgoing)")
        }
        if style == .fade {
            #expect(incomingAlpha.first! < 1 && incomingAlpha.last == 1 && outgoingAlpha.first! > 0)
        }
        #expect(pilot.line(1) == Self.listColumns + String(repeating: "B", count: 30))
        #expect(!pilot.screen.lastFrame![10, 1].style.attributes.contains(.dim))
        #expect(
            a.viewIfLoaded?.superview == nil && a.view.frame == rest && a.view.alpha == 1, "A removed, back at rest")

        // Back to A with the inverse: B leaves the way it came.
        try split.setInsetViewController(a, transition: style.inverse, animated: true)
        var leaving: [Int] = []
        stepFrames(pilot) { if b.viewIfLoaded?.superview != nil { leaving.append(distance(b.view.frame, rest)) } }
        if incomingMoves {
            #expect(
                leaving.first! < leaving.last! && isMonotonic(leaving, increasing: true),
                "B goes back beyond the edge it came from: \(leaving)")
            #expect(leaving.last == incoming.first! || leaving.last! >= incoming.first!, "\(leaving) vs \(incoming)")
        }
        #expect(pilot.line(1) == Self.listColumns + String(repeating: "A", count: 30))
        #expect(b.parent == nil && a.appearancePhase == .didAppear)
    }

    @Test func aPushMovesBothViewsSideBySideInsideThePlaceholder() throws {
        let (pilot, split) = try split(showing: Card("A"))
        try split.setInsetViewController(Card("B"), transition: .push(from: .right), animated: true)
        var aColumns: [Int] = []
        stepFrames(pilot) {
            // Counted outside `#expect`: Swift 6.3.1 mixes up closures written inside a macro
            // with later ones in the same enclosing closure (a closure in `#expect` here made
            // the next `filter { $0 == "A" }` count B's).
            let area = Array(pilot.line(0).dropFirst(10))
            let (aCount, bCount) = (occurrences("A", area), occurrences("B", area))
            #expect(aCount + bCount == 30, "no gap: \(String(area))")
            aColumns.append(aCount)
        }
        #expect(isMonotonic(aColumns, increasing: false) && aColumns.last == 0, "\(aColumns)")
    }

    // MARK: Size classes

    @Test func theSizeClassComesFromThePlaceholdersWidth() throws {
        let split = SplitContainer()
        #expect(split.sizeClass(at: 0) == nil, "not loaded")
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 70, height: 3))
        #expect(split.sizeClass(at: 0) == .regular, "60 columns")
        pilot.resize(to: Size(width: 69, height: 3))
        #expect(split.sizeClass(at: 0) == .compact, "59 columns")
        split.sizeClassBoundary = 50
        #expect(split.sizeClass(at: 0) == .regular)
        #expect(SizeClass(width: 59) == .compact && SizeClass(width: 60) == .regular && SizeClass(width: 0) == .compact)
    }

    @Test func aResizeAcrossTheBoundaryCrossFadesToTheClone() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let big = CloningCard("q", sizeClass: .regular)
        let (pilot, split) = try split(showing: big, width: 80)
        #expect(pilot.line(0).hasSuffix("QQQQ"))
        checker.consume(recorder.takeEvents())
        pilot.resize(to: Size(width: 50, height: 4))
        let small = try #require(split.insetViewController() as? CloningCard)
        #expect(small !== big && small.sizeClass == .compact)
        let (p, bi, si) = (split.debugIdentifier, big.debugIdentifier, small.debugIdentifier)
        let events = recorder.takeEvents()
        checker.consume(events)
        #expect(
            events.map(\.description) == [
                "\(bi) willMove(toParent: nil)", "\(si) willMove(toParent: \(p))",
                "\(si) viewDidLoad", "\(bi) viewWillDisappear(true)",
                "\(si) viewWillAppear(true)"
            ])
        #expect(small.framesAtWillAppear == [Rect(x: 0, y: 0, width: 40, height: 4)], "the clone's frame is final")
        var dimmed = false
        stepFrames(pilot) { dimmed = dimmed || pilot.screen.lastFrame![10, 0].style.attributes.contains(.dim) }
        #expect(dimmed, "a cross-fade goes through dim")
        let end = recorder.takeEvents()
        checker.consume(end)
        #expect(
            end.map(\.description) == [
                "\(bi) viewDidDisappear(true)", "\(si) viewDidAppear(true)",
                "\(si) didMove(toParent: \(p))", "\(bi) didMove(toParent: nil)"
            ])
        #expect(pilot.line(3) == Self.listColumns + String(repeating: "q", count: 40))
        try checker.verify(window: pilot.app as! Window, others: [big])

        pilot.resize(to: Size(width: 75, height: 4))
        pilot.settle()
        #expect(pilot.line(0) == Self.listColumns + String(repeating: "Q", count: 65), "back to regular")
        #expect(split.children.count == 1 && (split.children[0] as? CloningCard)?.sizeClass == .regular)
        pilot.resize(to: Size(width: 72, height: 4))
        pilot.settle()
        #expect(split.children.count == 1 && (split.children[0] as? CloningCard)?.sizeClass == .regular, "no crossing")
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.app as! Window)
        // The split places its placeholder in `viewWillLayoutSubviews`: the crossings were seen
        // during layout, and swapped before the next frame's layout, not inside it.
        #expect((pilot.app as! Window).hierarchyChangesDuringLayout == 0, "layout changed the controller hierarchy")
    }

    /// A subclass that sizes its placeholder only in `viewWillLayoutSubviews` (no autoresizing).
    private final class LaidOutByHand: PlaceholderViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            placeholderViews[0].autoresizingMask = []
        }
        override func viewWillLayoutSubviews() {
            super.viewWillLayoutSubviews()
            placeholderViews[0].frame = view.bounds
        }
    }

    @Test func aCrossingSeenDuringLayoutSwapsBeforeTheNextLayoutNotInIt() throws {
        let container = LaidOutByHand()
        try container.setInsetViewController(CloningCard("q", sizeClass: .regular), animated: false)
        let pilot = Pilot(Window(rootViewController: container), size: Size(width: 80, height: 4))
        #expect(pilot.line(0) == String(repeating: "Q", count: 80))
        pilot.resize(to: Size(width: 40, height: 4))
        pilot.settle()
        #expect((container.insetViewController() as? CloningCard)?.sizeClass == .compact)
        #expect(pilot.line(0) == String(repeating: "q", count: 40))
        #expect(pilot.window.hierarchyChangesDuringLayout == 0, "layout changed the controller hierarchy")
    }

    @Test func aChildSetForTheOtherSizeClassIsSwappedBeforeItIsShown() throws {
        let recorder = LifecycleRecorder()
        let big = CloningCard("w", sizeClass: .regular)
        let split = SplitContainer()
        try split.setInsetViewController(big, animated: true)
        let window = Window(rootViewController: split)
        let pilot = Pilot(window, size: Size(width: 40, height: 3))
        #expect(big.loads == 0, "the original never loaded its view")
        let small = try #require(split.insetViewController() as? CloningCard)
        #expect(small.sizeClass == .compact && pilot.line(0).hasSuffix("www"))
        #expect(
            recorder.log(for: big) == [
                "willMove(toParent: \(split.debugIdentifier))", "didMove(toParent: \(split.debugIdentifier))",
                "willMove(toParent: nil)", "didMove(toParent: nil)"
            ])
        // Added during the container's appearance, as UIKit's children added in viewWillAppear.
        #expect(
            recorder.log(for: small) == [
                "willMove(toParent: \(split.debugIdentifier))", "viewDidLoad",
                "viewWillAppear(false)", "didMove(toParent: \(split.debugIdentifier))",
                "viewDidAppear(false)"
            ])
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window)
    }

    /// A clone shown next door keeps a child from it; once the clone leaves that placeholder,
    /// the child hands over to it without waiting for a resize.
    @Test func whenAPlaceholdersChildLeavesTheNeighbourThatWantedItAsItsCloneTakesItNow() throws {
        let big = CloningCard("t", sizeClass: .regular)
        let small = try #require(big.clone(for: .compact) as? CloningCard)
        let twoUp = TwoUp()
        try twoUp.setInsetViewController(small, at: 1, animated: true)
        try twoUp.setInsetViewController(big, at: 0, animated: true)
        let pilot = Pilot(Window(rootViewController: twoUp), size: Size(width: 80, height: 4))
        #expect(twoUp.sizeClass(at: 0) == .compact)
        #expect(twoUp.insetViewController(at: 0) === big, "its clone shows in the other placeholder: it stays")
        #expect(pilot.line(0) == String(repeating: "T", count: 40) + String(repeating: "t", count: 40))
        let z = Card("Z")
        try twoUp.setInsetViewController(z, at: 1, animated: true)
        pilot.settle()
        #expect(twoUp.insetViewController(at: 0) === small && twoUp.insetViewController(at: 1) === z)
        #expect(big.parent == nil && small.appearancePhase == .didAppear)
        #expect(pilot.line(0) == String(repeating: "t", count: 40) + String(repeating: "Z", count: 40))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: [big]))
    }

    @Test func aResizeDuringATransitionIsAppliedWhenItEnds() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let (pilot, split) = try split(showing: Card("A"), width: 80)
        let big = CloningCard("e", sizeClass: .regular)
        try split.setInsetViewController(big, transition: .push(from: .right), animated: true)
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 50, height: 4))
        #expect(split.insetViewController() === big && big.appearancePhase == .willAppear, "the push goes on")
        #expect(big.view.frame.width == 40, "the moving view follows the resize")
        var swappedAt: Double?
        stepFrames(pilot) {
            if swappedAt == nil, split.children.contains(where: { ($0 as? CloningCard)?.sizeClass == .compact }) {
                swappedAt = pilot.clock.seconds
                #expect(big.appearancePhase == .willDisappear, "the fade starts once the push is over")
                #expect(recorder.log(for: big).contains("viewDidAppear(true)"))
            }
        }
        #expect(swappedAt != nil)
        let small = try #require(split.insetViewController() as? CloningCard)
        #expect(small.sizeClass == .compact && small.view.frame == Rect(x: 0, y: 0, width: 40, height: 4))
        for y in 0..<4 { #expect(pilot.line(y) == Self.listColumns + String(repeating: "e", count: 40)) }
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.app as! Window, others: [big])
    }

    @Test func aResizeAcrossAndBackDuringATransitionSwapsNothing() throws {
        let (pilot, split) = try split(showing: Card("A"), width: 80)
        let big = CloningCard("r", sizeClass: .regular)
        try split.setInsetViewController(big, transition: .fade, animated: true)
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 50, height: 4))
        pilot.resize(to: Size(width: 80, height: 4))
        pilot.settle()
        #expect(split.insetViewController() === big && big.clonesMade <= 1 && big.appearancePhase == .didAppear)
        #expect(pilot.line(0) == Self.listColumns + String(repeating: "R", count: 70))
    }
}
