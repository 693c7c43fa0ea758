import Logging
import NIOSSH

/// What an `SSHAppServer` serves, to whom, and within which limits. Nothing lets anyone in by
/// default: give `authorizedKeysPath`, `acceptsPublicKey`, `acceptsPassword`, or set
/// `allowsAnonymousAccess` for a public demo.
public struct SSHAppServerConfiguration: Sendable {
    /// The address to listen on (default 127.0.0.1: loopback only, until the app says
    /// otherwise).
    public var host: String
    /// The TCP port (0: any free port, see `SSHAppServer.port`).
    public var port: Int
    /// The host key file (OpenSSH's Ed25519 format; made with mode 0600 if missing).
    public var hostKeyPath: String
    /// An OpenSSH `authorized_keys` file: a client proving it holds one of these keys gets in.
    public var authorizedKeysPath: String?
    /// Called (on a SwiftNIO thread) for a key not in `authorizedKeysPath`, with the user name
    /// and the key's fingerprint; true lets the client in (once it proved it holds the key).
    public var acceptsPublicKey: (@Sendable (_ userName: String, _ fingerprint: String) -> Bool)?
    /// Password authentication, offered only when set: true lets the client in.
    public var acceptsPassword: (@Sendable (_ userName: String, _ password: String) -> Bool)?
    /// Lets anyone in with any key (or any password), as public terminal demos do. Off by default.
    public var allowsAnonymousAccess = false

    /// The most sessions at once (default 1,000); a connection past it is closed at once.
    public var maximumSessions = 1000
    /// The most sessions at once from one address (default 20).
    public var maximumSessionsPerAddress = 20
    /// Seconds a connection has to log in (default 10); then it is closed.
    public var handshakeTimeout = 10.0
    /// Seconds without a byte from the client before the session is closed (default 1,800).
    public var idleTimeout = 1800.0
    /// Bytes of input a session may send per second, on average over a second (default 64 KiB:
    /// a paste of a screenful takes no time; a flood waits, the client made to wait by SSH's
    /// own flow control).
    public var inputBytesPerSecond = 65_536
    /// Frames per second at most, for every session (default 60).
    public var framesPerSecond = 60
    /// The environment variables a client may pass to the app (`SendEnv`); others are refused.
    public var allowedEnvironment: Set<String> = [
        "LANG", "LC_ALL", "LC_CTYPE", "COLORTERM", "NO_COLOR", "SHOJI_THEME", "SHOJI_FOLLOW_FOCUS",
        "SHOJI_SCREEN_READER",
        "SHOJI_ANIMATIONS", "SHOJI_GLYPHS", "SHOJI_CLIPBOARD", "SHOJI_HYPERLINKS"
    ]
    /// Where refusals and sessions are logged.
    public var logger: Logger

    /// A configuration listening on `host`:`port` with the host key at `hostKeyPath`; set who may
    /// log in before starting.
    public init(host: String = "127.0.0.1", port: Int, hostKeyPath: String, logger: Logger = Logger(label: "shoji.ssh"))
    {
        self.host = host
        self.port = port
        self.hostKeyPath = hostKeyPath
        self.logger = logger
    }
}
