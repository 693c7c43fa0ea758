/// Who is at the other end of one SSH session, for the app made for it: a multi-user app tells
/// people apart by `publicKeyFingerprint` (or `userName`, which the client chooses freely unless
/// the app's own check ties it to a key or password).
public struct SSHSessionInfo: Sendable, Equatable {
    /// The user name the client logged in with.
    public var userName: String
    /// The fingerprint (`SHA256:…`, as `ssh-keygen -lf` prints it) of the key the client proved
    /// it holds; nil when it logged in by password or anonymously.
    public var publicKeyFingerprint: String?
    /// The client's address and port, as the server saw them (`127.0.0.1:51234`).
    public var remoteAddress: String
    /// The terminal type the client named in its pty request.
    public var terminalType: String
    /// The environment the client sent that the server allows (`SSHAppServerConfiguration`).
    public var environment: [String: String]

    /// A description of a session, as the server makes one for each.
    public init(
        userName: String, publicKeyFingerprint: String?, remoteAddress: String, terminalType: String,
        environment: [String: String]
    ) {
        self.userName = userName
        self.publicKeyFingerprint = publicKeyFingerprint
        self.remoteAddress = remoteAddress
        self.terminalType = terminalType
        self.environment = environment
    }
}
