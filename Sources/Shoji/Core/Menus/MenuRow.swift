/// One line of a shown menu: the menu's children flattened, inline submenus spliced in between
/// separators (see `Menu`'s guarantees).
@MainActor
enum MenuRow {
    /// An action, and the innermost menu whose selection rule covers it.
    case action(MenuAction, in: Menu)
    /// A submenu that opens beside the menu.
    case submenu(Menu)
    /// A line between groups.
    case separator

    /// The rows `menu` shows: no separator first, last or twice in a row.
    static func rows(of menu: Menu) -> [MenuRow] {
        var rows: [MenuRow] = []
        func add(_ menu: Menu) {
            for child in menu.children {
                if let action = child as? MenuAction {
                    rows.append(.action(action, in: menu))
                } else if let submenu = child as? Menu {
                    if submenu.options.contains(.displayInline) {
                        rows.append(.separator)
                        add(submenu)
                        rows.append(.separator)
                    } else {
                        rows.append(.submenu(submenu))
                    }
                }
            }
        }
        add(menu)
        var result: [MenuRow] = []
        for row in rows {
            if case .separator = row, result.isEmpty || result.last?.isSeparator == true { continue }
            result.append(row)
        }
        if result.last?.isSeparator == true { result.removeLast() }
        return result
    }

    var isSeparator: Bool {
        if case .separator = self { return true }
        return false
    }

    /// Whether the arrows, typed letters and clicks can land on it: an enabled action or a
    /// submenu.
    var isSelectable: Bool {
        switch self {
        case .action(let action, _): return action.isEnabled
        case .submenu: return true
        case .separator: return false
        }
    }

    /// The title shown, empty for a separator.
    var title: String {
        switch self {
        case .action(let action, _): return action.title
        case .submenu(let menu): return menu.title
        case .separator: return ""
        }
    }
}
