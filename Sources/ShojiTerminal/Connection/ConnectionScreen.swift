import CNcursesw
import Glibc
import Shoji
import ShojiTerminalCore

/// Where a connection's bytes go: the transport (an SSH channel), written from the main actor.
///
/// `isAcceptingBytes` false means the other end is behind (its window or the socket's buffer is
/// full): the screen then skips frames instead of queueing them, so a stalled reader never
/// grows the server's memory by more than one frame.
@MainActor
public protocol ConnectionSink: AnyObject {
    /// Sends `bytes` after everything sent before, in order; never blocks.
    func send(_ bytes: [UInt8])
    /// Whether the transport takes more bytes now without queueing them.
    var isAcceptingBytes: Bool { get }
}

/// A `Screen` on a terminal at the other end of a connection: frames are made by the same
/// `FrameWriter` as the local terminal's, for the capabilities of the type the client named
/// (`TerminalDescription`), and handed to a `ConnectionSink` instead of a file descriptor.
///
/// Guarantees:
/// - `start()` puts the terminal in full-screen mode (alternate screen, mouse reporting and
///   bracketed paste, as `TerminalScreen`); `finish()` puts it back with the same restore bytes
///   as the local terminal's; after `finish()` nothing more is sent.
/// - A frame presented while the sink does not accept bytes is skipped: the writer's idea of
///   what the terminal shows stays what it last received, so the next frame sent is the whole
///   difference from that (`skippedFrameCount` counts them; the owner asks for a frame when the
///   sink accepts bytes again, `hasSkippedFrame`).
/// - The size is what the other end reported (`resize(to:)`); a surface of another size is
///   clipped or padded as `TerminalScreen` does.
///
/// Threading: main actor only.
@MainActor
public final class ConnectionScreen: Screen {
    /// The screen's size in cells, as the other end last reported it.
    public private(set) var size: Size
    /// The terminal type the frames are made for.
    public let description: TerminalDescription
    /// How many frames were skipped because the sink did not accept bytes.
    public private(set) var skippedFrameCount = 0
    /// Whether the last frame presented was skipped (the terminal shows an older one).
    public private(set) var hasSkippedFrame = false
    /// How many bytes the screen has handed to the sink in all.
    public private(set) var sentByteCount = 0
    /// Whether colours are drawn (the type has them and the client did not ask for none).
    public var usesColor: Bool { styles.usesColor }

    /// Whether frames are wrapped in begin/end synchronized update: turned on when the terminal
    /// answers that it has the mode (`ConnectionInput` reads the answer in the stream).
    public var usesSynchronizedUpdates: Bool {
        get { writer.synchronizedUpdates }
        set { writer.synchronizedUpdates = newValue }
    }

    /// Whether cells' links are sent as OSC 8 (clickable on the client's terminal), as
    /// `TerminalScreen.usesHyperlinks`: decided from the client's environment (`hyperlinkEnvironment`
    /// at `init`: its terminal type and what the transport passed on, such as `SHOJI_HYPERLINKS`).
    public var usesHyperlinks: Bool {
        get { writer.hyperlinks }
        set { writer.hyperlinks = newValue }
    }

    /// The client's clipboard through OSC 52 when its terminal type takes it (terminfo `Ms`)
    /// or the client sent `SHOJI_CLIPBOARD=osc52`; copies stay in the app otherwise.
    public var pasteboard: (any Pasteboard)? { connectionPasteboard }
    private var connectionPasteboard: TerminalPasteboard!

    private let sink: any ConnectionSink
    private let writer: FrameWriter
    private let styles: StyleWriter
    private var isStarted = false
    private var isFinished = false

