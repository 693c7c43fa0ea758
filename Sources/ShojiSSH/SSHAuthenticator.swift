import Logging
import NIOCore
import NIOSSH
import Synchronization

/// One connection's user authentication, for swift-nio-ssh: which methods are offered and
/// whether a request gets in. swift-nio-ssh checks a public-key request's signature before
/// asking (a request without one is only asking whether the key would do), so a key here has
/// been proved held when `.success` is given.
///
/// Rules: a key in `authorized_keys`, or one the app's `acceptsPublicKey` accepts; a password
/// only when the app set `acceptsPassword`; anything, even no credentials at all ("none"), with
/// `allowsAnonymousAccess`. Every refusal
/// is logged with the user name, the address and the reason. The identity that got in is kept in
/// `identity` for the session.
final class SSHAuthenticator: NIOSSHServerUserAuthenticationDelegate, Sendable {
    /// Who logged in on the connection, once someone did.
    struct Identity: Sendable {
        var userName: String
        var fingerprint: String?
    }

    private let authorizedKeys: Set<NIOSSHPublicKey>
    private let acceptsPublicKey: (@Sendable (String, String) -> Bool)?
    private let acceptsPassword: (@Sendable (String, String) -> Bool)?
    private let anonymous: Bool
    private let remoteAddress: String
    private let logger: Logger
    private let state = Mutex<Identity?>(nil)

    init(configuration: SSHAppServerConfiguration, authorizedKeys: Set<NIOSSHPublicKey>, remoteAddress: String) {
        self.authorizedKeys = authorizedKeys
        acceptsPublicKey = configuration.acceptsPublicKey
        acceptsPassword = configuration.acceptsPassword
        anonymous = configuration.allowsAnonymousAccess
        self.remoteAddress = remoteAddress
        logger = configuration.logger
    }

    /// Who got in, or nil before anyone did.
    var identity: Identity? { state.withLock { $0 } }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
        acceptsPassword != nil || anonymous ? [.publicKey, .password] : .publicKey
    }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        let name = String(request.username.prefix(64))
        switch request.request {
        case .publicKey(let offer):
            let fingerprint = AuthorizedKeys.fingerprint(of: offer.publicKey)
            if anonymous || authorizedKeys.contains(offer.publicKey)
                || acceptsPublicKey?(request.username, fingerprint) == true
            {
                grant(Identity(userName: name, fingerprint: fingerprint), responsePromise)
            } else {
                refuse("key \(fingerprint) is not authorized", name, responsePromise)
            }
        case .password(let password):
            if anonymous || acceptsPassword?(request.username, password.password) == true {
                grant(Identity(userName: name, fingerprint: nil), responsePromise)
            } else {
                refuse(acceptsPassword == nil ? "password login is off" : "wrong password", name, responsePromise)
            }
        default:
            // "none" (and any other method) only for a public demo, so clients without a key get in.
            if anonymous {
                grant(Identity(userName: name, fingerprint: nil), responsePromise)
            } else {
                // Clients ask "none" first to learn the methods: not worth a notice.
                logger.debug("method not offered", metadata: ["user": "\(name)", "address": "\(remoteAddress)"])
                responsePromise.succeed(.failure)
            }
        }
    }

    private func grant(_ identity: Identity, _ promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        state.withLock { $0 = identity }
        logger.info(
            "logged in",
            metadata: [
                "user": "\(identity.userName)", "address": "\(remoteAddress)", "key": "\(identity.fingerprint ?? "-")"
            ])
        promise.succeed(.success)
    }

    private func refuse(
        _ reason: String, _ name: String, _ promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        logger.notice(
            "refused", metadata: ["user": "\(name)", "address": "\(remoteAddress)", "reason": "\(reason)"])
        promise.succeed(.failure)
    }
}
