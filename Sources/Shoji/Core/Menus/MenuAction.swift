/// A menu item that does something, as UIKit's `UIAction`: a title, how it looks
/// (`attributes`), whether it is checked (`state`), the key that also does it (shown only),
/// and a handler.
///
/// Guarantees:
/// - `handler` runs once per choice, on the main actor, after the menu that showed the action
///   has been dismissed (its `viewDidDisappear`), as UIKit's; never for a `.disabled` action.
/// - `keyEquivalent` is only shown, right-aligned on the action's row (UIKit keeps key
///   equivalents on `UIKeyCommand`; here an app binds the key itself in a `KeyBindings`
///   table and names it here so the menu can show it).
/// - Ownership: the action holds `handler` strongly, and its menu holds the action; capture
///   owners weakly in the handler.
@MainActor
public final class MenuAction: MenuElement {
    /// How an action looks and whether it can be chosen, as UIKit's `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attributes' bits (one per static member).
        public let rawValue: Int

        /// An attribute set from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Shown dim; skipped by the arrows and typed letters; cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in the theme's destructive style (red and underlined, readable without colour).
        public static let destructive = Attributes(rawValue: 1 << 1)
    }

    /// Whether the action shows a check mark, as UIKit's `UIMenuElement.State`.
    public enum State: Hashable, Sendable {
        /// No mark.
        case off
        /// A check mark (✓, or `*` in the ASCII glyph set).
        case on
        /// A dash: partly on (a setting that differs across a selection).
        case mixed
    }

    /// How the action looks and whether it can be chosen. A change shows the next time the
    /// menu is drawn.
    public var attributes: Attributes
    /// The check mark. A change shows the next time the menu is drawn; choosing an action of a
    /// `.singleSelection` menu sets it (see `Menu.Options`).
    public var state: State
    /// The key shown right-aligned on the row (`KeyEvent.displayName`: `Alt-C`), or `nil`.
    public var keyEquivalent: KeyEvent?

    let handler: @MainActor (MenuAction) -> Void

    /// An action titled `title`; `handler` runs after its menu is dismissed (capture owners
    /// weakly).
    public init(
        title: String, attributes: Attributes = [], state: State = .off, keyEquivalent: KeyEvent? = nil,
        handler: @escaping @MainActor (MenuAction) -> Void
    ) {
        self.attributes = attributes
        self.state = state
        self.keyEquivalent = keyEquivalent
        self.handler = handler
        super.init(title: title)
    }

    /// Whether it can be chosen: not `.disabled`.
    public var isEnabled: Bool { !attributes.contains(.disabled) }
}
