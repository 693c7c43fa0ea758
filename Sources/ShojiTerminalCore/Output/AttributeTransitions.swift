import Shoji

/// The bytes that take the terminal from one set of attributes to another, for every pair of
/// the 32 sets `TextAttributes` can hold (bold, dim, italic, underline, reverse): plain values,
/// made once when the session starts.
///
/// ShojiTerminal fills it from ncurses' `vid_puts`, which knows each terminal's attribute
/// strings and quirks (`sgr` or one string per attribute, `sgr0`, which exits reset which), so
/// the bytes are exactly what ncurses would send (DECISIONS.md, Terminal). Tests and other
/// backends can give their own (`init(transition:)`).
package struct AttributeTransitions: Sendable {
    /// How many attribute sets there are (five bits).
    package static let setCount = 32

    /// Every transition's bytes, one after another; `offsets[i]..<offsets[i + 1]` is transition
    /// `i = from * 32 + to`.
    private let bytes: [UInt8]
    private let offsets: [Int32]
    /// Whether transition `i` sends an SGR that resets the colours too (see `resetsColors`).
    private let resets: [Bool]

    /// The table whose transition from `from` to `to` (each 0..<32, `TextAttributes.rawValue`)
    /// is `transition(from, to)`, empty when they are equal. `transition` is called once for
    /// every other pair, in `circuit` order: each call's `from` is the previous call's `to`,
    /// starting from no attributes, so a backend that records what a library sends needs one
    /// call per pair, not two (the library is already in `from`).
    package init(transition: (TextAttributes, TextAttributes) -> [UInt8]) {
        var table = [[UInt8]](repeating: [], count: Self.setCount * Self.setCount)
        var from = 0
        for to in Self.circuit.dropFirst() {
            table[from * Self.setCount + to] = transition(
                TextAttributes(rawValue: UInt8(from)), TextAttributes(rawValue: UInt8(to)))
            from = to
        }
        self.init(table: table)
    }

    /// The table whose transition `i` is `table[i]`.
    private init(table: [[UInt8]]) {
        var bytes: [UInt8] = []
        var offsets: [Int32] = [0]
        for sent in table {
            bytes += sent
            offsets.append(Int32(bytes.count))
        }
        self.bytes = bytes
        self.offsets = offsets
        resets = table.map { sent in sent.withUnsafeBufferPointer { Self.resetsColors($0) } }
    }

    /// A walk through the attribute sets, from 0 back to 0, that takes every step from one
    /// set to another exactly once (an Eulerian circuit of the complete directed graph, found
    /// with Hierholzer's algorithm).
    package static let circuit: [Int] = {
        var next = [Int](repeating: 0, count: setCount)  // each set's next unused target
        func target(_ node: Int) -> Int? {
            while next[node] < setCount {
                let candidate = next[node]
                next[node] += 1
                if candidate != node { return candidate }
            }
            return nil
        }
        var stack = [0], walk: [Int] = []
        while let node = stack.last {
            if let to = target(node) {
                stack.append(to)
            } else {
                walk.append(stack.removeLast())
            }
        }
        return walk.reversed()
    }()

    /// This table, with each transition that only turns attributes on sent as the terminal's
    /// own string for each attribute it adds (`enter`: terminfo's `bold`, `dim`, `sitm`, `smul`,
    /// `rev`) where that is shorter: `sgr`, which ncurses sends for every change, names every
    /// attribute that stays on again and resets first (`ESC ( B ESC [ 0 ; 2 m` where `ESC [ 2 m`
    /// adds dim). A string that is absent or would reset the others (an SGR 0) keeps the
    /// transition as it was.
    package func preferringAdditions(_ enter: (TextAttributes) -> [UInt8]?) -> AttributeTransitions {
        let singles = (0..<5).map { bit -> [UInt8]? in
            guard let bytes = enter(TextAttributes(rawValue: 1 << bit)), !bytes.isEmpty,
                !bytes.withUnsafeBufferPointer({ Self.resetsColors($0) })
            else { return nil }
            return bytes
        }
        var table: [[UInt8]] = []
        for index in 0..<(Self.setCount * Self.setCount) {
            let from = index / Self.setCount, to = index % Self.setCount
            var sent = Array(bytes[Int(offsets[index])..<Int(offsets[index + 1])])
            let added = to & ~from
            if from != to, from & ~to == 0 {
                var additions: [UInt8]? = []
                for bit in 0..<5 where added & 1 << bit != 0 {
                    if let single = singles[bit] { additions? += single } else { additions = nil }
                }
                if let additions, additions.count < sent.count { sent = additions }
            }
            table.append(sent)
        }
        return AttributeTransitions(table: table)
    }

    /// Appends the transition from `from` to `to` (only their five attribute bits count);
    /// returns whether it sent anything, and whether that reset the colours.
    @discardableResult
    package func append(from: TextAttributes, to: TextAttributes, to buffer: ByteBuffer) -> (
        sent: Bool, resetsColors: Bool
    ) {
        let index = Int(from.rawValue & 0x1F) * Self.setCount + Int(to.rawValue & 0x1F)
        let start = Int(offsets[index]), end = Int(offsets[index + 1])
        if end > start {
            bytes.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        return (end > start, resets[index])
    }

    /// Whether `bytes` contain an SGR whose first parameter is 0 or empty (`ESC [ m`,
    /// `ESC [ 0 m`, `ESC [ 0 ; …`), which resets the colours too (ECMA-48).
    package static func resetsColors(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") {
                let first = bytes[index + 2]
                if first == UInt8(ascii: "m") { return true }
                if first == UInt8(ascii: "0"), index + 3 < bytes.endIndex,
                    bytes[index + 3] == UInt8(ascii: "m") || bytes[index + 3] == UInt8(ascii: ";")
                {
                    return true
                }
            }
            index += 1
        }
        return false
    }
}
