import Glibc
import Shoji
import ShojiTesting

/// Runs a scene's window on a screen under the real `MainLoop` and a manual clock, one
/// animation frame per `frame()`: the clock jumps to the loop's next deadline and the loop does
/// that pass (the animator's tick, layout, composing the window, presenting it), as it would at
/// 60 frames a second, with no sleeping in between.
@MainActor
public final class FrameDriver {
    nonisolated public static let size = Size(width: 200, height: 60)

    let scene: BenchScene
    let clock = ManualClock()
    let loop: MainLoop

    public init(_ scene: BenchScene, screen: any Screen) {
        self.scene = scene
        loop = MainLoop(screen: screen, input: ScriptedInput(clock: clock), clock: clock, framesPerSecond: 60)
        loop.delegate = scene.window
        scene.window.mainLoop(loop, didResizeTo: Self.size)
        loop.start()
        loop.performDueWork()
    }

    /// A headless screen keeping only its last frame.
    public convenience init(_ scene: BenchScene) {
        self.init(scene, screen: HeadlessScreen(size: Self.size, maximumStoredFrames: 1))
    }

    /// Starts more work if the scene has stopped and moves the clock to the next frame's
    /// deadline: everything before the frame itself, kept out of its measurement.
    public func prepareFrame() {
        scene.keepGoing()
        guard let due = loop.nextDeadline else { fatalError("the scene has nothing to draw") }
        clock.advance(to: due)
    }

    /// One pass of the main loop: the frame.
    public func frame() {
        loop.performDueWork()
    }
}

/// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): the main thread's
/// work only, not a pty reader's, and not the time the thread waited for a core.
public func threadCPUNanoseconds() -> Int {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return spec.tv_sec * 1_000_000_000 + spec.tv_nsec
}
