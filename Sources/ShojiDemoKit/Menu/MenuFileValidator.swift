import Shoji

/// Checks a parsed menu file against the format's rules and builds the `MenuFile`, stopping at
/// the first problem with a message that names it and points at it.
///
/// The rules, checked in this order (an item's rules in order for each item, first to last):
/// 1. The top level is an object whose keys are `title` and `items`, both required, and the
///    optional `right-items` (rule 11).
/// 2. `title` is a string with something other than whitespace in it.
/// 3. `items` is an array of 1 to `MenuFile.maximumItemCount` items.
/// 4. Each item is an object with a non-blank string `title`, keys among `title`, `kind`,
///    `color` and `text`, and a `kind` that is one of `MenuItem.Kind.names`.
/// 5. A `color` item has a `color` naming a `MenuColor`; no other kind may have `color`.
/// 6. A `text` item has a string `text`, a `lines` (a whole number of numbered lines to
///    generate, from 1 to 1,000,000) or both; the other kinds may have a `text`, not `lines`.
/// (7-8, a `tabs` item's: see `MenuFileValidator+Tabs.swift`.)
/// 9. An `overlay-menu` item may have `children` (1 to 26) and `transition`; a `two-pane` item
///    may have `children` (exactly 2); see `MenuFileValidator+Children.swift`.
/// 10. A `placeholder` item may have `transitions`: an array of 4 to 26 transition style names
///    (`TransitionStyle.menuNames`), one per row; a `stack` item may have `capacity`: a whole
///    number from 1 to 99. No other kind may have them.
/// 11. `right-items`, checked after every item: see `MenuFileValidator+RightItems.swift`.
/// 12. A `files` item has a `path`: a non-blank string of at most
///    `MenuItem.Kind.maximumPathLength` bytes without a NUL, the directory to browse (relative
///    paths from the demo's working directory). Whether it exists is not checked here: the
///    pane says when it cannot read it. No other kind may have `path`.
struct MenuFileValidator {
    /// The text the values came from, to turn offsets into lines and columns.
    let bytes: [UInt8]
    /// The file's name for messages.
    let source: String

