/// What `KeyDecoder` (in ShojiTerminal) does to input before libtermkey sees it: rewrites raw
/// input into a byte stream libtermkey 0.22 decodes without memory errors,
/// keeping the meaning of every well-formed key, text and mouse sequence.
///
/// - UTF-8 is decoded here. Each valid non-control character is passed on as
///   `CSI <codepoint> u`, which libtermkey turns back into that character, so libtermkey
///   only ever sees bytes below 0x80 and never an 8-bit CSI, SS3, DCS, OSC or ST.
///   Invalid or truncated UTF-8 and C1 controls are dropped.
/// - Every `ESC [` opens a CSI sequence that ends, as in libtermkey, at the first byte in
///   0x40...0x7F. It is held back until then and passed on only if `isSafe` accepts it.
///   A control byte or ESC inside it, or more than `maximumSequenceLength` bytes, drops it.
///   Because a final byte closes every open sequence and `[` opens at most one, at most
///   one sequence is ever open, and every `ESC [` libtermkey receives starts a checked one,
///   whatever libtermkey makes of the bytes around it.
/// - An ESC is held until the next byte shows whether it starts a CSI, so an `ESC [` is
///   never split between a released ESC and a later `[` that escaped checking.
/// - A kitty key sequence with an event type (`CSI code ; mods:event u`) is rewritten without
///   its sub-parameters, a release marked in its modifiers (`KittyKeySequence`), before the check.
/// - `CSI 200 ~` starts a bracketed paste: the bytes up to `ESC [ 201 ~` are text, not
///   keys, kept raw (at most `maximumPasteLength`); when it ends (or `finish` cuts it) the
///   text joins `completedPastes` and the marker `ESC [ 200 ~` goes into the stream where
///   its event belongs.
package struct InputSanitizer {
    /// A sanitizer at the start of input: nothing held, no paste open.
    package init() {}

    private static let escape: UInt8 = 0x1B
    private static let leftBracket = UInt8(ascii: "[")
    /// What ends a bracketed paste.
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// What marks a finished paste's place in the stream for libtermkey.
    private static let pasteMarker: [UInt8] = Array("\u{1B}[200~".utf8)
    /// The most bytes one paste keeps.
    package static let maximumPasteLength = 1 << 20

    /// The bytes of the paste being read, or `nil` outside a paste.
    private var pasteBytes: [UInt8]?
    /// How many bytes of `pasteEnd` the paste's last bytes matched so far.
    private var pasteEndMatched = 0
    /// Finished pastes, oldest first, each with its marker already passed on.
    private var completedPastes: [String] = []

    /// Whether a paste is being read (its end marker has not come yet).
    package var isInPaste: Bool { pasteBytes != nil }

    /// Hands over the finished pastes, oldest first, and forgets them.
    package mutating func takeCompletedPastes() -> [String] {
        defer { completedPastes.removeAll() }
        return completedPastes
    }
    /// Far longer than any sequence a terminal sends in reply to a key or mouse action.
    private static let maximumSequenceLength = 64

    /// Bytes of a UTF-8 character still missing, and the bytes seen of it so far.
    private var utf8Missing = 0
    private var utf8Bytes: [UInt8] = []
    /// An ESC not yet passed on.
    private var escapePending = false
    /// The open CSI sequence: introducer (`ESC [`, or just `[` if its ESC was already
    /// passed on) and parameter bytes so far; `nil` when none is open.
    private var sequence: [UInt8]?
    private var introducerLength = 0
    /// The last byte passed on was an ESC that libtermkey still holds, so a following `[`
    /// opens a CSI sequence.
    private var lastOutputWasEscape = false

    /// Whether bytes are held back waiting for more input.
    package var isHoldingBytes: Bool { utf8Missing > 0 || escapePending || sequence != nil || isInPaste }

    /// Appends what `byte` contributes to the sanitised stream to `output` (often nothing
    /// yet, sometimes several bytes held back earlier).
    package mutating func process(_ byte: UInt8, into output: inout [UInt8]) {
        if isInPaste {
            pasteByte(byte, into: &output)
            return
        }
        if utf8Missing > 0 {
            if byte & 0xC0 == 0x80 {
                utf8Bytes.append(byte)
                utf8Missing -= 1
                if utf8Missing == 0 { finishCharacter(into: &output) }
                return
            }
            // Cut short: drop the partial character; `byte` starts afresh.
            utf8Missing = 0
            utf8Bytes.removeAll(keepingCapacity: true)
        }
        switch byte {
        case 0x00...0x7F:
            scan(byte, into: &output)
        case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
            utf8Bytes = [byte]
            utf8Missing = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
        default:
            // A stray continuation byte, or a lead byte UTF-8 never uses (C0, C1, F5-FF).
            break
        }
    }

    /// Ends the input for now: drops a partial UTF-8 character and passes on a held ESC or
    /// unfinished CSI sequence. libtermkey must then be drained with forcing before any
    /// further byte, so that it reads them as Escape, Alt-[ and plain characters; then
    /// call `libtermkeyBufferWasEmptied()`.
    package mutating func finish(into output: inout [UInt8]) {
        if isInPaste {
            // The end marker never came: what arrived is the paste.
            keepPasteBytes(Self.pasteEnd[..<pasteEndMatched])
            endPaste(into: &output)
        }
        utf8Missing = 0
        utf8Bytes.removeAll(keepingCapacity: true)
        if let held = sequence {
            sequence = nil
            emit(held, into: &output)
        }
        if escapePending {
            escapePending = false
            emit([Self.escape], into: &output)
        }
    }

    /// Records that libtermkey consumed everything passed on, so a trailing ESC is gone.
    package mutating func libtermkeyBufferWasEmptied() {
        lastOutputWasEscape = false
    }

    private mutating func finishCharacter(into output: inout [UInt8]) {
        defer { utf8Bytes.removeAll(keepingCapacity: true) }
        let count = utf8Bytes.count
        var value = UInt32(utf8Bytes[0]) & (count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07)
        for continuation in utf8Bytes.dropFirst() {
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        let minimum: UInt32 = count == 2 ? 0x80 : count == 3 ? 0x800 : 0x10000
        // Overlong forms, surrogates and values above U+10FFFF are invalid UTF-8.
        guard value >= minimum, let scalar = Unicode.Scalar(value),
            scalar.properties.generalCategory != .control
        else { return }
        for byte in Array("\u{1B}[\(value)u".utf8) {
            scan(byte, into: &output)
        }
    }

    /// The CSI-checking stage, for bytes below 0x80.
    private mutating func scan(_ byte: UInt8, into output: inout [UInt8]) {
        if var held = sequence {
            switch byte {
            case 0x40...0x7F:
                held.append(byte)
                sequence = nil
                if held[introducerLength...].elementsEqual("200~".utf8) {
                    // A paste starts; an ESC already passed on stays with libtermkey and
                    // makes the marker Alt-modified, which is still recognised.
                    pasteBytes = []
                    pasteEndMatched = 0
                    return
                }
                // Event types (sub-parameters) are decoded here, before the safety check.
                if let rewritten = KittyKeySequence.rewrite(held, introducerLength: introducerLength),
                    Self.isSafe(rewritten, introducerLength: introducerLength)
                {
                    emit(rewritten, into: &output)
                }
                return
            case 0x20...0x3F:
                held.append(byte)
                sequence = held.count > Self.maximumSequenceLength ? nil : held
                return
            default:
                // A terminal never puts a control byte inside a CSI sequence: drop the
                // sequence and treat the byte on its own.
                sequence = nil
            }
        }
        if escapePending {
            escapePending = false
            if byte == Self.leftBracket {
                sequence = [Self.escape, byte]
                introducerLength = 2
                return
            }
            emit([Self.escape], into: &output)
        }
        if byte == Self.escape {
            escapePending = true
        } else if byte == Self.leftBracket && lastOutputWasEscape {
            sequence = [byte]
            introducerLength = 1
        } else {
            emit([byte], into: &output)
        }
    }

    /// Inside a paste with no end marker begun, keeps `bytes` up to the first Esc as text
    /// and returns where it stopped; elsewhere returns `bytes.startIndex` (nothing taken).
    package mutating func takePastedText(_ bytes: ArraySlice<UInt8>) -> Int {
        guard isInPaste, pasteEndMatched == 0 else { return bytes.startIndex }
        let end = bytes.firstIndex(of: Self.escape) ?? bytes.endIndex
        keepPasteBytes(bytes[..<end])
        return end
    }

    /// One byte inside a paste: text, unless it completes the end marker.
    private mutating func pasteByte(_ byte: UInt8, into output: inout [UInt8]) {
        if byte == Self.pasteEnd[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == Self.pasteEnd.count { endPaste(into: &output) }
            return
        }
        // The bytes matched so far were text after all. The marker holds one ESC, at its
        // start, so a mismatch can only restart a match at an ESC.
        keepPasteBytes(Self.pasteEnd[..<pasteEndMatched])
        if byte == Self.escape {
            pasteEndMatched = 1
        } else {
            pasteEndMatched = 0
            keepPasteBytes(CollectionOfOne(byte))
        }
    }

    private mutating func keepPasteBytes(_ bytes: some Collection<UInt8>) {
        guard let count = pasteBytes?.count, count < Self.maximumPasteLength else { return }
        pasteBytes?.append(contentsOf: bytes.prefix(Self.maximumPasteLength - count))
    }

    /// Ends the paste: its text joins `completedPastes` and its marker goes out.
    private mutating func endPaste(into output: inout [UInt8]) {
        guard let bytes = pasteBytes else { return }
        pasteBytes = nil
        pasteEndMatched = 0
        completedPastes.append(Self.pastedText(bytes))
        emit(Self.pasteMarker, into: &output)
    }

    /// The text of a paste: UTF-8 (invalid bytes become U+FFFD), line breaks as `"\n"`.
    package static func pastedText(_ bytes: [UInt8]) -> String {
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D {
                // Terminals send a pasted line break as CR (or CR LF): one "\n" each.
                normalised.append(0x0A)
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
            } else {
                normalised.append(byte)
            }
        }
        return String(decoding: normalised, as: UTF8.self)
    }

    private mutating func emit(_ bytes: [UInt8], into output: inout [UInt8]) {
        guard let last = bytes.last else { return }
        output.append(contentsOf: bytes)
        lastOutputWasEscape = last == Self.escape
    }

    /// Whether libtermkey 0.22 handles this complete CSI sequence without reading out of
    /// bounds or uninitialised memory. Accepts every shape a terminal sends for keys and
    /// mouse reports: `CSI [params] final` with decimal parameters, `CSI < b;x;y M/m`
    /// (SGR mouse), `CSI 27;mod;cp ~` (modifyOtherKeys) and `CSI cp[;mod] u`.
    package static func isSafe(_ sequence: [UInt8], introducerLength: Int) -> Bool {
        guard let final = sequence.last, sequence.count > introducerLength else { return false }
        var parameters = sequence[introducerLength..<(sequence.count - 1)]
        var initial: UInt8?
        if let first = parameters.first, (0x3C...0x3F).contains(first) {
            initial = first
            parameters = parameters.dropFirst()
        }
        // Parameters as libtermkey counts them: a trailing empty one does not count.
        var values: [Int?] = []
        var current: Int?
        var digits = 0
        for byte in parameters {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                // libtermkey accumulates in a `long` without overflow checks.
                guard digits <= 9 else { return false }
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                values.append(current)
                current = nil
                digits = 0
                // libtermkey stores at most 16 and writes past its array beyond that.
                guard values.count < 8 else { return false }
            default:
                // Intermediate bytes (0x20-0x2F) index libtermkey's tables out of bounds.
                return false
            }
        }
        if current != nil { values.append(current) }
        let first = values.first ?? nil
        switch final {
        case UInt8(ascii: "M"), UInt8(ascii: "m"):
            guard let initial else { return true }  // X10 (`CSI M` + 3 bytes) or rxvt
            return initial == UInt8(ascii: "<") && values.count == 3
                && values.allSatisfy { $0 != nil }
        case UInt8(ascii: "~"):
            // Reads its first parameter even when absent; 27 reads the third.
            guard initial == nil, let first else { return false }
            if first != 27 { return true }
            guard values.count == 3, let codepoint = values[2] else { return false }
            return codepoint <= 0x10FFFF
        case UInt8(ascii: "u"):
            // Reads its first parameter even when absent and indexes a table with it.
            guard initial == nil, let first else { return false }
            return first <= 0x10FFFF
        default:
            // Cursor keys, F1-F4, Shift-Tab index a table with the whole command, initial
            // byte included; other finals are unknown to libtermkey and dropped by it.
            return initial == nil
        }
    }
}
