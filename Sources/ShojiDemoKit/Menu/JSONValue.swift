/// A JSON value as `JSONParser` read it, with the byte offset where it starts in the text, so
/// a validator can point at the value it rejects (`TextPosition` turns the offset into a line
/// and column).
///
/// Objects (`JSONObject`) keep their members in file order, indexed by key, and never hold two
/// members with the same key (the parser rejects duplicates).
struct JSONValue: Equatable, Sendable {

    enum Content: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    var content: Content
    /// The offset of the value's first byte in the parsed text.
    var offset: Int

    /// The member named `key`, if this is an object that has one.
    subscript(key: String) -> JSONValue? {
        guard case .object(let object) = content else { return nil }
        return object[key]?.value
    }

    /// The string, if this is a string.
    var stringValue: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// What the value is, for messages: "a string", "a number", "an object"...
    var typeDescription: String {
        switch content {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
