/// Hands out ncurses colour-pair numbers, one per (foreground, background) combination, in
/// increasing order and never recycling one: a recycled number would recolour every cell still
/// on screen with it. When the numbers run out the owner resets the cache and repaints.
///
/// A value type with no ncurses calls of its own: defining a pair is the caller's `define`
/// closure, so the cache can be tested without a terminal.
struct ColorPairCache: Sendable {
    /// One past the highest usable pair number (ncurses' `COLOR_PAIRS`).
    let capacity: Int32
    /// The number the next new combination receives.
    private(set) var nextNumber: Int32
    private let firstNumber: Int32
    private var numbers: [Int64: Int32] = [:]

    /// Pair 0 is ncurses' fixed default pair, so numbering starts at 1 unless a test starts it
    /// higher (to reach numbers above `Int16.max`).
    init(capacity: Int, firstNumber: Int32 = 1) {
        self.capacity = Int32(clamping: capacity)
        self.firstNumber = max(1, firstNumber)
        self.nextNumber = self.firstNumber
    }

    /// How many combinations hold a number.
    var count: Int { numbers.count }

    /// The pair number for `foreground` on `background`. A new combination takes the next free
    /// number and calls `define(number)` once, before it is remembered; if `define` fails the
    /// combination gets the default pair 0 and nothing is consumed. Returns nil when every number
    /// is taken.
    mutating func number(foreground: Int32, background: Int32, define: (Int32) -> Bool) -> Int32? {
        let key = Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
        if let known = numbers[key] { return known }
        guard nextNumber < capacity else { return nil }
        let number = nextNumber
        guard define(number) else { return 0 }
        numbers[key] = number
        nextNumber += 1
        return number
    }

    /// Forgets every combination; numbering starts over.
    mutating func removeAll() {
        numbers.removeAll(keepingCapacity: true)
        nextNumber = firstNumber
    }
}
