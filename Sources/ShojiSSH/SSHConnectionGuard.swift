import Logging
import NIOCore
import Synchronization

/// The limits on connections, first in each connection's pipeline: how many at once in all and
/// from one address, how long to log in, how long without a byte from the client. Each refusal
/// is logged with the reason; a refused connection is closed before the server says anything.
final class SSHConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    /// Connections open now, in all and by address; shared by every connection of a server.
    final class Counter: Sendable {
        private let state = Mutex<(total: Int, byAddress: [String: Int])>((0, [:]))

        /// Counts a connection from `address` in, unless that would pass a limit (then the
        /// reason).
        func admit(_ address: String, total: Int, perAddress: Int) -> String? {
            state.withLock { state in
                if state.total >= total { return "too many sessions (\(total))" }
                if state.byAddress[address, default: 0] >= perAddress {
                    return "too many sessions from this address (\(perAddress))"
                }
                state.total += 1
                state.byAddress[address, default: 0] += 1
                return nil
            }
        }

        /// Counts a connection from `address` out.
        func release(_ address: String) {
            state.withLock { state in
                state.total -= 1
                let left = state.byAddress[address, default: 1] - 1
                state.byAddress[address] = left > 0 ? left : nil
            }
        }

        /// Connections open now.
        var total: Int { state.withLock { $0.total } }
    }

    /// The last handler of a connection: an error the SSH handler raises (a malformed packet,
    /// a failed key exchange) closes the connection, logged at debug level.
    final class ErrorCloser: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOAny
        private let logger: Logger

        init(logger: Logger) { self.logger = logger }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            logger.debug(
                "connection error",
                metadata: ["address": "\(context.channel.remoteAddress?.ipAddress ?? "?")", "error": "\(error)"])
            context.close(promise: nil)
        }
    }

    private let counter: Counter
    private let configuration: SSHAppServerConfiguration
    private let isLoggedIn: @Sendable () -> Bool
    private var admittedAddress: String?
    private var handshakeTimer: Scheduled<Void>?

    init(counter: Counter, configuration: SSHAppServerConfiguration, isLoggedIn: @escaping @Sendable () -> Bool) {
        self.counter = counter
        self.configuration = configuration
        self.isLoggedIn = isLoggedIn
    }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if let reason = counter.admit(
            address, total: configuration.maximumSessions, perAddress: configuration.maximumSessionsPerAddress)
        {
            configuration.logger.notice(
                "connection refused", metadata: ["address": "\(address)", "reason": "\(reason)"])
            context.close(promise: nil)
            return
        }
        admittedAddress = address
        let seconds = configuration.handshakeTimeout
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = configuration.logger
        handshakeTimer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { [isLoggedIn] in
            guard !isLoggedIn() else { return }
            logger.notice(
                "connection closed", metadata: ["address": "\(address)", "reason": "not logged in within \(seconds) s"])
            bound.value.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        handshakeTimer?.cancel()
        if let address = admittedAddress {
            admittedAddress = nil
            counter.release(address)
            context.fireChannelInactive()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admittedAddress != nil else { return }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            configuration.logger.notice(
                "connection closed",
                metadata: [
                    "address": "\(admittedAddress ?? "?")",
                    "reason": "no input for \(configuration.idleTimeout) s"
                ])
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        configuration.logger.debug(
            "connection error", metadata: ["address": "\(admittedAddress ?? "?")", "error": "\(error)"])
        context.close(promise: nil)
    }
}
