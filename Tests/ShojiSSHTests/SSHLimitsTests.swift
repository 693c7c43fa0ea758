import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Shoji
import Testing
@testable import ShojiSSH

/// The server's limits, on SwiftNIO's embedded channels: sessions in all and per address, the
/// handshake and idle time-outs, and the input rate.
@MainActor
struct SSHLimitsTests {
    var configuration: SSHAppServerConfiguration = {
        var configuration = SSHAppServerConfiguration(port: 0, hostKeyPath: "")
        configuration.logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        configuration.maximumSessions = 3
        configuration.maximumSessionsPerAddress = 2
        configuration.handshakeTimeout = 10
        return configuration
    }()

    /// A connection from `address` through a guard sharing `counter`; `loggedIn` says whether
    /// someone logged in on it.
    func connect(
        from address: String, _ counter: SSHConnectionGuard.Counter,
        loggedIn: @escaping @Sendable () -> Bool = { false }
    ) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(
            handler: SSHConnectionGuard(counter: counter, configuration: configuration, isLoggedIn: loggedIn))
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40_000)).wait()
        return channel
    }

    @Test func connectionsPastTheLimitsAreClosedAtOnce() throws {
        let counter = SSHConnectionGuard.Counter()
        let first = try connect(from: "10.0.0.1", counter)
        let second = try connect(from: "10.0.0.1", counter)
        let third = try connect(from: "10.0.0.1", counter)
        #expect(first.isActive && second.isActive && !third.isActive, "two per address")
        let other = try connect(from: "10.0.0.2", counter)
        let fourth = try connect(from: "10.0.0.3", counter)
        #expect(other.isActive && !fourth.isActive, "three in all")
        #expect(counter.total == 3)
        try first.close().wait()
        #expect(counter.total == 2, "a closed connection frees its place")
        #expect(try connect(from: "10.0.0.3", counter).isActive)
        _ = try? second.finish()
        _ = try? other.finish()
    }

    @Test func aConnectionNotLoggedInInTimeIsClosed() throws {
        let counter = SSHConnectionGuard.Counter()
        let waiting = try connect(from: "10.0.0.1", counter)
        let loggedIn = try connect(from: "10.0.0.2", counter, loggedIn: { true })
        waiting.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(waiting.isActive)
        waiting.embeddedEventLoop.advanceTime(by: .seconds(2))
        loggedIn.embeddedEventLoop.advanceTime(by: .seconds(11))
        #expect(!waiting.isActive && loggedIn.isActive)
        #expect(counter.total == 1)
    }

    @Test func aConnectionIdleTooLongIsClosed() throws {
        let counter = SSHConnectionGuard.Counter()
        let channel = try connect(from: "10.0.0.1", counter, loggedIn: { true })
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.write)
        #expect(channel.isActive, "only silence from the client counts")
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(!channel.isActive && counter.total == 0)
    }

    /// Counts the reads a handler lets through towards the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = Any
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    final class ManualWaiter: LoopWaiter {
        func wait(timeout: Double?) {}
        nonisolated func wake() {}
    }

    @Test func inputPastItsRateHoldsReadsUntilTheBudgetRefills() throws {
        var configuration = configuration
        configuration.inputBytesPerSecond = 10_000
        let registry = SSHSessionRegistry(
            group: MainLoopGroup(waiter: ManualWaiter()), clock: SystemClock(), configuration: configuration,
            makeApp: { _ in Application(rootViewController: ViewController()) })
        let context = SSHSessionHandler.Context(
            registry: registry, configuration: configuration, remoteAddress: "test", identity: { nil })
        let counter = ReadCounter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([counter, SSHSessionHandler(context)])
        channel.read()
        #expect(counter.reads == 1, "within the budget reads go through")
        let flood = ByteBuffer(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 15_000))
        try channel.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(flood)))
        channel.read()
        #expect(counter.reads == 1, "past it, the read is held")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        #expect(counter.reads == 1, "held while the budget is still spent")
        usleep(650_000)  // the budget refills in real time: 5,000 bytes at 10,000 a second
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(20))
        #expect(counter.reads == 2, "let through once it refilled")
        _ = try? channel.finish()
    }
}
