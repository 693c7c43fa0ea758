/// One command a command palette (`CommandPaletteController`) offers: what it is called, the
/// group it belongs to, the keys that perform it too, and what it does.
///
/// Two kinds fill the `Application`'s palette: the key bindings active when it opens
/// (`activeKeyBindings(in:)`: each binding's title, its table's title as the group, its keys),
/// and the commands the app registers in `Application.paletteCommands`, for what has no key
/// ("Open About"). A command with a key is better a key binding: the key help then lists it
/// and the palette finds it with its key. UIKit has no palette; its menu builder's commands are
/// the nearest.
///
/// Guarantees:
/// - `isEnabled` is asked when a palette is made; a palette lists only the commands enabled
///   then.
/// - `keys` are only shown: the palette binds nothing.
/// - `action` runs on the main actor, once per choice, after the palette was dismissed (see
///   `CommandPaletteController`). Capture owners weakly in the closures.
@MainActor
public struct PaletteCommand {
    /// A few words for what it does ("Cycle theme"); drawn inert.
    public var title: String
    /// What it belongs to ("Side menu"): the palette shows it before the title, "Side menu:
    /// Show or hide the menu", and matches it as well. Empty shows the title alone.
    public var group: String
    /// The keys that perform it as well, shown beside it (empty: none).
    public var keys: [KeyEvent]
    /// Whether it can be performed now (default: always).
    public var isEnabled: @MainActor () -> Bool
    /// Performs it.
    public var action: @MainActor () -> Void

    /// A command titled `title` in `group`, performing `action`; `keys` are shown beside it.
    public init(
        _ title: String, group: String = "Commands", keys: [KeyEvent] = [],
        isEnabled: @escaping @MainActor () -> Bool = { true }, action: @escaping @MainActor () -> Void
    ) {
        self.title = title
        self.group = group
        self.keys = keys
        self.isEnabled = isEnabled
        self.action = action
    }

    /// The text a palette shows and matches: "group: title", or the title alone without a
    /// group.
    public var displayText: String { group.isEmpty ? title : group + ": " + title }

    /// The key bindings active in `window` now, as commands, innermost responder first
    /// (`Window.activeKeyBindings()`, the key help's list; the palette's own key left out):
    /// each performs its binding's command on the responder whose table holds it, with its
    /// first key, while that responder can perform it (`Responder.canPerform(_:)`), and does
    /// nothing once it cannot or has gone. A binding whose keys each act on their own
    /// (`KeyBinding.actsByKey`: a tab bar's "Tab by number") is one command per key, titled with
    /// its key and performed with it. Enabled while the responder can perform the command.
    public static func activeKeyBindings(in window: Window) -> [PaletteCommand] {
        window.activeKeyBindingsByResponder().flatMap { responder, table in
            table.bindings.flatMap { binding -> [PaletteCommand] in
                guard binding.command != .toggleCommandPalette, let first = binding.keys.first else { return [] }
                let command = binding.command
                @MainActor func performing(_ title: String, with key: KeyEvent, shown keys: [KeyEvent])
                    -> PaletteCommand
                {
                    PaletteCommand(
                        title, group: table.title, keys: keys,
                        isEnabled: { [weak responder] in responder?.canPerform(command) ?? false },
                        action: { [weak responder] in
                            guard let responder, responder.canPerform(command) else { return }
                            _ = responder.perform(command, key: key)
                        })
                }
                guard binding.actsByKey else { return [performing(binding.title, with: first, shown: binding.keys)] }
                return binding.keys.map { key in
                    performing("\(binding.title) (\(key.displayName))", with: key, shown: [key])
                }
            }
        }
    }
}
