import Shoji

/// The options of the container kinds (rule 7 of `MenuFileValidator`):
/// - `children`: an array of child objects, each with a non-blank `title`, an optional `color`
///   (a `MenuColor`; by default they take yellow, blue, green, red, magenta, cyan in turn), an
///   optional `text`, and for an `overlay-menu` an optional `symbol` (as a tab's: one character
///   one column wide);
///   1 to 26 of them for an `overlay-menu`, exactly 2 for a `two-pane`.
/// - `transition` (`overlay-menu` only): how a picked child comes in, one of
///   `MenuTransition.nameList`.
extension MenuFileValidator {
    /// The item keys a kind adds to the common ones (`title`, `kind`, `color`, `text`).
    static func optionKeys(of kind: String?) -> [String] {
        switch kind {
        case "overlay-menu": return ["children", "transition"]
        case "two-pane": return ["children"]
        case "placeholder": return ["transitions"]
        case "stack": return ["capacity"]
        case "text": return ["lines"]
        case "files": return ["path"]
        default: return []
        }
    }

    /// The item's `children`, or `nil` when it has none.
    func children(of item: JSONValue, prefix: String, count: ClosedRange<Int>, symbols: Bool) throws(MenuFileError)
        -> [MenuChild]?
    {
        guard let value = item["children"] else { return nil }
        guard case .array(let elements) = value.content else {
            throw error(at: value, prefix + "\"children\" must be an array, found \(value.typeDescription)")
        }
        guard count.contains(elements.count) else {
            let wanted = count.count == 1 ? "exactly \(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw error(at: value, prefix + "\"children\" needs \(wanted) children, found \(elements.count)")
        }
        var result: [MenuChild] = []
        for (index, element) in elements.enumerated() {
            result.append(try child(from: element, number: index + 1, prefix: prefix, symbols: symbols))
        }
        return result
    }

    private func child(from value: JSONValue, number: Int, prefix: String, symbols: Bool) throws(MenuFileError)
        -> MenuChild
    {
        guard case .object(let members) = value.content else {
            throw error(at: value, prefix + "child \(number) must be an object, found \(value.typeDescription)")
        }
        let title = try requiredTitle(in: value, prefix: prefix + "child \(number): ", what: "the child's title")
        let childPrefix = prefix + "child \(number) (\(title.quotedForMessage())): "
        try rejectUnknownKeys(
            members, allowed: ["title", "color"] + (symbols ? ["symbol"] : []) + ["text"], prefix: childPrefix)
        var color = MenuChild.colorCycle[(number - 1) % MenuChild.colorCycle.count]
        if let (name, at) = try string("color", in: value, prefix: childPrefix) {
            guard let named = MenuColor(rawValue: name) else {
                throw error(
                    at: at,
                    childPrefix + "unknown colour \(name.quotedForMessage()); expected one of \(MenuColor.nameList)")
            }
            color = named
        }
        let symbol = try self.symbol(in: value, prefix: childPrefix)
        let text = try string("text", in: value, prefix: childPrefix)?.text
        return MenuChild(title: title, color: color, symbol: symbol, text: text)
    }

    /// The item's `transition`, or `nil` when it has none.
    func transition(of item: JSONValue, prefix: String) throws(MenuFileError) -> MenuTransition? {
        guard let (name, at) = try string("transition", in: item, prefix: prefix) else { return nil }
        guard let transition = MenuTransition(rawValue: name) else {
            throw error(
                at: at,
                prefix + "unknown transition \(name.quotedForMessage()); expected one of \(MenuTransition.nameList)")
        }
        return transition
    }

    /// The string under `key` in `object` and where it is, `nil` without one; any other type is
    /// an error.
    private func string(_ key: String, in object: JSONValue, prefix: String) throws(MenuFileError) -> (
        text: String, at: JSONValue
    )? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else {
            throw error(at: value, prefix + "\"\(key)\" must be a string, found \(value.typeDescription)")
        }
        return (text, value)
    }
}
