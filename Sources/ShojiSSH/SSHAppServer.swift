import Glibc
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import ServiceLifecycle
import Shoji
import ShojiTerminal
import Synchronization

/// Serves a Shoji app over SSH: every session with a pty gets its own `Application` (made by
/// `makeApp`), all in this one process, on the main actor, driven by one `MainLoopGroup`.
///
/// The SSH protocol is swift-nio-ssh's (on SwiftNIO's event loops); this type only glues it to
/// `TerminalConnection`s: keys (`SSHHostKey`, `AuthorizedKeys`, `SSHAuthenticator`), limits
/// (`SSHConnectionGuard`), session requests (`SSHSessionHandler`), and the apps
/// (`SSHSessionRegistry`). It is a swift-service-lifecycle `Service`: `run()` listens until a
/// graceful shutdown (SIGTERM or SIGINT under `main`), then stops accepting, asks every app to
/// end (each client's terminal is restored and told exit status 0) and returns once they have
/// (after 5 s at most).
///
/// Threading: create it and run the group on the main thread (`main` does both); `run()` runs
/// in a task of its own.
public final class SSHAppServer: Service, Sendable {
    /// The configuration it was made with.
    public let configuration: SSHAppServerConfiguration
    /// The host key, loaded or made at `init`.
    public let hostKey: SSHHostKey
    private let authorizedKeys: Set<NIOSSHPublicKey>
    private let registry: SSHSessionRegistry
    private let counter = SSHConnectionGuard.Counter()
    private let boundPort = Mutex<Int?>(nil)
    /// The group's waiter, woken when the server starts listening (so a caller waiting for
    /// `port` sees it) and when it is done.
    private let waiter: any LoopWaiter

    /// Loads the host key (making it if missing) and the authorized keys, and prepares the
    /// group that will run the apps. Throws when a file is refused or nobody could log in.
    @MainActor
    public init(
        configuration: SSHAppServerConfiguration, group: MainLoopGroup, clock: any TimeSource = SystemClock(),
        makeApp: @escaping @MainActor (SSHSessionInfo) -> Application
    ) throws(SSHAppServerError) {
        self.configuration = configuration
        do {
            hostKey = try SSHHostKey.load(from: configuration.hostKeyPath)
        } catch {
            throw .hostKey(error)
        }
        var keys: Set<NIOSSHPublicKey> = []
        if let path = configuration.authorizedKeysPath {
            let file = try AuthorizedKeys(contentsOf: path)
            for (line, reason) in file.skippedLines {
                configuration.logger.warning(
                    "authorized_keys line skipped", metadata: ["line": "\(line)", "reason": "\(reason)"])
            }
            keys = file.keys
        }
        guard
            !keys.isEmpty || configuration.acceptsPublicKey != nil || configuration.acceptsPassword != nil
                || configuration.allowsAnonymousAccess
        else { throw .nobodyCanLogIn }
        authorizedKeys = keys
        waiter = group.waiter
        registry = SSHSessionRegistry(group: group, clock: clock, configuration: configuration, makeApp: makeApp)
    }

    /// The port listened on, once `run()` is listening (useful with port 0).
    public var port: Int? { boundPort.withLock { $0 } }

    /// How many connections are open now (logged in or not).
    public var connectionCount: Int { counter.total }

    /// How many sessions run an app now.
    @MainActor public var sessionCount: Int { registry.sessionCount }

