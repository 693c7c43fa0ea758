import CNcursesw
import Glibc
import Shoji
import ShojiTerminalCore

/// Reads what the frame writer needs from ncurses' current terminal into plain values, once,
/// when a screen is created: the capability table (`tigetstr`, `tigetflag`, `tigetnum`) and the
/// attribute transitions (`vid_puts`, which knows each terminal's attribute quirks). Nothing
/// in a frame calls ncurses after that.
///
/// Main actor only, like ncurses; the screen's own terminal must be current.
@MainActor
enum TerminfoReader {
    /// Where `outc` appends while `attributeTransitions()` runs `vid_puts`.
    nonisolated(unsafe) private static var captured: [UInt8] = []

    /// ncurses' output callback (a C function pointer, which cannot capture).
    private static let outc: @convention(c) (Int32) -> Int32 = { byte in
        TerminfoReader.captured.append(UInt8(truncatingIfNeeded: byte))
        return byte
    }

    /// The current terminal's capability table.
    static func capabilities() -> TerminalCapabilities {
        var strings: [String: [UInt8]] = [:]
        for name in TerminalCapabilities.stringNames + TerminalCapabilities.presenceNames {
            if let bytes = string(name) { strings[name] = bytes }
        }
        let flags = Set(TerminalCapabilities.flagNames.filter { tigetflag($0) > 0 })
        var numbers: [String: Int] = [:]
        for name in TerminalCapabilities.numberNames {
            let value = tigetnum(name)
            if value >= 0 { numbers[name] = Int(value) }
        }
        return TerminalCapabilities(strings: strings, flags: flags, numbers: numbers)
    }

    /// The bytes `vid_puts` (colour pair 0) sends from each set of attributes to each other,
    /// recorded along `AttributeTransitions.circuit` (ncurses is in each step's first set when
    /// the step comes), with the terminal's own string for each attribute turned on where that
    /// is shorter (`AttributeTransitions.preferringAdditions`); ncurses is left believing no
    /// attribute is on, and no byte reaches the terminal.
    static func attributeTransitions() -> AttributeTransitions {
        let bold = shoji_a_bold(), dim = shoji_a_dim(), italic = shoji_a_italic()
        let underline = shoji_a_underline(), reverse = shoji_a_reverse()
        func attributes(_ set: TextAttributes) -> attr_t {
            var a = shoji_a_normal()
            if set.contains(.bold) { a |= bold }
            if set.contains(.dim) { a |= dim }
            if set.contains(.italic) { a |= italic }
            if set.contains(.underline) { a |= underline }
            if set.contains(.reverse) { a |= reverse }
            return a
        }
        var pair: Int32 = 0
        _ = vid_puts(shoji_a_normal(), 0, &pair, outc)
        let table = AttributeTransitions { _, to in
            captured.removeAll(keepingCapacity: true)
            _ = vid_puts(attributes(to), 0, &pair, outc)
            return captured
        }
        _ = vid_puts(shoji_a_normal(), 0, &pair, outc)
        captured = []
        let names: [UInt8: String] = [
            TextAttributes.bold.rawValue: "bold", TextAttributes.dim.rawValue: "dim",
            TextAttributes.italic.rawValue: "sitm", TextAttributes.underline.rawValue: "smul",
            TextAttributes.reverse.rawValue: "rev"
        ]
        return table.preferringAdditions { attribute in
            // Padding dropped as for every capability; one with parameters is not a plain string.
            guard let name = names[attribute.rawValue], let bytes = string(name).flatMap(TerminalCapability.init),
                !bytes.bytes.contains(UInt8(ascii: "%"))
            else { return nil }
            return bytes.bytes
        }
    }

    /// A string capability's bytes as terminfo holds them; nil when the terminal lacks it.
    static func string(_ name: String) -> [UInt8]? {
        guard let value = shoji_tigetstr(name), value.pointee != 0 else { return nil }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
    }
}
