import Logging
import NIOCore
import NIOSSH
import Shoji
import ShojiTerminal

/// One SSH session channel, on its SwiftNIO event loop: answers the channel requests, hands the
/// client's bytes to the session's `ConnectionInput` and paces how fast it reads them.
///
/// Requests: `pty-req` (type, size; modes are ignored, the app sets its own), `env` (names the
/// configuration allows, at most 64), `shell` (starts the app; without a pty the client is told
/// "this app needs a terminal: ssh -t" and the session closes with status 1), `exec` and
/// `subsystem` (refused: a message on standard error, status 1, closed), `window-change`
/// (the app's window resizes), `signal` and anything else ignored (Ctrl-Z reaches the app as a
/// key: there is no process to suspend).
///
/// Reading: SwiftNIO asks the handler to read; it holds the request back while the session
/// has used its input budget (`inputBytesPerSecond`, a token bucket one second deep) or while
/// the app has 64 KiB it has not decoded (back-pressure from the main actor), and lets it
/// through when either clears. Held reads leave the bytes with SSH's flow control, so the
/// client waits instead of the server buffering.
final class SSHSessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// What the session needs from the server: the main actor's side and the limits.
    struct Context: Sendable {
        let registry: SSHSessionRegistry
        let configuration: SSHAppServerConfiguration
        let remoteAddress: String
        let identity: @Sendable () -> SSHAuthenticator.Identity?
    }

    /// The most undecoded input the app may have before reads are held.
    static let maximumUnreadBytes = 65_536
    /// The most environment variables a session keeps.
    static let maximumEnvironment = 64

    private let session: Context
    private var terminalType: String?
    private var size = Size(width: 80, height: 24)
    private var environment: [String: String] = [:]
    private var isStarted = false
    private var isClosed = false
    private var input: ConnectionInput?
    private var pendingBytes: [[UInt8]] = []
    private var tokens: Double
    private var lastRefill = NIODeadline.now()
    private var heldRead = false
    private var retry: Scheduled<Void>?

    init(_ session: Context) {
        self.session = session
        tokens = Double(session.configuration.inputBytesPerSecond)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    // MARK: Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            terminalType = String(request.term.prefix(128))
            size = Self.clampedSize(request.terminalCharacterWidth, request.terminalRowHeight)
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let allowed =
                session.configuration.allowedEnvironment.contains(request.name) && request.value.utf8.count <= 1024
                && environment.count < Self.maximumEnvironment
            if allowed { environment[request.name] = request.value }
            reply(request.wantReply, allowed, context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(request.wantReply, true, context)
            start(context)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(request.wantReply, true, context)
            refuse("this server runs an interactive app, not commands: connect with ssh -t", "exec", context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false, context)
            refuse("this server runs an interactive app, no subsystems", "subsystem \(request.subsystem)", context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let newSize = Self.clampedSize(request.terminalCharacterWidth, request.terminalRowHeight)
            if let input { input.reportResize(newSize) } else { size = newSize }
        case is ChannelEvent where (event as? ChannelEvent) == .inputClosed:
            // The client closed its side (EOF): nobody is typing any more; the app ends.
            hangUp()
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Sizes from a client, kept within what a terminal can be (1 to 1,000 cells a side).
    static func clampedSize(_ width: Int, _ height: Int) -> Size {
        Size(width: min(max(width, 1), 1000), height: min(max(height, 1), 1000))
    }

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        let event: Any = success ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    /// Tells the client why on its standard error, sends exit status 1 and closes the session.
    private func refuse(_ message: String, _ what: String, _ context: ChannelHandlerContext) {
        session.configuration.logger.notice(
            "session refused", metadata: ["address": "\(session.remoteAddress)", "reason": "\(what)"])
        SSHSessionRegistry.end(context.channel, status: 1, telling: message)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !isStarted else { return }
        isStarted = true
        guard let terminalType else {
            refuse("this app needs a terminal: ssh -t", "no pty", context)
            return
        }
        let identity = session.identity()
        let info = SSHSessionInfo(
            userName: identity?.userName ?? "", publicKeyFingerprint: identity?.fingerprint,
            remoteAddress: session.remoteAddress, terminalType: terminalType, environment: environment)
        let channel = context.channel
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let registry = session.registry
        let size = self.size
        Task { @MainActor in
            let input = registry.open(info, size: size, channel: channel)
            channel.eventLoop.execute { handler.value.attach(input, channel: channel) }
        }
    }

    /// The app is running (or could not start: nil): bytes that came meanwhile go to it.
    private func attach(_ input: ConnectionInput?, channel: Channel) {
        guard let input else { return }
        self.input = input
        for bytes in pendingBytes { input.push(bytes) }
        pendingBytes = []
        if isClosed { input.reportHangUp() }
        // A change of writability before now reached no input: a frame skipped meanwhile must
        // still be drawn.
        if channel.isWritable { input.reportAcceptingBytes() }
    }

    // MARK: Data

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let buffer) = message.data else { return }
        let bytes = Array(buffer.readableBytesView)
        tokens -= Double(bytes.count)
        if let input { input.push(bytes) } else { pendingBytes.append(bytes) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        retry?.cancel()
        hangUp()
        context.fireChannelInactive()
    }

    private func hangUp() {
        guard !isClosed else { return }
        isClosed = true
        input?.reportHangUp()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { input?.reportAcceptingBytes() }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Reading pace

    func read(context: ChannelHandlerContext) {
        if mayRead() {
            context.read()
        } else {
            heldRead = true
            scheduleRetry(context)
        }
    }

    private func mayRead() -> Bool {
        let now = NIODeadline.now()
        let rate = Double(session.configuration.inputBytesPerSecond)
        let elapsed = Double((now - lastRefill).nanoseconds) / 1e9
        tokens = min(rate, tokens + elapsed * rate)
        lastRefill = now
        return tokens > 0 && (input?.unreadByteCount ?? 0) < Self.maximumUnreadBytes
    }

    private func scheduleRetry(_ context: ChannelHandlerContext) {
        guard retry == nil else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        retry = context.eventLoop.scheduleTask(in: .milliseconds(20)) {
            let (handler, context) = bound.value
            handler.retry = nil
            guard handler.heldRead, !handler.isClosed else { return }
            if handler.mayRead() {
                handler.heldRead = false
                context.read()
            } else {
                handler.scheduleRetry(context)
            }
        }
    }
}
