import Glibc
import Shoji
import ShojiTerminal
import ShojiTesting
import TestSupport
import Testing
@testable import ShojiDemoKit

/// The demo, headless and animated, under a flood of random terminal input: real bytes through
/// the real `KeyDecoder`, read by the real `MainLoop.run()` in 4 KiB pieces, with a manual
/// clock. The backlog stays bounded, is worked off, and `q` still quits within a frame.
@MainActor
struct InputFloodTests {
    /// `SHOJI_FLOOD_SEED` replays another flood.
    static let seed = getenv("SHOJI_FLOOD_SEED").flatMap { UInt64(String(cString: $0)) } ?? 13

    @Test func aMegabyteOfRandomInputIsWorkedOffInBoundedMemoryThenQQuitsWithinAFrame() throws {
        let flood = try Flood(bytes: Self.randomBytes(1_000_000, seed: Self.seed))
        flood.run()
        #expect(flood.input.bytesRead == 1_000_000, "every byte was read (seed \(Self.seed))")
        #expect(flood.input.eventsRead > 100_000, "the flood made events (else it tests nothing)")
        #expect(flood.input.waitsWithoutReading > 0, "the loop stopped reading while the backlog was full")
        #expect(
            flood.recorder.largest <= flood.loop.maximumHeldBackEvents - 1 + FloodInput.bytesPerRead,
            "held back at most the bound plus one read's events, never the flood")
        #expect(
            flood.app.window.heldBackEventCount == 0 && flood.input.quitSentAt != nil, "worked off: the app went idle")
        #expect(flood.input.quitSentAt.map { $0 < 600 } == true, "worked off within 10 minutes of app time")
        #expect(!flood.loop.isRunning && !flood.input.quitIgnored, "q quit")
        #expect(
            flood.input.quitSentAt.map { flood.clock.seconds - $0 <= flood.loop.frameInterval } == true,
            "within a frame of arriving")
    }

    @Test func qInTheMiddleOfAFloodQuitsAsSoonAsItIsRead() throws {
        var bytes = Self.randomBytes(200_000, seed: Self.seed &+ 1)
        bytes[100_000] = UInt8(ascii: "q")
        let flood = try Flood(bytes: bytes, keepQuitKeys: true)
        flood.run()
        #expect(!flood.loop.isRunning)
        #expect(
            flood.input.bytesRead == 100_000 - 100_000 % FloodInput.bytesPerRead + FloodInput.bytesPerRead,
            "it stopped with the read that held q")
        #expect(flood.app.window.heldBackEventCount > 0, "it overtook the held-back events")
    }

    /// Random bytes without the keys that quit the demo (q, Ctrl-C), so the flood runs its course.
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            while true {
                let byte = UInt8.random(in: 0...255, using: &generator)
                if byte != UInt8(ascii: "q") && byte != 0x03 { return byte }
            }
        }
    }
}

/// The demo (built-in menu, default animations) on a 80x24 headless screen, run by a real
/// main loop reading `bytes`.
@MainActor
private final class Flood {
    let clock = ManualClock()
    let app: DemoApp
    let input: FloodInput
    let recorder: HeldBackRecorder
    let loop: MainLoop

    init(bytes: [UInt8], keepQuitKeys: Bool = false) throws {
        app = try DemoApp(
            menu: try MenuFile.builtIn(), options: try DemoOptions.parse([]), seconds: { 0 }, clock: clock)
        input = FloodInput(
            bytes: bytes, decoder: try KeyDecoder(abstractTerminal: "xterm-256color"), clock: clock,
            keepQuitKeys: keepQuitKeys)
        recorder = HeldBackRecorder(app)
        loop = MainLoop(screen: HeadlessScreen(size: Size(width: 80, height: 24)), input: input, clock: clock)
        loop.delegate = recorder
        app.window.mainLoop(loop, didResizeTo: Size(width: 80, height: 24))
    }

    func run() { loop.run() }
}

/// Terminal input: `bytes` arrive 4 KiB per millisecond and go through `decoder` one read at a
/// time, only while the loop reads. After the last byte it waits for the app to go idle (no
/// deadline left), then sends `q`; if the loop asks again, q was ignored and it ends the run.
/// Waits move the manual clock. Decoded q and Ctrl-C are dropped unless `keepQuitKeys`, and so
/// is Ctrl-P, whose command palette lists Quit among the commands random Enters perform.
@MainActor
private final class FloodInput: InputSource {
    static let bytesPerRead = 4096
    static let secondsPerRead = 0.001
    static let quitKeys: [InputEvent] = [.key(KeyEvent(.character("q"))), .key(.ctrl("c")), .key(.ctrl("p"))]

    let bytes: [UInt8]
    let decoder: KeyDecoder
    let clock: ManualClock
    let keepQuitKeys: Bool
    private(set) var bytesRead = 0
    private(set) var eventsRead = 0
    private(set) var waitsWithoutReading = 0
    private(set) var quitSentAt: Double?
    private(set) var quitIgnored = false
    private let start: Double
    /// App time after which a backlog counts as never worked off.
    private let limit = 600.0

    init(bytes: [UInt8], decoder: KeyDecoder, clock: ManualClock, keepQuitKeys: Bool) {
        self.bytes = bytes
        self.decoder = decoder
        self.clock = clock
        self.keepQuitKeys = keepQuitKeys
        start = clock.seconds
    }

    func nextEvents(timeout: Double?) -> [InputEvent] { nextEvents(timeout: timeout, readingInput: true) }

    func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        if quitSentAt != nil {
            quitIgnored = true
            return [.terminate]
        }
        guard clock.seconds < limit else { return [.terminate] }
        if bytesRead < bytes.count {
            guard readingInput else {
                waitsWithoutReading += 1
                guard let timeout else { return [.terminate] }  // a backlog with nothing due: stuck
                clock.advance(by: timeout)
                return []
            }
            let arrival = start + Double(bytesRead / Self.bytesPerRead) * Self.secondsPerRead
            if clock.seconds < arrival {
                if let timeout, clock.seconds + timeout < arrival {
                    clock.advance(by: timeout)
                    return []
                }
                clock.advance(to: arrival)
            }
            let end = min(bytes.count, bytesRead + Self.bytesPerRead)
            decoder.push(Array(bytes[bytesRead..<end]))
            bytesRead = end
            var events = decoder.nextEvents()
            if bytesRead == bytes.count { events += decoder.flushPending() }
            if !keepQuitKeys { events.removeAll { Self.quitKeys.contains($0) } }
            eventsRead += events.count
            return events
        }
        if let timeout {
            clock.advance(by: timeout)
            return []
        }
        quitSentAt = clock.seconds
        return [.key(KeyEvent(.character("q")))]
    }

    nonisolated func wake() {}
}
