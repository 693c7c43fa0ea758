/// Why an SSH app server could not start.
public enum SSHAppServerError: Error, CustomStringConvertible {
    /// A file the configuration names could not be read.
    case unreadableFile(path: String, reason: String)
    /// The host key file was refused (see `SSHHostKey`).
    case hostKey(SSHHostKey.LoadError)
    /// The configuration lets nobody in: no `authorized_keys`, no callback, no password check,
    /// and anonymous access not allowed.
    case nobodyCanLogIn
    /// The address could not be listened on.
    case cannotListen(address: String, reason: String)
    /// The server must run on the main thread from synchronous code (see `MainThreadWaiter`).
    case mainThreadUnavailable(String)

    /// A one-line message for the operator, naming the file, address or reason.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "\(path): \(reason)"
        case .hostKey(let error): return error.description
        case .nobodyCanLogIn:
            return
                "nobody could log in: give an authorized_keys file, an authentication callback, or allow anonymous access"
        case .cannotListen(let address, let reason): return "cannot listen on \(address): \(reason)"
        case .mainThreadUnavailable(let reason): return reason
        }
    }
}