    /// Listens until a graceful shutdown is asked for (swift-service-lifecycle), then stops
    /// accepting, asks every session's app to end and waits for them (5 s at most). Throws
    /// `SSHAppServerError.cannotListen` when the address cannot be bound.
    public func run() async throws {
        let channel = try await bind()
        let port = channel.localAddress?.port ?? configuration.port
        boundPort.withLock { $0 = port }
        configuration.logger.info("listening", metadata: ["address": "\(configuration.host):\(port)"])
        waiter.wake()
        try? await gracefulShutdown()
        configuration.logger.info("shutting down", metadata: ["sessions": "\(connectionCount)"])
        try? await channel.close()
        await registry.endAll()
        for _ in 0..<100 where await registry.sessionCount > 0 || connectionCount > 0 {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private func bind() async throws -> Channel {
        let configuration = configuration
        let hostKey = hostKey.privateKey
        let keys = authorizedKeys
        let counter = counter
        let registry = registry
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let address = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "unknown"
                    let authenticator = SSHAuthenticator(
                        configuration: configuration, authorizedKeys: keys, remoteAddress: address)
                    let session = SSHSessionHandler.Context(
                        registry: registry, configuration: configuration, remoteAddress: address,
                        identity: { authenticator.identity })
                    let sessions = NIOLoopBoundBox(0, eventLoop: channel.eventLoop)
                    let ssh = NIOSSHHandler(
                        role: .server(
                            .init(
                                hostKeys: [hostKey], userAuthDelegate: authenticator,
                                globalRequestDelegate: RefusingGlobalRequests())),
                        allocator: channel.allocator,
                        inboundChildChannelInitializer: { child, type in
                            // One session per connection; no port forwarding.
                            guard case .session = type, sessions.value == 0 else {
                                return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                            }
                            sessions.value += 1
                            return child.eventLoop.makeCompletedFuture {
                                try child.pipeline.syncOperations.addHandler(SSHSessionHandler(session))
                            }
                        })
                    try channel.pipeline.syncOperations.addHandlers([
                        IdleStateHandler(readTimeout: .nanoseconds(Int64(configuration.idleTimeout * 1e9))),
                        SSHConnectionGuard(
                            counter: counter, configuration: configuration,
                            isLoggedIn: { authenticator.identity != nil }),
                        ssh,
                        SSHConnectionGuard.ErrorCloser(logger: configuration.logger)
                    ])
                }
            }
        do {
            return try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            throw SSHAppServerError.cannotListen(
                address: "\(configuration.host):\(configuration.port)", reason: "\(error)")
        }
    }

    /// Refuses every global request (port forwarding): the server serves its app and nothing else.
    private struct RefusingGlobalRequests: GlobalRequestDelegate {}

    // MARK: Entry point

    /// The `main` of an app served over SSH: checks the configuration (a refusal prints one
    /// line on stderr and exits 2), listens, runs a session of the app per client until SIGTERM
    /// or SIGINT, ends them cleanly, and exits 0 (1 when it could not listen). Call it on the
    /// main thread from synchronous code (top-level code in `main.swift`).
    @MainActor
    public static func main(
        configuration: SSHAppServerConfiguration, makeApp: @escaping @MainActor (SSHSessionInfo) -> Application
    ) -> Never {
        // A client gone mid-write must not kill the server.
        signal(SIGPIPE, SIG_IGN)
        let group: MainLoopGroup
        let server: SSHAppServer
        do {
            // Frames measure text with the C library's wcwidth, which needs a UTF-8 locale, as
            // a local session's do.
            try StartupCheck.ensureUTF8Locale()
            group = MainLoopGroup(waiter: try MainThreadWaiter())
            server = try SSHAppServer(configuration: configuration, group: group, makeApp: makeApp)
        } catch {
            TerminalSession.exitReporting(String(describing: error), status: 2)
        }
        let services = ServiceGroup(
            services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: configuration.logger)
        let outcome = Mutex<String??>(nil)
        let waiter = group.waiter
        Task.detached {
            var failure: String?
            do { try await services.run() } catch { failure = "\(error)" }
            outcome.withLock { $0 = .some(failure) }
            waiter.wake()
        }
        group.run(while: { outcome.withLock { $0 == nil } })
        if case .some(.some(let failure)) = outcome.withLock({ $0 }) {
            TerminalSession.exitReporting(failure, status: 1)
        }
        exit(0)
    }
}
