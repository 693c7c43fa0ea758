import Testing
@testable import Shoji
import ShojiTesting

/// A stack's push with every style, frame by frame, and its pop: the exact inverse, the same
/// motion played backwards; a resize in the middle of a push.
@MainActor
struct StackTransitionTests {
    nonisolated private static var allStyles: [TransitionStyle] {
        var styles: [TransitionStyle] = [.fade, .none]
        for edge in TransitionStyle.Edge.allCases {
            styles += [
                .slide(from: edge), .slideOut(to: edge), .push(from: edge), .cover(from: edge), .uncover(to: edge)
            ]
        }
        return styles
    }

    /// One sampled frame: each view's distance from its resting frame (nil: not shown) and alpha.
    private struct Sample: Equatable {
        var pushed: Int?
        var below: Int?
        var pushedAlpha: Double?
        var belowAlpha: Double?
    }

    private func sample(_ pushed: ViewController, _ below: ViewController, in stack: StackController) -> Sample {
        func distance(_ controller: ViewController) -> Int? {
            guard let view = controller.viewIfLoaded, view.superview === stack.view else { return nil }
            return abs(view.frame.minX) + abs(view.frame.minY)
        }
        func alpha(_ controller: ViewController) -> Double? {
            guard let view = controller.viewIfLoaded, view.superview === stack.view else { return nil }
            return view.alpha
        }
        return Sample(
            pushed: distance(pushed), below: distance(below), pushedAlpha: alpha(pushed), belowAlpha: alpha(below))
    }

    @Test(arguments: allStyles)
    func aPushFrameByFrameAndItsPopPlayedBackwards(style: TransitionStyle) throws {
        let root = Card("R"), a = Card("A")
        let stack = StackController(rootViewController: root)
        let recorder = LifecycleRecorder()
        let window = Window(rootViewController: stack)
        let pilot = Pilot(window, size: Size(width: 20, height: 4))

        stack.pushViewController(a, transition: style, animated: true)
        var push: [Sample] = []
        stepFrames(pilot) { push.append(sample(a, root, in: stack)) }
        #expect(stack.visibleViewControllers.map(\.debugIdentifier) == [a.debugIdentifier])
        #expect(pilot.line(0) == String(repeating: "A", count: 20))
        stack.popViewController(animated: true)
        var pop: [Sample] = []
        stepFrames(pilot) { pop.append(sample(a, root, in: stack)) }
        #expect(stack.visibleViewControllers.map(\.debugIdentifier) == [root.debugIdentifier])
        #expect(pilot.line(3) == String(repeating: "R", count: 20))
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 20, height: 4) && root.view.alpha == 1)

        if style == .none {
            #expect(push.isEmpty || push.allSatisfy { $0.pushed == 0 }, "\(push)")
        } else {
            #expect(push.count == 18 && pop.count == 18, "0.3 s at 60 frames a second each way")
            // The pop is the push backwards: frame k of the pop is frame (n - 2 - k) of the push
            // (the push's last frame is the rest the pop starts from), within a cell of rounding.
            let forward = Array(push.dropLast().reversed())
            let backward = Array(pop.dropLast())
            #expect(forward.count == backward.count)
            for (k, (f, b)) in zip(forward, backward).enumerated() {
                let closeA = (f.pushed ?? -9) - (b.pushed ?? -9)
                let closeR = (f.below ?? -9) - (b.below ?? -9)
                #expect(abs(closeA) <= 1 && abs(closeR) <= 1, "frame \(k): push \(f) vs pop \(b)")
                #expect(
                    (f.pushedAlpha.map { $0 < 0.25 } ?? true) == (b.pushedAlpha.map { $0 < 0.25 } ?? true), "frame \(k)"
                )
            }
            #expect(push.last?.pushed == 0 && push.last?.below == nil, "the push ends with A at rest, R removed")
            #expect(pop.last?.pushed == nil && pop.last?.below == 0, "the pop ends with A removed, R at rest")
        }
        let flag = style != .none  // `none` plays no animation
        let appearance = recorder.log(for: a).filter { $0.contains("ppear") }
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window, others: [a])
        #expect(
            appearance == [
                "viewWillAppear(\(flag))", "viewDidAppear(\(flag))", "viewWillDisappear(\(flag))",
                "viewDidDisappear(\(flag))"
            ])
    }

    @Test func aResizeDuringAPushEndsWithEveryViewFillingTheStack() throws {
        let root = Card("R"), a = Card("A", opaque: false)
        let stack = StackController(rootViewController: root)
        let pilot = Pilot(Window(rootViewController: stack), size: Size(width: 20, height: 4))
        stack.pushViewController(a, transition: .push(from: .bottom), animated: true)
        pilot.advance(by: 0.12)
        pilot.resize(to: Size(width: 34, height: 6))
        pilot.settle()
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 34, height: 6) && root.view.frame == a.view.frame)
        #expect(
            pilot.line(0) == String(repeating: "A", count: 34) && pilot.line(5) == String(repeating: "R", count: 34))
        stack.popViewController(animated: true)
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 12, height: 3))
        pilot.settle()
        #expect(
            root.view.frame == Rect(x: 0, y: 0, width: 12, height: 3)
                && pilot.line(0) == String(repeating: "R", count: 12))
    }
}
