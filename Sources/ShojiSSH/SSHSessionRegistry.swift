import Logging
import NIOCore
import NIOSSH
import Shoji
import ShojiTerminal

/// The main actor's side of the server: makes each session's app and `TerminalConnection`,
/// drives them all with one `MainLoopGroup`, and ends them.
///
/// Guarantees: an app is made on the main actor for each session that asked for a shell with a
/// pty, runs until it quits or the client goes away, and then its terminal gets the restore
/// bytes, the client exit status 0 and the channel is closed (and the connection with it).
/// `endAll()` asks every app to end, as a client going away does.
@MainActor
final class SSHSessionRegistry: Sendable {
    /// The group every session's loop runs in.
    let group: MainLoopGroup
    private let clock: any TimeSource
    private let makeApp: @MainActor (SSHSessionInfo) -> Application
    private let configuration: SSHAppServerConfiguration
    private var inputs: [ObjectIdentifier: ConnectionInput] = [:]

    init(
        group: MainLoopGroup, clock: any TimeSource, configuration: SSHAppServerConfiguration,
        makeApp: @escaping @MainActor (SSHSessionInfo) -> Application
    ) {
        self.group = group
        self.clock = clock
        self.configuration = configuration
        self.makeApp = makeApp
    }

    /// How many sessions run an app now.
    var sessionCount: Int { inputs.count }

    /// Starts the app for a session; returns its input for the channel's handler, or nil when
    /// the terminal cannot be driven (the client is told why and the session ends).
    func open(_ info: SSHSessionInfo, size: Size, channel: Channel) -> ConnectionInput? {
        let connection: TerminalConnection
        do {
            connection = try TerminalConnection(
                terminalType: info.terminalType, size: size, environment: info.environment, sink: ChannelSink(channel),
                waiter: group.waiter, clock: clock, framesPerSecond: configuration.framesPerSecond)
        } catch {
            configuration.logger.error(
                "session not started", metadata: ["address": "\(info.remoteAddress)", "reason": "\(error)"])
            Self.end(channel, status: 1, telling: error.description)
            return nil
        }
        let app = makeApp(info)
        let key = ObjectIdentifier(connection)
        inputs[key] = connection.input
        configuration.logger.info(
            "session started",
            metadata: [
                "user": "\(info.userName)", "address": "\(info.remoteAddress)", "term": "\(info.terminalType)",
                "size": "\(size.width)x\(size.height)"
            ])
        connection.start(app, in: group) { [weak self, unowned connection] in
            self?.inputs[key] = nil
            self?.configuration.logger.info(
                "session ended",
                metadata: [
                    "address": "\(info.remoteAddress)", "bytes": "\(connection.screen.sentByteCount)",
                    "skipped": "\(connection.screen.skippedFrameCount)"
                ])
            Self.end(channel, status: 0)
        }
        return connection.input
    }

    /// Asks every running app to end (server shutdown).
    func endAll() {
        for input in inputs.values { input.reportHangUp() }
    }

    /// Sends `message` (if any) on the session's standard error, `status` as its exit status,
    /// and closes the channel, then the connection (one session per connection). Safe from any
    /// thread, and on a channel already closed.
    nonisolated static func end(_ channel: Channel, status: Int, telling message: String? = nil) {
        if let message {
            let text = channel.allocator.buffer(string: message + "\r\n")
            channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(text)), promise: nil)
        }
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close().whenComplete { _ in channel.parent?.close(promise: nil) }
        }
    }
}
