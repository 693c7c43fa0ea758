/// The members of a JSON object in file order, each key at most once, with a hash index from
/// key to member: adding a member, finding a key, or finding that a key is already there take
/// constant time, so an object of n members costs O(n) to read and check, never O(n²).
///
/// The index is derived from `members` and kept in step by `insert`, the only way to add one.
struct JSONObject: Equatable, Sendable {
    /// One member: its key, where the key starts in the text, and its value.
    struct Member: Equatable, Sendable {
        var key: String
        var keyOffset: Int
        var value: JSONValue
    }

    /// The members in file order.
    private(set) var members: [Member] = []
    /// Each key's position in `members`.
    private var positions: [String: Int] = [:]

    /// An empty object.
    init() {}

    /// The members in order; a key given twice is an error in the caller (the test fixtures).
    init(_ members: [Member]) {
        for member in members {
            let inserted = insert(member)
            precondition(inserted, "duplicate key \(member.key) in a JSONObject literal")
        }
    }

    /// Appends `member` unless its key is already there; returns whether it did.
    mutating func insert(_ member: Member) -> Bool {
        guard positions[member.key] == nil else { return false }
        positions[member.key] = members.count
        members.append(member)
        return true
    }

    /// The member under `key`, if there is one.
    subscript(key: String) -> Member? {
        positions[key].map { members[$0] }
    }

    /// Whether the object has a member under `key`.
    func contains(_ key: String) -> Bool { positions[key] != nil }

    var count: Int { members.count }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}
