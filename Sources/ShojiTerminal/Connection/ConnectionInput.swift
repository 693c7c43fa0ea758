import Shoji
import Synchronization

/// The input of a terminal at the other end of a connection: the transport pushes what the
/// client sends (bytes, a new size, the end) from its own threads; the main actor decodes the
/// bytes with the same `KeyDecoder` as the local terminal's (libtermkey, an abstract instance
/// fed with `termkey_push_bytes`, behind the input sanitizer) into events.
///
/// Guarantees:
/// - Events come out in the order the client sent them; a report of a new size comes out as
///   `.resize` (the screen takes the size first), the end of the connection as `.terminate`.
/// - The start-up answers (synchronized output and the kitty keyboard protocol, asked by
///   `ConnectionScreen.start(query:)`; a terminal with the protocol gets it pushed) are
///   taken out of the stream before the decoder sees it: up to the device-attributes answer or
///   `SynchronizedOutputProbe.timeout` (0.1 s), whichever is first; keys typed meanwhile are
///   kept, in order.
/// - Bytes wait undecoded while the loop reads no input (`readingInput` false, back-pressure);
///   `unreadByteCount` tells the transport how many wait, so it can stop reading from the
///   client (the client then waits, as a local writer waits on a full terminal buffer).
/// - A lone Escape or an unfinished sequence is decoded once the decoder's wait has passed on
///   the loop's clock (`inputDeadline`), never earlier, however often the loop passes.
/// - Ctrl-Z is a key like any other (no process to suspend): an app that binds nothing to it
///   ignores it.
///
/// Threading: the `push`/`report` methods and `unreadByteCount` from any thread; the rest on
/// the main actor.
@MainActor
public final class ConnectionInput: InputSource {
    private enum Item: Sendable {
        case bytes([UInt8])
        case resize(Size)
        case hangUp
        case acceptingBytes
    }

    private struct Inbox: Sendable {
        var items: [Item] = []
        var byteCount = 0
    }

    private nonisolated let inbox = Mutex(Inbox())
    private nonisolated let waiter: any LoopWaiter
    private let decoder: KeyDecoder
    private let clock: any TimeSource
    private weak var screen: ConnectionScreen?
    /// The start-up answers are still awaited until this time (nil: no longer).
    private var answersDue: Double?
    private var answerBytes: [UInt8] = []
    /// When the decoder began holding an unfinished sequence.
    private var pendingSince: Double?

    /// Called on the main actor when the transport takes bytes again after refusing them:
    /// the owner asks for a frame if one was skipped.
    public var onAcceptingBytes: (() -> Void)?

    /// Input for `screen`, decoding keys as `terminalType` sends them, woken through `waiter`,
    /// timing sequences on `clock`. With `awaitingAnswers`, the first bytes are searched for
    /// the start-up answers (see the type's guarantees).
    public init(
        terminalType: String, screen: ConnectionScreen, waiter: any LoopWaiter, clock: any TimeSource,
        awaitingAnswers: Bool
    ) throws {
        decoder = try KeyDecoder(abstractTerminal: terminalType)
        self.screen = screen
        self.waiter = waiter
        self.clock = clock
        answersDue = awaitingAnswers ? clock.seconds + SynchronizedOutputProbe.timeout : nil
    }

    // MARK: From the transport (any thread)

    /// Bytes the client sent.
    public nonisolated func push(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        inbox.withLock {
            $0.items.append(.bytes(bytes))
            $0.byteCount += bytes.count
        }
        waiter.wake()
    }

    /// The client's terminal is now `size`.
    public nonisolated func reportResize(_ size: Size) { add(.resize(size)) }

    /// The client went away: the app is asked to end.
    public nonisolated func reportHangUp() { add(.hangUp) }

    /// The transport takes bytes again.
    public nonisolated func reportAcceptingBytes() { add(.acceptingBytes) }

    /// Bytes pushed and not decoded yet.
    public nonisolated var unreadByteCount: Int { inbox.withLock { $0.byteCount } }

    private nonisolated func add(_ item: Item) {
        inbox.withLock { $0.items.append(item) }
        waiter.wake()
    }

