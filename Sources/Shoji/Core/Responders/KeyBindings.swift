/// A responder's key table: which keys perform which of its commands (`KeyCommand`), as data
/// an app can read, rebind or empty (`Responder.keyBindings`).
///
/// Guarantees:
/// - A key performs the first binding, in table order, that lists it and whose command the
///   responder can perform now (`Responder.canPerform(_:)`), so one key may serve two commands
///   that never act at once; one command has one binding (setting keys for a command replaces
///   its keys).
/// - Changing the table takes effect at the next key; nothing else caches it.
public struct KeyBindings: Equatable, Sendable {
    /// What the key help calls the responder these keys belong to ("Side menu").
    public var title: String
    /// The bindings, in the order the key help lists them.
    public private(set) var bindings: [KeyBinding]

    /// A table titled `title` holding `bindings` (a later binding of a command already in it
    /// replaces the earlier one).
    public init(title: String = "", _ bindings: [KeyBinding] = []) {
        self.title = title
        self.bindings = []
        for binding in bindings { set(binding) }
    }

    /// Whether the table has no binding with a key.
    public var isEmpty: Bool { bindings.allSatisfy { $0.keys.isEmpty } }

    /// The first binding that lists `key`, if any (which one performs it depends on what the
    /// responder can perform now: `Responder.canPerform(_:)`).
    public func binding(for key: KeyEvent) -> KeyBinding? {
        bindings.first { $0.keys.contains(key) }
    }

    /// The binding of `command`, if the table has one.
    public subscript(command: KeyCommand) -> KeyBinding? {
        bindings.first { $0.command == command }
    }

    /// The keys that perform `command` (none when it is unbound).
    public func keys(for command: KeyCommand) -> [KeyEvent] { self[command]?.keys ?? [] }

    /// Makes `keys` the keys of `command` (empty turns it off); its title and flags stay. A
    /// command the table does not have yet is added, titled by its name.
    public mutating func setKeys(_ keys: [KeyEvent], for command: KeyCommand) {
        if let index = bindings.firstIndex(where: { $0.command == command }) {
            bindings[index].keys = keys
        } else {
            bindings.append(KeyBinding(command, keys: keys, title: command.name))
        }
    }

    /// Adds `binding`, or replaces the binding of the same command where it stands.
    public mutating func set(_ binding: KeyBinding) {
        if let index = bindings.firstIndex(where: { $0.command == binding.command }) {
            bindings[index] = binding
        } else {
            bindings.append(binding)
        }
    }

    /// Removes `key` from whichever bindings list it, so it performs nothing here.
    public mutating func unbind(_ key: KeyEvent) {
        for index in bindings.indices { bindings[index].keys.removeAll { $0 == key } }
    }
}

extension KeyBindings {
    /// A table titled `title` of `commands` with their standard keys and titles
    /// (`KeyCommand.standardBinding`): the arrows, PageUp/PageDown, Home/End, Enter, Tab and
    /// Escape mean the same in every built-in view. Commands without a standard binding are
    /// left out.
    public init(title: String, standard commands: [KeyCommand], yieldsToInner: Bool = false) {
        self.init(
            title: title,
            commands.compactMap { command in
                command.standardBinding.map { binding in
                    var binding = binding
                    binding.yieldsToInner = yieldsToInner
                    return binding
                }
            })
    }
}
