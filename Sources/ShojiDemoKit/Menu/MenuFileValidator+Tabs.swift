import Shoji

/// The rules of a `tabs` item (see `TabsOptions` for the format), checked after the item's own:
/// 7. `tabs` is an array of 1 to `TabsOptions.maximumTabCount` tabs; `tab-position` is a string,
///    `bottom` or `top`; `tab-transition` is a string, one of `TabsOptions.transitions`.
/// 8. Each tab follows the rules of an item (4-6, named `tab N` in messages) with two more keys:
///    `symbol`, a string of one character one column wide, and `badge`, a string. A tab cannot
///    be of kind `tabs`.
extension MenuFileValidator {
    /// The keys an item may have besides `title`, `kind`, `color` and `text`: a `tabs` item's
    /// options, a tab's symbol and badge.
    func extraKeys(kind: JSONValue?, isTab: Bool) -> [String] {
        if isTab { return TabsOptions.tabKeys }
        return kind?.stringValue == "tabs" ? TabsOptions.keys : []
    }

    /// The options of the `tabs` item `value`, whose messages start with `prefix`; `isTab` when
    /// `value` is itself a tab (tabs do not nest).
    func tabsOptions(in value: JSONValue, prefix: String, isTab: Bool) throws(MenuFileError) -> TabsOptions {
        guard !isTab else {
            throw error(
                at: value["kind"] ?? value, prefix + "a tab cannot hold tabs; expected one of \(Self.tabKindList)")
        }
        var position = TabBarPosition.bottom
        if let positionValue = value["tab-position"] {
            let names = TabBarPosition.allCases.map(\.rawValue)
            guard let name = positionValue.stringValue else {
                throw error(
                    at: positionValue,
                    prefix + "\"tab-position\" must be a string, found \(positionValue.typeDescription)")
            }
            guard let known = TabBarPosition(rawValue: name) else {
                throw error(
                    at: positionValue,
                    prefix
                        + "unknown tab position \(name.quotedForMessage()); expected \(names.joined(separator: " or "))"
                )
            }
            position = known
        }
        var transition = TransitionStyle.none
        if let transitionValue = value["tab-transition"] {
            let names = TabsOptions.transitions.map(\.name)
            guard let name = transitionValue.stringValue else {
                throw error(
                    at: transitionValue,
                    prefix + "\"tab-transition\" must be a string, found \(transitionValue.typeDescription)")
            }
            guard let known = TabsOptions.transitions.first(where: { $0.name == name }) else {
                throw error(
                    at: transitionValue,
                    prefix
                        + "unknown tab transition \(name.quotedForMessage()); expected one of \(names.joined(separator: ", "))"
                )
            }
            transition = known.style
        }
        guard let tabsValue = value["tabs"] else {
            throw error(
                at: value, prefix + "missing \"tabs\" (the list of tabs, each an item of kind \(Self.tabKindList))")
        }
        guard case .array(let elements) = tabsValue.content else {
            throw error(at: tabsValue, prefix + "\"tabs\" must be an array, found \(tabsValue.typeDescription)")
        }
        guard !elements.isEmpty else {
            throw error(at: tabsValue, prefix + "\"tabs\" is empty; a tabs item needs at least one tab")
        }
        guard elements.count <= TabsOptions.maximumTabCount else {
            throw error(
                at: tabsValue,
                prefix + "\"tabs\" has \(elements.count) tabs; at most \(TabsOptions.maximumTabCount) are allowed")
        }
        var tabs: [TabsOptions.Tab] = []
        for (index, element) in elements.enumerated() {
            let item = try item(from: element, number: index + 1, withinTabs: prefix)
            let tabPrefix = prefix + "tab \(index + 1) (\(item.title.quotedForMessage())): "
            tabs.append(
                TabsOptions.Tab(
                    item: item, symbol: try symbol(in: element, prefix: tabPrefix),
                    badge: try badge(in: element, prefix: tabPrefix)))
        }
        return TabsOptions(position: position, transition: transition, tabs: tabs)
    }

    /// The kinds a tab may have, for messages.
    static var tabKindList: String { MenuItem.Kind.names.filter { $0 != "tabs" }.joined(separator: ", ") }

    /// The `symbol` of a tab or a container's child: one character one column wide.
    func symbol(in value: JSONValue, prefix: String) throws(MenuFileError) -> Character? {
        guard let symbolValue = value["symbol"] else { return nil }
        guard let text = symbolValue.stringValue else {
            throw error(at: symbolValue, prefix + "\"symbol\" must be a string, found \(symbolValue.typeDescription)")
        }
        // A control (a C1 such as U+009B) is drawn as one replacement cell, yet is no symbol.
        guard text.count == 1, let symbol = text.first, text.hasVisibleCharacter, DisplayWidth.of(text) == 1 else {
            throw error(
                at: symbolValue,
                prefix
                    + "\"symbol\" must be one character one column wide (such as \"✉\"), found \(text.quotedForMessage())"
            )
        }
        return symbol
    }

    private func badge(in value: JSONValue, prefix: String) throws(MenuFileError) -> String? {
        guard let badgeValue = value["badge"] else { return nil }
        guard let text = badgeValue.stringValue else {
            throw error(at: badgeValue, prefix + "\"badge\" must be a string, found \(badgeValue.typeDescription)")
        }
        return text
    }
}
