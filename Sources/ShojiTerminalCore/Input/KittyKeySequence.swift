/// The part of the kitty keyboard protocol libtermkey 0.22 cannot read, decoded before it sees
/// the bytes: sub-parameters (`:`), which carry a key's event type (`CSI code ; mods:event u`,
/// `CSI 1 ; mods:event A`, `CSI number ; mods:event ~`; event 1 press, 2 repeat, 3 release).
///
/// `InputSanitizer` hands every complete CSI sequence to `rewrite(_:introducerLength:)` before
/// its safety check. A key sequence with an event type comes back without sub-parameters, in
/// the form libtermkey decodes (`CSI code ; mods u`): a press or a repeat as a press, a release
/// with `releaseModifier` added to its modifiers, a bit no terminal sends (kitty's modifiers
/// end at Num Lock, 128) and libtermkey passes through untouched, so the release is decoded in
/// the same step as its key and keeps its place in the stream. Alternate key codes
/// (`code:shifted:base`, asked for with flag 4, which Shoji never pushes) are dropped; every
/// other use of `:` drops the sequence, and so does a key sequence whose modifiers already
/// reach that bit (or are 0, which libtermkey reads as every bit), so only a release carries it. Every other sequence comes back unchanged.
package enum KittyKeySequence {
    /// What a release adds to libtermkey's modifiers (kitty's modifier value minus one):
    /// `KeyDecoder` reads a key with this bit as a release.
    package static let releaseModifier = 512

    /// The finals of the key sequences that carry modifiers in their second parameter.
    private static let keyFinals = Set("uABCDEFHPQRSZ~".utf8)

    /// `sequence` (a complete CSI sequence, introducer `introducerLength` bytes long) as
    /// libtermkey is to see it, or `nil` when it is to be dropped (see the type).
    package static func rewrite(_ sequence: [UInt8], introducerLength: Int) -> [UInt8]? {
        guard let final = sequence.last, sequence.count > introducerLength else { return nil }
        let parameters = sequence[introducerLength..<(sequence.count - 1)]
        guard keyFinals.contains(final), let first = parameters.first, !(0x3C...0x3F).contains(first) else {
            // Not a key sequence: a colon in it is left for the safety check to refuse.
            return sequence
        }
        var fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { $0.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) }
        var isRelease = false
        if fields.count > 1 {
            let modifierField = fields[1]
            guard modifierField.count <= 2,
                let modifiers = number(modifierField[0]) ?? (modifierField.count == 1 ? 1 : nil),
                (1...releaseModifier).contains(modifiers)
            else { return nil }
            if modifierField.count == 2 {
                guard let event = number(modifierField[1]), (1...3).contains(event) else { return nil }
                isRelease = event == 3
            }
            let value = isRelease ? modifiers + releaseModifier : modifiers
            if modifierField.count == 2 || isRelease {
                fields[1] = [ArraySlice(Array(String(value).utf8))]
            } else if modifierField[0].isEmpty {
                fields[1] = [modifierField[0]]
            }
        }
        if fields[0].count > 1 {
            // The code, then alternates (shifted, base layout key) that only flag 4 asks for.
            guard fields[0].count <= 3, number(fields[0][0]) != nil,
                fields[0].dropFirst().allSatisfy({ $0.isEmpty || number($0) != nil })
            else { return nil }
            fields[0] = [fields[0][0]]
        }
        // Sub-parameters anywhere else (flag 16's text) are not Shoji's to read.
        guard fields.allSatisfy({ $0.count == 1 }) else { return nil }
        var result = Array(sequence[..<introducerLength])
        for (index, field) in fields.enumerated() {
            if index > 0 { result.append(UInt8(ascii: ";")) }
            result += field[0]
        }
        result.append(final)
        return result
    }

    /// The decimal number `digits` spell (at most 9 digits), or `nil`.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
