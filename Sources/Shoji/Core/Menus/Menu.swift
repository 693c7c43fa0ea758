/// A menu: a title and its children (actions and submenus), as UIKit's `UIMenu`. Shown as a
/// view's context menu (`View.contextMenu`), a pull-down button's menu (`Button.menu`), or
/// a pop-up button's choices.
///
/// Guarantees:
/// - A submenu shows as one row with a "›" at its right that opens it beside its parent,
///   unless it is `.displayInline`: then its children show in the parent's list between
///   separator lines, as UIKit's inline menus.
/// - `.singleSelection`: choosing one of the menu's actions turns it `.on` and every other
///   action among its children (inline children's too) `.off`, before its handler runs, as
///   UIKit's.
/// - Children are read when the menu opens; a change to them shows the next time it opens.
///   Main actor only. The menu holds its children strongly.
@MainActor
public final class Menu: MenuElement {
    /// How a menu shows and behaves, as UIKit's `UIMenu.Options`.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The options' bits (one per static member).
        public let rawValue: Int

        /// Options from their raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Shown inside its parent, between separators, instead of as a submenu row.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// At most one of its actions is `.on`: choosing one turns the others off.
        public static let singleSelection = Options(rawValue: 1 << 1)
    }

    /// The entries, in the order shown.
    public var children: [MenuElement]
    /// How it shows and behaves.
    public let options: Options

    /// A menu of `children`; `title` heads it (a submenu's row shows it; an empty title shows
    /// no heading).
    public init(title: String = "", options: Options = [], children: [MenuElement]) {
        self.children = children
        self.options = options
        super.init(title: title)
    }

    /// The actions among the children that are `.on`, inline submenus' included, as UIKit's
    /// `selectedElements`.
    public var selectedElements: [MenuAction] { actions.filter { $0.state == .on } }

    /// The actions this menu's selection rule covers: its own, and its inline submenus'.
    var actions: [MenuAction] {
        children.flatMap { child -> [MenuAction] in
            if let action = child as? MenuAction { return [action] }
            if let menu = child as? Menu, menu.options.contains(.displayInline) { return menu.actions }
            return []
        }
    }

    /// Chooses `action` by the menu's rule: with `.singleSelection`, `action` is the one `.on`
    /// among the actions the menu covers (`actions`). Without it nothing changes.
    func select(_ action: MenuAction) {
        guard options.contains(.singleSelection) else { return }
        for other in actions { other.state = other === action ? .on : .off }
    }
}
