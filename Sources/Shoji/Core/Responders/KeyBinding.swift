/// One command and the keys that perform it, with the short title the key help shows: the
/// entries of a responder's `KeyBindings`, as Textual's `Binding` and Terminal.Gui's key
/// bindings.
public struct KeyBinding: Equatable, Sendable {
    /// What the keys do.
    public var command: KeyCommand
    /// The keys, in the order the key help lists them; empty turns the command off.
    public var keys: [KeyEvent]
    /// A few words for the key help ("Toggle menu").
    public var title: String
    /// Whether the keys are delivered at once, never held back by a transition or a backlog
    /// (the application's quit keys: quitting takes effect at the pass it is read in).
    public var isUrgent: Bool
    /// Whether responders nearer the focus are expected to bind the same keys, and take them
    /// first while they can perform their command: Escape backs out of the innermost thing
    /// (a pushed screen, then the menu, then the sheet). The collision check accepts such a
    /// key bound again further in; any other key bound twice along a responder chain is a
    /// collision.
    public var yieldsToInner: Bool
    /// Whether each key does something of its own rather than all the same thing: the n-th of a
    /// tab bar's Alt-1…Alt-9 selects the n-th tab (the responder reads which key performed the
    /// command). The command palette then lists each key as a command of its own, titled with
    /// its key ("Tab by number (Alt-3)").
    public var actsByKey: Bool

    /// `command`, performed by `keys`, listed as `title`.
    public init(
        _ command: KeyCommand, keys: [KeyEvent], title: String, isUrgent: Bool = false, yieldsToInner: Bool = false,
        actsByKey: Bool = false
    ) {
        self.command = command
        self.keys = keys
        self.title = title
        self.isUrgent = isUrgent
        self.yieldsToInner = yieldsToInner
        self.actsByKey = actsByKey
    }
}