    // MARK: InputSource

    /// Wakes the group's wait (from any thread).
    public nonisolated func wake() { waiter.wake() }

    /// The end of the start-up answers' wait, or of the decoder's wait for the rest of a
    /// sequence (a lone Escape), on the loop's clock; nil when neither is pending.
    public var inputDeadline: Double? {
        if let answersDue { return answersDue }
        guard decoder.hasPendingSequence, let pendingSince else { return nil }
        return pendingSince + decoder.pendingWaitTime
    }

    /// Has the client's terminal report key releases where it can
    /// (`ConnectionScreen.setReportsKeyReleases(_:)`).
    public func reportKeyReleases(_ report: Bool) {
        screen?.setReportsKeyReleases(report)
    }

    /// The events decoded from what was pushed, reading input.
    public func nextEvents(timeout: Double?) -> [InputEvent] {
        nextEvents(timeout: timeout, readingInput: true)
    }

    /// Never waits when called with `timeout` 0 (a `MainLoopGroup` waits for all its loops);
    /// otherwise waits on the waiter first when nothing is pushed.
    public func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        if timeout != 0, inbox.withLock({ $0.items.isEmpty }) {
            let now = clock.seconds
            let untilDeadline = inputDeadline.map { max(0, $0 - now) }
            waiter.wait(timeout: [timeout, untilDeadline].compactMap { $0 }.min())
        }
        let items: [Item] = inbox.withLock { box in
            if readingInput {
                defer { box = Inbox() }
                return box.items
            }
            // Bytes stay (in order, before anything pushed later); the rest is taken.
            let others = box.items.filter { if case .bytes = $0 { return false } else { return true } }
            box.items.removeAll { if case .bytes = $0 { return false } else { return true } }
            return others
        }
        var events: [InputEvent] = []
        var bytesTaken = 0
        for item in items {
            switch item {
            case .bytes(let bytes):
                bytesTaken += bytes.count
                events += decode(bytes)
            case .resize(let size):
                events += flushIfDue()
                screen?.resize(to: size)
                if let size = screen?.size { events.append(.resize(size)) }
            case .hangUp:
                events.append(.terminate)
            case .acceptingBytes:
                onAcceptingBytes?()
            }
        }
        if bytesTaken > 0 { inbox.withLock { $0.byteCount -= bytesTaken } }
        if readingInput { events += finishAnswersIfDue() + flushIfDue() }
        return events
    }

    // MARK: Decoding

    private func decode(_ bytes: [UInt8]) -> [InputEvent] {
        if answersDue != nil {
            answerBytes += bytes
            let answer = SynchronizedOutputProbe.scan(answerBytes)
            guard answer.sawDeviceAttributes else { return [] }
            return endAnswers(answer)
        }
        decoder.push(bytes)
        return decoded()
    }

    private func finishAnswersIfDue() -> [InputEvent] {
        guard let due = answersDue, clock.seconds >= due else { return [] }
        return endAnswers(SynchronizedOutputProbe.scan(answerBytes))
    }

    private func endAnswers(_ answer: SynchronizedOutputProbe.Answer) -> [InputEvent] {
        answersDue = nil
        answerBytes = []
        screen?.usesSynchronizedUpdates = answer.supportsSynchronizedUpdates
        if let keyboardProtocol = KeyboardProtocol(answer: answer) { screen?.enableKeyboardProtocol(keyboardProtocol) }
        decoder.push(answer.otherBytes)
        return decoded()
    }

    private func decoded() -> [InputEvent] {
        let events = decoder.nextEvents()
        if decoder.hasPendingSequence {
            if pendingSince == nil || !events.isEmpty { pendingSince = clock.seconds }
        } else {
            pendingSince = nil
        }
        return events
    }

    private func flushIfDue() -> [InputEvent] {
        guard answersDue == nil, decoder.hasPendingSequence, let pendingSince,
            clock.seconds - pendingSince >= decoder.pendingWaitTime
        else { return [] }
        self.pendingSince = nil
        return decoder.flushPending()
    }
}
