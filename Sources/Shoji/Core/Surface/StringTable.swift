import Synchronization

/// Strings interned by number, for what cells refer to without holding a string each: long
/// graphemes (`GraphemeStorage`) and link targets (`Hyperlink`). Process-wide, shared by every
/// surface and thread, never shrinking, at most `capacity` strings (the reserved ones
/// included), after which new ones are refused, so hostile text cannot grow memory without
/// bound.
final class StringTable: Sendable {
    /// Long graphemes: numbers 0..<65,536.
    static let graphemes = StringTable(capacity: 1 << 16)
    /// Link targets: numbers 1...65,535 (0 is a cell's "no link").
    static let links = StringTable(capacity: 1 << 16, reserving: [""])

    /// The most strings the table holds.
    let capacity: Int

    private struct State {
        var strings: [String]
        var numbers: [String: Int] = [:]
    }

    private let state: Mutex<State>

    /// A table whose first numbers are taken by `reserved` (never handed out for a string).
    init(capacity: Int, reserving reserved: [String] = []) {
        self.capacity = capacity
        state = Mutex(State(strings: reserved))
    }

    /// The number of `string`, interning it if new; nil when the table is full.
    func number(for string: String) -> Int? {
        state.withLock { state in
            if let known = state.numbers[string] { return known }
            guard state.strings.count < capacity else { return nil }
            let number = state.strings.count
            state.strings.append(string)
            state.numbers[string] = number
            return number
        }
    }

    /// The string numbered `number` (which `number(for:)` returned).
    func string(number: Int) -> String {
        state.withLock { $0.strings[number] }
    }
}