    func menuFile(from root: JSONValue) throws(MenuFileError) -> MenuFile {
        guard case .object(let members) = root.content else {
            throw error(
                at: root, "the top level must be an object with \"title\" and \"items\", found \(root.typeDescription)")
        }
        try rejectUnknownKeys(members, allowed: ["title", "items", "right-items"], prefix: "")
        let title = try requiredTitle(in: root, prefix: "", what: "the menu's title")

        guard let itemsValue = root["items"] else {
            throw error(at: root, "missing \"items\" (the list of menu items)")
        }
        guard case .array(let elements) = itemsValue.content else {
            throw error(at: itemsValue, "\"items\" must be an array, found \(itemsValue.typeDescription)")
        }
        guard !elements.isEmpty else {
            throw error(at: itemsValue, "\"items\" is empty; a menu needs at least one item")
        }
        guard elements.count <= MenuFile.maximumItemCount else {
            throw error(
                at: itemsValue,
                "\"items\" has \(elements.count) items; at most \(MenuFile.maximumItemCount) are allowed")
        }
        var items: [MenuItem] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            items.append(try item(from: element, number: index + 1))
        }
        return MenuFile(title: title, items: items, rightItems: try rightItems(in: root))
    }

    /// The item `value`, the `number`th of the file, or of the `tabs` item whose messages start
    /// with `tabsPrefix` (a tab: messages say `tab N`).
    func item(from value: JSONValue, number: Int, withinTabs tabsPrefix: String? = nil) throws(MenuFileError)
        -> MenuItem
    {
        let label = tabsPrefix.map { $0 + "tab \(number)" } ?? "item \(number)"
        guard case .object(let members) = value.content else {
            throw error(at: value, "\(label) must be an object, found \(value.typeDescription)")
        }
        let title = try requiredTitle(in: value, prefix: "\(label): ", what: "the item's title")
        let prefix = "\(label) (\(title.quotedForMessage())): "
        try rejectUnknownKeys(
            members,
            allowed: ["title", "kind", "color", "text"] + extraKeys(kind: value["kind"], isTab: tabsPrefix != nil)
                + Self.optionKeys(of: value["kind"]?.stringValue),
            prefix: prefix)

        // A tab suggests only the kinds a tab may be (tabs do not nest).
        let kindList = tabsPrefix == nil ? MenuItem.Kind.names.joined(separator: ", ") : Self.tabKindList
        guard let kindValue = value["kind"] else {
            throw error(at: value, prefix + "missing \"kind\"; expected one of \(kindList)")
        }
        guard let kindName = kindValue.stringValue else {
            throw error(at: kindValue, prefix + "\"kind\" must be a string, found \(kindValue.typeDescription)")
        }
        guard MenuItem.Kind.names.contains(kindName) else {
            throw error(
                at: kindValue, prefix + "unknown kind \(kindName.quotedForMessage()); expected one of \(kindList)")
        }

        let colorValue = value["color"]
        let kind: MenuItem.Kind
        switch kindName {
        case "color":
            guard let colorValue else {
                throw error(at: value, prefix + "missing \"color\"; expected one of \(MenuColor.nameList)")
            }
            guard let colorName = colorValue.stringValue else {
                throw error(at: colorValue, prefix + "\"color\" must be a string, found \(colorValue.typeDescription)")
            }
            guard let color = MenuColor(rawValue: colorName) else {
                throw error(
                    at: colorValue,
                    prefix + "unknown colour \(colorName.quotedForMessage()); expected one of \(MenuColor.nameList)")
            }
            kind = .color(color)
        case "text": kind = .text(lines: try generatedLines(in: value, prefix: prefix))
        case "navigation": kind = .navigation
        case "tabs": kind = .tabs(try tabsOptions(in: value, prefix: prefix, isTab: tabsPrefix != nil))
        case "clock": kind = .clock
        case "overlay-menu":
            kind = .overlayMenu(
                try children(of: value, prefix: prefix, count: 1...26, symbols: true)
                    ?? MenuChild.defaultOverlayChildren,
                transition: try transition(of: value, prefix: prefix) ?? .fade)
        case "two-pane":
            kind = .twoPane(
                try children(of: value, prefix: prefix, count: 2...2, symbols: false)
                    ?? MenuChild.defaultTwoPaneChildren)
        case "placeholder": kind = .placeholder(transitions: try transitions(in: value, prefix: prefix))
        case "stack": kind = .stack(capacity: try capacity(in: value, prefix: prefix))
        case "form": kind = .form
        case "log": kind = .log
        case "widgets": kind = .widgets
        case "files": kind = .files(path: try directoryPath(in: value, prefix: prefix))
        default: kind = .lifecycle
        }
        if let colorValue, kindName != "color" {
            throw error(
                at: colorValue,
                prefix + "\"color\" is only for items of kind \"color\", not \(kindName.quotedForMessage())")
        }

        var text: String?
        if let textValue = value["text"] {
            guard let string = textValue.stringValue else {
                throw error(at: textValue, prefix + "\"text\" must be a string, found \(textValue.typeDescription)")
            }
            text = string
        } else if kind == .text(lines: nil) {
            throw error(at: value, prefix + "missing \"text\" (a text item shows it) or \"lines\" (numbered lines)")
        }
        return MenuItem(title: title, kind: kind, text: text)
    }

    /// A placeholder item's rows: the styles its `transitions` names, or the default rows.
    private func transitions(in item: JSONValue, prefix: String) throws(MenuFileError) -> [TransitionStyle] {
        guard let value = item["transitions"] else { return MenuItem.Kind.defaultSplitTransitions }
        let range = MenuItem.Kind.splitRowRange
        guard case .array(let elements) = value.content else {
            throw error(
                at: value,
                prefix + "\"transitions\" must be an array of transition names, found \(value.typeDescription)")
        }
        guard range.contains(elements.count) else {
            throw error(
                at: value,
                prefix
                    + "\"transitions\" lists \(elements.count) styles; a split view has \(range.lowerBound) to \(range.upperBound) rows"
            )
        }
        var styles: [TransitionStyle] = []
        for element in elements {
            guard let name = element.stringValue else {
                throw error(at: element, prefix + "a transition must be a string, found \(element.typeDescription)")
            }
            guard let style = TransitionStyle(menuName: name) else {
                throw error(
                    at: element,
                    prefix
                        + "unknown transition \(name.quotedForMessage()); expected one of \(TransitionStyle.menuNameList)"
                )
            }
            styles.append(style)
        }
        return styles
    }

    /// A files item's `path`.
    private func directoryPath(in item: JSONValue, prefix: String) throws(MenuFileError) -> String {
        guard let value = item["path"] else {
            throw error(at: item, prefix + "missing \"path\" (the directory a files item browses)")
        }
        guard let path = value.stringValue else {
            throw error(
                at: value, prefix + "\"path\" must be a string naming a directory, found \(value.typeDescription)")
        }
        guard path.hasVisibleCharacter else { throw error(at: value, prefix + "\"path\" is empty") }
        guard !path.utf8.contains(0) else {
            throw error(at: value, prefix + "\"path\" contains a NUL character, which no file name can hold")
        }
        let limit = MenuItem.Kind.maximumPathLength
        guard path.utf8.count <= limit else {
            throw error(at: value, prefix + "\"path\" is \(path.utf8.count) bytes long; at most \(limit) are allowed")
        }
        return path
    }

    /// A stack item's capacity: its `capacity`, or the default.
    private func capacity(in item: JSONValue, prefix: String) throws(MenuFileError) -> Int {
        try wholeNumber("capacity", of: "views", in: MenuItem.Kind.stackCapacityRange, item: item, prefix: prefix)
            ?? MenuItem.Kind.defaultStackCapacity
    }

    /// A text item's `lines`, or `nil` when it has none.
    private func generatedLines(in item: JSONValue, prefix: String) throws(MenuFileError) -> Int? {
        try wholeNumber("lines", of: "lines", in: MenuItem.Kind.generatedLineRange, item: item, prefix: prefix)
    }

    /// The whole number `key` of `item` within `range` (counting `unit`), `nil` when absent;
    /// anything else is an error at the value naming the range.
    private func wholeNumber(
        _ key: String, of unit: String, in range: ClosedRange<Int>, item: JSONValue, prefix: String
    ) throws(MenuFileError) -> Int? {
        guard let value = item[key] else { return nil }
        let bounds = "from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number) = value.content else {
            throw error(
                at: value, prefix + "\"\(key)\" must be a number of \(unit) \(bounds), found \(value.typeDescription)")
        }
        guard let whole = Int(exactly: number), range.contains(whole) else {
            let shown = number.magnitude < 1e15 && number.rounded() == number ? String(Int(number)) : String(number)
            throw error(at: value, prefix + "\"\(key)\" must be a whole number of \(unit) \(bounds) (got \(shown))")
        }
        return whole
    }

    /// The non-blank string under `title` in `object`.
    func requiredTitle(in object: JSONValue, prefix: String, what: String) throws(MenuFileError) -> String {
        guard let value = object["title"] else { throw error(at: object, prefix + "missing \"title\" (\(what))") }
        guard let title = value.stringValue else {
            throw error(at: value, prefix + "\"title\" must be a string, found \(value.typeDescription)")
        }
        guard title.hasVisibleCharacter else { throw error(at: value, prefix + "\"title\" is empty") }
        return title
    }

    func rejectUnknownKeys(_ object: JSONObject, allowed: [String], prefix: String) throws(MenuFileError) {
        guard let unknown = object.members.first(where: { !allowed.contains($0.key) }) else { return }
        let expected = allowed.map { "\"\($0)\"" }
        let list = expected.dropLast().joined(separator: ", ") + " or " + expected.last!
        throw error(
            offset: unknown.keyOffset, prefix + "unknown key \(unknown.key.quotedForMessage()); expected \(list)")
    }

    func error(at value: JSONValue, _ reason: String) -> MenuFileError { error(offset: value.offset, reason) }

    private func error(offset: Int, _ reason: String) -> MenuFileError {
        let position = TextPosition(offset: offset, in: bytes)
        return MenuFileError(source: source, line: position.line, column: position.column, reason: reason)
    }
}
