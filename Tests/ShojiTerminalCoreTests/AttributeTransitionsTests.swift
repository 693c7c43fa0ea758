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
}
