import CNcursesw
import Glibc
import Shoji
import ShojiTerminalCore
import Testing

@testable import ShojiTerminal

/// What ncurses' `tputs` sends, for comparing with the core's plain values.
@MainActor
private enum NcursesOutput {
    nonisolated(unsafe) static var bytes: [UInt8] = []
    static let outc: @convention(c) (Int32) -> Int32 = { byte in
        NcursesOutput.bytes.append(UInt8(truncatingIfNeeded: byte))
        return byte
    }

    /// `string` through `tiparm` with `p1` and `p2` (when `parameterised`), then `tputs`.
    static func send(_ string: UnsafePointer<CChar>, parameterised: Bool, _ p1: Int, _ p2: Int) -> [UInt8] {
        bytes = []
        if parameterised {
            guard let expanded = shoji_tparm(string, p1, p2) else { return [] }
            _ = tputs(expanded, 1, outc)
        } else {
            _ = tputs(string, 1, outc)
        }
        return bytes
    }
}

/// The core's capability table against ncurses, in every terminal type the tests use: each
/// string the frame writer sends, expanded by `TerminfoExpansion` / `TerminalCapability` over a
/// range of parameters, must be the bytes `tiparm` and `tputs` give (padding included: tputs
/// sends none on these terminals, which have `xon` or no `pb`).
@Suite(.serialized)
@MainActor
struct TerminfoExpansionDifferentialTests {
    nonisolated static let terminalTypes = [
        "xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100", "vt220", "screen", "ansi",
        CustomTerminfo.characterAtATime, CustomTerminfo.insertModeOnly
    ]

    @Test(arguments: terminalTypes)
    func everyStringMatchesTparmAndTputs(term: String) throws {
        try CustomTerminfo.prepare()
        let pty = try PseudoTerminal()
        let screen = try TerminalScreen(terminalType: term, output: pty.slave, input: pty.slave)
        defer {
            screen.shutdown()
            pty.close()
        }
        let table = TerminfoReader.capabilities()
        let parameters = Array(0..<300) + [999, 1000, 4095]
        var compared = 0
        for name in TerminalCapabilities.stringNames {
            guard let raw = shoji_tigetstr(name), raw.pointee != 0 else { continue }
            let capability = try #require(TerminalCapability(TerminfoReader.string(name) ?? []))
            let parameterised = strchr(raw, Int32(UInt8(ascii: "%"))) != nil
            let pairs: [(Int, Int)] =
                !parameterised
                ? [(0, 0)]
                : name == "cup" || name == "csr"
                    ? (0..<70).flatMap { y in [0, 1, 9, 10, 99, 250].map { (y, $0) } }
                    : parameters.map { ($0, 0) }
            for (p1, p2) in pairs {
                let expected = NcursesOutput.send(raw, parameterised: parameterised, p1, p2)
                #expect(capability.expanded(p1, p2) == expected, "\(term) \(name)(\(p1), \(p2))")
                #expect(capability.length(p1, p2) == expected.count, "\(term) \(name)(\(p1), \(p2)) length")
                compared += 1
            }
        }
        #expect(compared > 300)
        // The table holds what was compared.
        #expect((table.cursorAddress != nil) == (shoji_tigetstr("cup") != nil))
    }
}
