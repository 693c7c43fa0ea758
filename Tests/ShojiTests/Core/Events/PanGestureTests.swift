import Testing

@testable import Shoji
import ShojiTesting

/// `PanGesture`, the one way Shoji's drags follow the mouse: its states in order, a tap, the
/// press it follows, the window ending it, and the settling speed the three drags share.
@MainActor
struct PanGestureTests {
    /// A controller whose view is one big target followed by a gesture, logging its states.
    final class Canvas: ViewController {
        private(set) lazy var gesture = PanGesture(owner: self)
        var log: [String] = []
        final class Target: View {
            var onMouse: (MouseEvent) -> Bool = { _ in false }
            override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool { onMouse(event) }
        }
        override func loadView() {
            let target = Target()
            target.onMouse = { [unowned self] event in
                guard case .press(.left) = event.kind else { return gesture.handle(event) }
                guard let window = view.window else { return false }
                gesture.press(at: event.position, in: window)
                return true
            }
            view = target
        }
        override func viewDidLoad() {
            gesture.onStateChange = { [unowned self] gesture in
                log.append("\(gesture.state) \(gesture.translation.x)")
            }
            gesture.onTap = { [unowned self] _ in log.append("tap") }
        }
    }

    private func scene() -> (Pilot, Canvas) {
        let canvas = Canvas()
        let pilot = Pilot(Window(rootViewController: canvas), size: Size(width: 40, height: 5))
        pilot.settle()
        return (pilot, canvas)
    }

    @Test func aDragIsBeganChangedThenEndedWithItsVelocity() {
        let (pilot, canvas) = scene()
        pilot.press(at: Point(x: 10, y: 2))
        #expect(canvas.gesture.isFollowing && !canvas.gesture.isDragging && canvas.log.isEmpty)
        for step in 1...4 {
            pilot.advance(by: 0.02)
            pilot.drag(to: Point(x: 10 + 2 * step, y: 2))
        }
        #expect(canvas.gesture.isDragging && canvas.owner(isTransitioning: pilot))
        var velocity = 0.0
        canvas.gesture.onStateChange = { gesture in
            if gesture.state == .ended { velocity = gesture.velocity }
            canvas.log.append("\(gesture.state) \(gesture.translation.x)")
        }
        pilot.release(at: Point(x: 18, y: 2))
        #expect(canvas.log == ["began 2", "changed 4", "changed 6", "changed 8", "ended 8"])
        // Measured from the drag's start (the press's cell, at the first motion) to the release:
        // 8 cells in 0.06 s.
        #expect(abs(velocity - 8 / 0.06) < 1e-9, "\(velocity)")
        #expect(!canvas.gesture.isFollowing && canvas.gesture.state == .possible)
        #expect(!canvas.owner(isTransitioning: pilot), "the drag's transition ended with it")
    }

    @Test func aPressReleasedInPlaceIsATap() {
        let (pilot, canvas) = scene()
        pilot.click(at: Point(x: 5, y: 1))
        #expect(canvas.log == ["tap"])
    }

    @Test func aPressWhoseReleaseWasLostIsForgottenAtTheNextPressElsewhere() {
        let (pilot, canvas) = scene()
        pilot.press(at: Point(x: 5, y: 1))
        // Another press goes to the window first (here outside the target: nobody takes it).
        pilot.press(at: Point(x: 50, y: 9))
        pilot.drag(to: Point(x: 9, y: 1))
        #expect(canvas.log.isEmpty && !canvas.gesture.isFollowing, "the motion was not the first press's")
    }

    @Test func theWindowEndingTheDragCancelsItWithNoVelocity() {
        let (pilot, canvas) = scene()
        pilot.press(at: Point(x: 10, y: 2))
        for step in 1...5 {
            pilot.advance(by: 0.02)
            pilot.drag(to: Point(x: 10 + 2 * step, y: 2))
        }
        #expect(canvas.gesture.velocity > 50, "moving fast when the window ends it")
        var velocity = -1.0
        canvas.gesture.onStateChange = { gesture in
            if gesture.state == .cancelled { velocity = gesture.velocity }
            canvas.log.append("\(gesture.state)")
        }
        pilot.resize(to: Size(width: 30, height: 5))
        #expect(canvas.log.first == "began 2" && canvas.log.last == "cancelled" && velocity == 0, "\(canvas.log)")
        pilot.release(at: Point(x: 20, y: 2))
        #expect(canvas.log.count == 6, "the old release is nobody's")
    }

    @Test func cancelTellsAndResetForgetsQuietly() {
        let (pilot, canvas) = scene()
        pilot.press(at: Point(x: 10, y: 2))
        pilot.drag(to: Point(x: 12, y: 2))
        canvas.gesture.cancel()
        #expect(canvas.log == ["began 2", "cancelled 2"])
        pilot.press(at: Point(x: 10, y: 2))
        pilot.drag(to: Point(x: 12, y: 2))
        canvas.gesture.reset()
        #expect(canvas.log == ["began 2", "cancelled 2", "began 2"], "reset tells nothing")
        #expect(!canvas.owner(isTransitioning: pilot))
        pilot.release(at: Point(x: 12, y: 2))
        #expect(canvas.log.count == 3)
    }

    @Test func theOwnerDecidesWhichMotionBeginsTheDrag() {
        let (pilot, canvas) = scene()
        canvas.gesture.shouldBegin = { gesture, point in point.x - gesture.startPosition.x >= 3 }
        pilot.press(at: Point(x: 10, y: 2))
        pilot.drag(to: Point(x: 11, y: 2))
        pilot.drag(to: Point(x: 12, y: 2))
        #expect(canvas.log.isEmpty)
        pilot.drag(to: Point(x: 13, y: 2))
        #expect(canvas.log == ["began 3"])
    }

    @Test func theSettlingSpeedCoversTheDistanceInTheDurationOrFollowsAFling() {
        #expect(InteractiveTransition.slideSpeed(distance: 24, duration: 0.25) == 96)
        #expect(InteractiveTransition.slideSpeed(distance: 24, duration: 0.25, fling: -200) == 200)
        #expect(InteractiveTransition.slideSpeed(distance: 0, duration: 0.5) == 2, "at least a cell")
        #expect(InteractiveTransition.slideSpeed(distance: 24, duration: 0) == .infinity)
        #expect(InteractiveTransition.slideSpeed(distance: 24, duration: 0.25, animated: false) == .infinity)
    }
}

extension PanGestureTests.Canvas {
    /// Whether the window holds this controller's events back now (its drag runs).
    func owner(isTransitioning pilot: Pilot) -> Bool { isTransitioning }
}
