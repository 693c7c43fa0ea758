import Shoji
import ShojiTerminalCore
import Testing

/// The attribute table is filled along one walk through every pair, and holds each pair's bytes.
struct AttributeTransitionsTests {
    @Test func theCircuitTakesEveryStepOnceFromAndBackToNoAttributes() {
        let circuit = AttributeTransitions.circuit
        #expect(circuit.first == 0 && circuit.last == 0)
        var steps = Set<Int>()
        for (from, to) in zip(circuit, circuit.dropFirst()) {
            #expect(from != to)
            steps.insert(from * 32 + to)
        }
        #expect(steps.count == 32 * 31 && circuit.count == 32 * 31 + 1)
    }

    @Test func eachPairHoldsItsOwnBytesAndCallsChain() {
        var last: TextAttributes = []
        let table = AttributeTransitions { from, to in
            #expect(from == last)
            last = to
            return Array("\(from.rawValue)>\(to.rawValue)\u{1B}[\(to.rawValue == 0 ? "0" : "1")m".utf8)
        }
        let buffer = ByteBuffer()
        for from in 0..<32 {
            for to in 0..<32 {
                buffer.removeAll()
                let sent = table.append(
                    from: TextAttributes(rawValue: UInt8(from)), to: TextAttributes(rawValue: UInt8(to)), to: buffer)
                let expected = from == to ? "" : "\(from)>\(to)\u{1B}[\(to == 0 ? "0" : "1")m"
                #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
                #expect(sent.sent == (from != to) && sent.resetsColors == (from != to && to == 0))
            }
        }
    }

    /// Turning attributes on sends the terminal's own strings for them where shorter than
    /// `sgr`'s whole rendition; turning any off, or an attribute whose string is absent or
    /// resets the others, keeps the table's bytes.
    @Test func additionsUseTheTerminalsOwnStringsWhereShorter() {
        let sgr = AttributeTransitions { _, to in
            var text = "\u{1B}(B\u{1B}[0"
            for (bit, code) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 7)] where to.rawValue & 1 << bit != 0 {
                text += ";\(code)"
            }
            return Array((text + "m").utf8)
        }
        let table = sgr.preferringAdditions { attribute in
            switch attribute {
            case .bold: Array("\u{1B}[1m".utf8)
            case .dim: Array("\u{1B}[2m".utf8)
            case .underline: Array("\u{1B}[0;4m".utf8)  // resets: not an addition
            default: nil  // italic, reverse: absent
            }
        }
        func sent(_ from: TextAttributes, _ to: TextAttributes) -> String {
            let buffer = ByteBuffer()
            table.append(from: from, to: to, to: buffer)
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
        #expect(sent([], .dim) == "\u{1B}[2m")
        #expect(sent(.bold, [.bold, .dim]) == "\u{1B}[2m")
        #expect(sent([], [.bold, .dim]) == "\u{1B}[1m\u{1B}[2m")
        #expect(sent(.dim, []) == "\u{1B}(B\u{1B}[0m", "turning off keeps sgr")
        #expect(sent(.dim, .bold) == "\u{1B}(B\u{1B}[0;1m", "a swap turns one off")
        #expect(sent([], .underline) == "\u{1B}(B\u{1B}[0;4m")
        #expect(sent([], [.dim, .reverse]) == "\u{1B}(B\u{1B}[0;2;7m")
        #expect(sent(.dim, .dim).isEmpty)
    }
}