    /// A screen of `size` for `description`'s terminal, sending to `sink`. `useColor` false draws
    /// no colour (`NO_COLOR` from the client); `clipboardSetting` is the client's
    /// `SHOJI_CLIPBOARD`; `hyperlinkEnvironment` the client's environment links are decided by
    /// (its `TERM` is the terminal type whatever it says). Sends nothing until
    /// `start()`.
    public init(
        description: TerminalDescription, size: Size, sink: any ConnectionSink, useColor: Bool = true,
        clipboardSetting: String? = nil, hyperlinkEnvironment: [String: String] = [:]
    ) {
        self.description = description
        self.size = size
        self.sink = sink
        styles = StyleWriter(
            capabilities: description.capabilities, transitions: description.transitions,
            colorCount: useColor ? description.colorCount : nil, defaultColors: description.hasDefaultColors)
        writer = FrameWriter(
            capabilities: description.capabilities, styles: styles,
            scalarWidth: { Int(wcwidth(wchar_t(bitPattern: $0))) })
        let osc52 = TerminalPasteboard.sendsToTerminal(
            environmentValue: clipboardSetting, terminalHasMs: description.capabilities.setsClipboard)
        connectionPasteboard = TerminalPasteboard(sendsToTerminal: osc52) { [weak self] bytes in
            self?.sendRaw(bytes)
        }
        var environment = hyperlinkEnvironment
        environment["TERM"] = description.type
        writer.hyperlinks = HyperlinkSupport.isSupported(environment: environment)
    }

    /// Enters full-screen mode and sends `query` (the start-up questions, answered in the
    /// input stream) after it. The first frame clears the screen. Once only.
    public func start(query: [UInt8] = []) {
        guard !isStarted else { return }
        isStarted = true
        let enter = description.capabilities.enterCAMode?.bytes ?? Array("\u{1B}[?1049h".utf8)
        sendRaw(enter + TerminalScreen.mouseOn + query)
    }

    /// Gives the terminal back (the keyboard protocol popped if it was pushed, mouse reporting
    /// and paste off, attributes reset, cursor shown, main screen); nothing is sent after it.
    /// Idempotent.
    public func finish() {
        guard isStarted, !isFinished else { return }
        sendRaw(
            TerminalScreen.restoreSequence(
                description.capabilities, inlineRows: nil, keyboardProtocol: keyboardProtocol,
                hyperlinks: usesHyperlinks))
        isFinished = true
    }

    /// The keyboard protocol on for the client's terminal, if any (its answers to the start-up
    /// query say it has one), as `TerminalScreen.keyboardProtocol` for the local terminal;
    /// `finish()` switches it off first.
    public private(set) var keyboardProtocol: KeyboardProtocol?

    /// Switches `keyboardProtocol` on; once, and only while the screen runs.
    public func enableKeyboardProtocol(_ keyboardProtocol: KeyboardProtocol) {
        guard isStarted, !isFinished, self.keyboardProtocol == nil else { return }
        self.keyboardProtocol = keyboardProtocol
        sendRaw(keyboardProtocol.enable(reportingReleases: reportsKeyReleases))
    }

    /// Whether key releases are reported, as `TerminalScreen.reportsKeyReleases`.
    public private(set) var reportsKeyReleases = false

    /// Has the client's terminal report key releases or stop, as
    /// `TerminalScreen.setReportsKeyReleases(_:)`: sent now where the protocol is pushed, and
    /// part of the push if it comes later; `finish()`'s pop is unchanged.
    public func setReportsKeyReleases(_ report: Bool) {
        guard report != reportsKeyReleases else { return }
        reportsKeyReleases = report
        guard isStarted, !isFinished, let keyboardProtocol else { return }
        sendRaw(keyboardProtocol.reportKeyReleases(report))
    }

    /// Sends what differs from the last frame the client received; skipped while the sink
    /// does not accept bytes (see the type's guarantees).
    public func present(_ surface: Surface) {
        guard isStarted, !isFinished else { return }
        guard sink.isAcceptingBytes else {
            skippedFrameCount += 1
            hasSkippedFrame = true
            return
        }
        hasSkippedFrame = false
        let frame = TerminalScreen.frame(surface.cells, size: surface.size, moves: surface.moves, fittedTo: size)
        frame.cells.withUnsafeBufferPointer {
            writer.render($0, size: size, moves: frame.moves, cursor: surface.cursor)
        }
        let bytes = writer.output.bytes
        guard bytes.count > 0 else { return }
        sendRaw(Array(bytes))
    }

    /// Makes the next frame clear the client's screen and draw every cell.
    public func invalidate() {
        writer.invalidate()
    }

    /// Takes the size the other end reported (an empty one is ignored) and invalidates.
    public func resize(to newSize: Size) {
        guard newSize.width > 0, newSize.height > 0 else { return }
        size = newSize
        invalidate()
    }

    private func sendRaw(_ bytes: [UInt8]) {
        guard !isFinished, !bytes.isEmpty else { return }
        sentByteCount += bytes.count
        sink.send(bytes)
    }
}
