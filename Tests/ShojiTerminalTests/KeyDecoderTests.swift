import Foundation
import Glibc
import TestSupport
import ShojiTerminal
import Testing
import ShojiTesting

// Byte-level tests of KeyDecoder against libtermkey with xterm-256color's terminfo.
// Every test asserts the exact event list, so a wrong key, a lost modifier, an extra junk
// event or a missing one fails.

private let esc = "\u{1B}"

private func makeDecoder() throws -> KeyDecoder {
    try KeyDecoder(abstractTerminal: "xterm-256color")
}

private func decode(_ bytes: [UInt8]) throws -> [InputEvent] {
    let decoder = try makeDecoder()
    decoder.push(bytes)
    return decoder.nextEvents()
}

private func decode(_ text: String) throws -> [InputEvent] {
    try decode(Array(text.utf8))
}

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
}

private func character(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(.character(character), modifiers: modifiers))
}

private func mouse(
    _ kind: MouseEvent.Kind, x: Int, y: Int, _ modifiers: KeyModifiers = []
) -> InputEvent {
    .mouse(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers))
}

@Suite("KeyDecoder")
struct KeyDecoderTests {
    // MARK: Cursor and editing keys

    @Test(
        "Arrows in normal (CSI) and application (SS3) cursor-key mode",
        arguments: [
            ("\(esc)[A", Key.up), ("\(esc)[B", .down), ("\(esc)[C", .right), ("\(esc)[D", .left),
            ("\(esc)OA", .up), ("\(esc)OB", .down), ("\(esc)OC", .right), ("\(esc)OD", .left)
        ])
    func arrows(sequence: String, expected: Key) throws {
        #expect(try decode(sequence) == [key(expected)])
    }

    @Test(
        "Home, End, PageUp, PageDown, Insert, Delete in their common encodings",
        arguments: [
            ("\(esc)[H", Key.home), ("\(esc)OH", .home), ("\(esc)[1~", .home), ("\(esc)[7~", .home),
            ("\(esc)[F", .end), ("\(esc)OF", .end), ("\(esc)[4~", .end), ("\(esc)[8~", .end),
            ("\(esc)[5~", .pageUp), ("\(esc)[6~", .pageDown),
            ("\(esc)[2~", .insert), ("\(esc)[3~", .delete)
        ])
    func editingKeys(sequence: String, expected: Key) throws {
        #expect(try decode(sequence) == [key(expected)])
    }

    @Test(
        "Modifiers on arrows and editing keys are carried",
        arguments: [
            ("\(esc)[1;5A", key(.up, .ctrl)),
            ("\(esc)[1;2A", key(.up, .shift)),
            ("\(esc)[1;3A", key(.up, .alt)),
            ("\(esc)[1;6C", key(.right, [.ctrl, .shift])),
            ("\(esc)[1;8D", key(.left, [.ctrl, .alt, .shift])),
            ("\(esc)[1;2H", key(.home, .shift)),
            ("\(esc)[3;5~", key(.delete, .ctrl)),
            ("\(esc)[6;3~", key(.pageDown, .alt)),
            ("\(esc)\(esc)[A", key(.up, .alt))
        ])
    func modifiedKeys(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    @Test(
        "The selection and clipboard keys of the text views, as xterm and tmux send them",
        arguments: [
            ("\(esc)[1;2D", key(.left, .shift)), ("\(esc)[1;2C", key(.right, .shift)),
            ("\(esc)[1;2A", key(.up, .shift)), ("\(esc)[1;2B", key(.down, .shift)),
            ("\(esc)[1;2H", key(.home, .shift)), ("\(esc)[1;2F", key(.end, .shift)),
            ("\(esc)[1;4D", key(.left, [.alt, .shift])), ("\(esc)[1;4C", key(.right, [.alt, .shift])),
            ("\(esc)[1;6H", key(.home, [.ctrl, .shift])), ("\(esc)[1;6F", key(.end, [.ctrl, .shift])),
            ("\(esc)c", character("c", .alt)), ("\(esc)x", character("x", .alt)), ("\(esc)v", character("v", .alt))
        ])
    func selectionKeys(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    @Test(
        "The tab bar controller's keys, as xterm and tmux send them: Ctrl-PageDown, Ctrl-PageUp, Alt-1…Alt-9",
        arguments: [
            ("\(esc)[6;5~", key(.pageDown, .ctrl)), ("\(esc)[5;5~", key(.pageUp, .ctrl)),
            ("\(esc)1", character("1", .alt)), ("\(esc)5", character("5", .alt)), ("\(esc)9", character("9", .alt))
        ])
    func tabBarKeys(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    // MARK: Text

    @Test(
        "UTF-8 text decodes to one character event per character",
        arguments: [
            ("a", ["a"] as [Character]),
            ("é", ["é"]),
            ("日本", ["日", "本"]),
            ("👍", ["👍"]),
            ("Hi é日👍 !", ["H", "i", " ", "é", "日", "👍", " ", "!"])
        ])
    func text(input: String, expected: [Character]) throws {
        #expect(try decode(input) == expected.map { character($0) })
    }

    @Test("Text longer than libtermkey's 256-byte buffer arrives whole and in order")
    func longText() throws {
        // 3-byte characters, so some straddle the buffer boundary.
        let text = String(repeating: "日本x", count: 400)
        #expect(try decode(text) == text.map { character($0) })
    }

    @Test(
        "Shift with a letter is the uppercase letter without .shift",
        arguments: [
            ("A", character("A")),
            ("\(esc)[97;2u", character("A")),  // CSI u: 'a' with Shift
            ("\(esc)[49;2u", character("1", .shift))  // not a letter: Shift stays
        ])
    func shiftedLetters(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    // MARK: Function keys

    @Test(
        "F1-F12 in SS3 and CSI forms",
        arguments: [
            ("\(esc)OP", 1), ("\(esc)OQ", 2), ("\(esc)OR", 3), ("\(esc)OS", 4),
            ("\(esc)[11~", 1), ("\(esc)[12~", 2), ("\(esc)[13~", 3), ("\(esc)[14~", 4),
            ("\(esc)[15~", 5), ("\(esc)[17~", 6), ("\(esc)[18~", 7), ("\(esc)[19~", 8),
            ("\(esc)[20~", 9), ("\(esc)[21~", 10), ("\(esc)[23~", 11), ("\(esc)[24~", 12)
        ])
    func functionKeys(sequence: String, number: Int) throws {
        #expect(try decode(sequence) == [key(.function(number))])
    }

    @Test(
        "Modified function keys are F1-F12 with modifiers, not terminfo's F13-F63",
        arguments: [
            ("\(esc)[1;2P", key(.function(1), .shift)),
            ("\(esc)[1;5S", key(.function(4), .ctrl)),
            ("\(esc)[15;5~", key(.function(5), .ctrl)),
            ("\(esc)[24;3~", key(.function(12), .alt)),
            ("\(esc)[25~", key(.function(13)))
        ])
    func modifiedFunctionKeys(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    // MARK: Control keys

    @Test(
        "Enter, Tab, Shift-Tab, Backspace and control combinations",
        arguments: [
            ([0x0D], key(.enter)),
            ([0x09], key(.tab)),
            (Array("\(esc)[Z".utf8), key(.tab, .shift)),
            ([0x7F], key(.backspace)),
            ([0x08], key(.backspace)),
            ([0x01], character("a", .ctrl)),
            ([0x03], character("c", .ctrl)),
            ([0x1A], character("z", .ctrl)),
            ([0x0A], character("j", .ctrl)),
            ([0x00], character(" ", .ctrl)),
            // Ctrl-/ (and Ctrl-_) as most terminals send it, and Alt-/: the text views' undo keys.
            ([0x1F], character("_", .ctrl)),
            ([0x1B, 0x2F], character("/", .alt)),
            ([0x20], character(" ")),
            ([0x1B, 0x78], character("x", .alt)),
            ([0x1B, 0x58], character("X", .alt)),
            ([0x1B, 0x01], character("a", [.ctrl, .alt])),
            ([0x1B, 0x7F], key(.backspace, .alt)),
            ([0x1B, 0x08], key(.backspace, .alt)),
            ([0x1B, 0x0D], key(.enter, .alt))
        ] as [([UInt8], InputEvent)])
    func controlKeys(bytes: [UInt8], expected: InputEvent) throws {
        #expect(try decode(bytes) == [expected])
    }

    @Test(
        "Application keypad keys decode as what they type",
        arguments: [
            ("\(esc)Op", key(.character("0"))), ("\(esc)Oy", key(.character("9"))),
            ("\(esc)Ok", key(.character("+"))), ("\(esc)Om", key(.character("-"))),
            ("\(esc)Oj", key(.character("*"))), ("\(esc)Oo", key(.character("/"))),
            ("\(esc)On", key(.character("."))), ("\(esc)OM", key(.enter))
        ])
    func keypad(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    @Test("Keys pushed together come out in order")
    func mixedOrder() throws {
        let input = "a\(esc)[Ab\r\(esc)[<0;2;3M\u{7F}é"
        #expect(
            try decode(input) == [
                character("a"), key(.up), character("b"), key(.enter),
                mouse(.press(.left), x: 1, y: 2), key(.backspace), character("é")
            ])
    }

    // MARK: Escape

    @Test("A lone Esc is pending until flushed, then it is Escape")
    func loneEscape() throws {
        let decoder = try makeDecoder()
        decoder.push([0x1B])
        #expect(decoder.nextEvents() == [])
        #expect(decoder.hasPendingSequence)
        #expect(decoder.flushPending() == [key(.escape)])
        #expect(!decoder.hasPendingSequence)
        #expect(decoder.flushPending() == [])
        decoder.push(Array("q".utf8))
        #expect(decoder.nextEvents() == [character("q")])
    }

    @Test("Esc followed by the rest of a sequence in the same push is that key")
    func escapeSequenceInOnePush() throws {
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[A".utf8))
        #expect(decoder.nextEvents() == [key(.up)])
        #expect(!decoder.hasPendingSequence)
    }

    @Test("A sequence split across pushes completes without a flush")
    func splitSequence() throws {
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[1;".utf8))
        #expect(decoder.nextEvents() == [])
        #expect(decoder.hasPendingSequence)
        decoder.push(Array("5B".utf8))
        #expect(decoder.nextEvents() == [key(.down, .ctrl)])
        #expect(!decoder.hasPendingSequence)
    }

    @Test("Esc then a letter before the wait ends is Alt-letter")
    func escapeThenLetter() throws {
        let decoder = try makeDecoder()
        decoder.push([0x1B])
        #expect(decoder.nextEvents() == [])
        decoder.push(Array("x".utf8))
        #expect(decoder.nextEvents() == [character("x", .alt)])
    }

    @Test("Two Escs flushed are Alt-Escape; Esc, flush, Esc, flush are two Escapes")
    func doubleEscape() throws {
        let decoder = try makeDecoder()
        decoder.push([0x1B, 0x1B])
        #expect(decoder.nextEvents() == [])
        #expect(decoder.flushPending() == [key(.escape, .alt)])
        decoder.push([0x1B])
        #expect(decoder.flushPending() == [key(.escape)])
        decoder.push([0x1B])
        #expect(decoder.flushPending() == [key(.escape)])
    }

    @Test("The escape wait time is libtermkey's 50 ms and can be changed")
    func escapeWaitTime() throws {
        let decoder = try makeDecoder()
        #expect(decoder.escapeWaitTime == 0.05)
        decoder.escapeWaitTime = 0.2
        #expect(decoder.escapeWaitTime == 0.2)
        decoder.escapeWaitTime = -1
        #expect(decoder.escapeWaitTime == 0)
    }

    // MARK: Mouse

    @Test(
        "SGR-1006 mouse reports, 1-based on the wire, 0-based in events",
        arguments: [
            ("\(esc)[<0;10;5M", mouse(.press(.left), x: 9, y: 4)),
            ("\(esc)[<0;10;5m", mouse(.release(.left), x: 9, y: 4)),
            ("\(esc)[<32;11;5M", mouse(.drag(.left), x: 10, y: 4)),
            ("\(esc)[<1;3;4M", mouse(.press(.middle), x: 2, y: 3)),
            ("\(esc)[<2;3;4M", mouse(.press(.right), x: 2, y: 3)),
            ("\(esc)[<2;3;4m", mouse(.release(.right), x: 2, y: 3)),
            ("\(esc)[<34;3;4M", mouse(.drag(.right), x: 2, y: 3)),
            ("\(esc)[<64;1;1M", mouse(.wheelUp, x: 0, y: 0)),
            ("\(esc)[<65;3;7M", mouse(.wheelDown, x: 2, y: 6)),
            ("\(esc)[<16;3;4M", mouse(.press(.left), x: 2, y: 3, .ctrl)),
            ("\(esc)[<80;1;1M", mouse(.wheelUp, x: 0, y: 0, .ctrl)),
            ("\(esc)[<4;3;4M", mouse(.press(.left), x: 2, y: 3, .shift)),
            ("\(esc)[<8;3;4M", mouse(.press(.left), x: 2, y: 3, .alt)),
            ("\(esc)[<0;300;5M", mouse(.press(.left), x: 299, y: 4)),
            ("\(esc)[<32;300;250M", mouse(.drag(.left), x: 299, y: 249))
        ])
    func sgrMouse(sequence: String, expected: InputEvent) throws {
        #expect(try decode(sequence) == [expected])
    }

    @Test("X10 mouse reports: press, and release without a button")
    func x10Mouse() throws {
        // Each byte is 32 + value: button code 0 or 3, column 1, row 1.
        #expect(try decode("\(esc)[M !!") == [mouse(.press(.left), x: 0, y: 0)])
        #expect(try decode("\(esc)[M#!!") == [mouse(.release(nil), x: 0, y: 0)])
    }

    @Test(
        "Mouse reports Shoji does not model produce no event",
        arguments: [
            "\(esc)[<35;3;4M",  // motion with no button held (any-event tracking)
            "\(esc)[<66;3;4M",  // wheel left
            "\(esc)[<128;3;4M",  // button 8
            "\(esc)[M   "  // X10 report at column 0, row 0: off screen
        ])
    func ignoredMouse(sequence: String) throws {
        let decoder = try makeDecoder()
        decoder.push(Array((sequence + "z").utf8))
        #expect(decoder.nextEvents() == [character("z")])
    }

    @Test(
        "Terminal answers to the start-up queries are never keys, even late and split",
        arguments: [
            "\(esc)[?2026;2$y",  // DECRQM: mode 2026 reset
            "\(esc)[?2026;0$y",  // not recognised
            "\(esc)[?1;2c",  // DA1 (tmux, VT100 with AVO)
            "\(esc)[?62;22c",  // DA1 (xterm)
            "\(esc)[?6c"  // DA1 (Linux console)
        ])
    func terminalAnswers(answer: String) throws {
        let decoder = try makeDecoder()
        decoder.push(Array("a\(answer)b".utf8))
        #expect(decoder.nextEvents() == [character("a"), character("b")])
        // Split anywhere, as a slow terminal or a late answer arrives.
        let bytes = Array("\(answer)m".utf8)
        for cut in 1..<bytes.count {
            let split = try makeDecoder()
            split.push(Array(bytes[..<cut]))
            var events = split.nextEvents()
            split.push(Array(bytes[cut...]))
            events += split.nextEvents()
            #expect(events == [character("m")], "cut at \(cut)")
        }
    }

    // MARK: Bad input

    @Test("An unknown CSI sequence is dropped and the next key decodes")
    func unknownCSI() throws {
        #expect(try decode("\(esc)[99;99;99zq\(esc)[A") == [character("q"), key(.up)])
    }

    @Test(
        "Invalid UTF-8 is dropped and the next key decodes",
        arguments: [
            [0xFF, 0x41] as [UInt8],
            [0x61, 0xFF, 0xFE, 0x41],
            [0xC0, 0xAF, 0x41],  // overlong encoding of "/"
            [0xED, 0xA0, 0x80, 0x41],  // UTF-16 surrogate
            [0xE6, 0x41]  // lead byte cut short by ASCII
        ])
    func invalidUTF8(bytes: [UInt8]) throws {
        let events = try decode(bytes)
        #expect(events.last == character("A"))
        #expect(events.allSatisfy { $0 == character("A") || $0 == character("a") })
    }

    @Test(
        "Truncated sequences stay pending, flush without trapping, and decoding goes on",
        arguments: [
            ([0xE6, 0x97] as [UInt8], [] as [InputEvent]),  // half of 日
            (Array("\(esc)[".utf8), [character("[", .alt)]),
            (Array("\(esc)O".utf8), [character("O", .alt)]),
            (Array("\(esc)[1;".utf8), [character("[", .alt), character("1"), character(";")])
        ])
    func truncated(bytes: [UInt8], flushed: [InputEvent]) throws {
        let decoder = try makeDecoder()
        decoder.push(bytes)
        #expect(decoder.nextEvents() == [])
        #expect(decoder.hasPendingSequence)
        #expect(decoder.flushPending() == flushed)
        #expect(!decoder.hasPendingSequence)
        decoder.push(Array("\(esc)[B".utf8))
        #expect(decoder.nextEvents() == [key(.down)])
    }

    @Test(
        "An unterminated DCS or OSC string longer than libtermkey's buffer cannot stall it",
        arguments: ["P", "]"])
    func overlongUnterminatedString(introducer: String) throws {
        // The string fills libtermkey's 256-byte buffer while more bytes wait, so it can never
        // end; the decoder forces it out (Alt-P or Alt-]) and decodes the rest as text.
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)\(introducer)\(String(repeating: "7", count: 600))\(esc)[A".utf8))
        let events = decoder.nextEvents()
        #expect(
            events == [character(Character(introducer), .alt)]
                + Array(repeating: character("7"), count: 600) + [key(.up)])
        #expect(!decoder.hasPendingSequence)
    }

    @Test("An overlong CSI sequence is dropped and what follows decodes")
    func overlongCSI() throws {
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[\(String(repeating: "7", count: 600))\(esc)[A".utf8))
        let events = decoder.nextEvents()
        #expect(events.last == key(.up))
        #expect(events.dropLast().allSatisfy { $0 == character("7") })
        #expect(events.count > 500)  // only the first few dozen digits go with the sequence
    }

    // Each of these made libtermkey 0.22 crash or read uninitialised memory when fed raw.
    @Test(
        "Sequences that break libtermkey are dropped and the next key decodes",
        arguments: [
            Array("\(esc)[-A".utf8),  // intermediate byte: table index out of bounds, SIGSEGV
            Array("\(esc)[1;5 P".utf8),
            Array("\(esc)[2$A".utf8),
            Array("\(esc)[?1-A".utf8),
            [0x9B, 0x2D, 0x41],  // the same through an 8-bit CSI
            Array("\(esc)[?A".utf8),  // initial byte with a cursor-key final
            Array("\(esc)[u".utf8),  // missing parameter read uninitialised
            Array("\(esc)[;u".utf8),
            Array("\(esc)[~".utf8),
            Array("\(esc)[27~".utf8),
            Array("\(esc)[27;5~".utf8),
            Array("\(esc)[99999999999999999999u".utf8),  // overflows a C long
            Array("\(esc)[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1A".utf8),  // past 16 parameters
            Array("\(esc)]x".utf8) + [0x9C, 0x9B, 0x2D, 0x41]  // 8-bit ST, then 8-bit CSI
        ] as [[UInt8]])
    func libtermkeyCrashers(bytes: [UInt8]) throws {
        let decoder = try makeDecoder()
        decoder.push(bytes + Array("\(esc)\\q\(esc)[B".utf8))
        let events = decoder.nextEvents() + decoder.flushPending()
        #expect(events.suffix(2) == [character("q"), key(.down)])
        #expect(!events.contains(key(.up)))
    }

    @Test("Alt with a non-ASCII character, U+FFFD typed on purpose, C1 controls dropped")
    func nonASCIIEdgeCases() throws {
        #expect(try decode("\(esc)é") == [character("é", .alt)])
        #expect(try decode("\u{FFFD}") == [character("\u{FFFD}")])
        #expect(try decode([0xC2, 0x85, 0x41]) == [character("A")])  // U+0085 NEL
    }

    @Test(
        "Structured garbage: thousands of escape-heavy fragments, no trap, no hang",
        .timeLimit(.minutes(5)), arguments: [7, 8, 9] as [UInt64])
    func structuredGarbage(seed: UInt64) throws {
        // Fragments chosen to hit every parser path: introducers, parameters, intermediates,
        // finals, 8-bit controls, UTF-8 pieces.
        let fragments: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], [0x1B, 0x4F], [0x1B, 0x50], [0x1B, 0x5D], [0x1B, 0x5C],
            [0x9B], [0x9C], [0x8F], [0x90], [0x9D], [0xFF], [0xC3], [0xA9], [0xE2, 0x9C],
            Array("0".utf8), Array("1".utf8), Array("27".utf8), Array("999999999999".utf8),
            Array(";".utf8), Array("<".utf8), Array("?".utf8), Array("$".utf8), Array("-".utf8),
            Array(" ".utf8), Array("A".utf8), Array("Z".utf8), Array("~".utf8), Array("u".utf8),
            Array("M".utf8), Array("m".utf8), Array("R".utf8), Array("y".utf8), Array("[".utf8),
            Array("é".utf8), Array("👍".utf8), [0x00], [0x0D], [0x7F], [0x08]
        ]
        var generator = SeededGenerator(seed: seed)
        let decoder = try makeDecoder()
        for _ in 0..<300 {
            var chunk: [UInt8] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                chunk += fragments.randomElement(using: &generator)!
            }
            decoder.push(chunk)
            _ = decoder.nextEvents()
            if Bool.random(using: &generator) { _ = decoder.flushPending() }
        }
        _ = decoder.flushPending()
        decoder.push(Array("\(esc)[A日".utf8))
        #expect(decoder.nextEvents() == [key(.up), character("日")])
    }

    @Test(
        "10 KB of seeded random bytes: no trap, no hang, then a key still decodes",
        .timeLimit(.minutes(5)), arguments: [1, 2, 3, 42] as [UInt64])
    func randomGarbage(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let blob = (0..<10_240).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let decoder = try makeDecoder()
        decoder.push(blob)
        _ = decoder.nextEvents()
        _ = decoder.flushPending()
        #expect(!decoder.hasPendingSequence)
        decoder.push(Array("\(esc)[A日".utf8))
        #expect(decoder.nextEvents() == [key(.up), character("日")])
    }

    // MARK: Creation and file descriptors

    @Test("An abstract decoder has no file descriptor and cannot read")
    func abstractHasNoDescriptor() throws {
        let decoder = try makeDecoder()
        #expect(decoder.fileDescriptor == nil)
        #expect(decoder.readAvailable() == .failed(errno: EBADF))
    }

    @Test("An unknown terminal type still decodes the standard encodings")
    func unknownTerminalType() throws {
        let decoder = try KeyDecoder(abstractTerminal: "no-such-terminal")
        decoder.push(Array("\(esc)[A\(esc)OP\u{7F}\(esc)OM\(esc)[<0;10;5M".utf8))
        #expect(
            decoder.nextEvents() == [
                key(.up), key(.function(1)), key(.backspace), key(.enter),
                mouse(.press(.left), x: 9, y: 4)
            ])
    }

    @Test("An empty terminal type is refused with a clear error")
    func emptyTerminalType() {
        #expect(throws: KeyDecoder.CreationError.terminalTypeUnset) {
            _ = try KeyDecoder(fileDescriptor: 0, terminalType: "")
        }
        #expect(KeyDecoder.CreationError.terminalTypeUnset.description.contains("TERM"))
    }

    @Test("Reading a descriptor: bytes, a large burst, would-block and end of input")
    func readsFileDescriptor() throws {
        let (readEnd, writeEnd) = try #require(HiddenLibc.closeOnExecPipe())
        defer { close(readEnd) }
        let decoder = try KeyDecoder(fileDescriptor: readEnd, terminalType: "xterm-256color")
        #expect(decoder.fileDescriptor == readEnd)

        func write(_ bytes: [UInt8]) {
            let written = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
            #expect(written == bytes.count)
        }

        write(Array("\(esc)[Aé".utf8))
        #expect(decoder.readAvailable() == .bytesRead(5))
        #expect(decoder.nextEvents() == [key(.up), character("é")])

        // More than one read's worth (4096 bytes) arrives in two reads, nothing lost.
        write([UInt8](repeating: UInt8(ascii: "k"), count: 5000))
        #expect(decoder.readAvailable() == .bytesRead(4096))
        #expect(decoder.readAvailable() == .bytesRead(904))
        #expect(decoder.nextEvents() == Array(repeating: character("k"), count: 5000))

        #expect(fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK) == 0)
        #expect(decoder.readAvailable() == .nothing)

        // A lone Esc read just before end of input is still delivered by a flush.
        write([0x1B])
        close(writeEnd)
        #expect(decoder.readAvailable() == .bytesRead(1))
        // End of input comes once no process holds the write end: a child that a test running
        // alongside spawns holds a copy between its fork and its exec (close-on-exec closes it
        // only then), so the read may find "nothing yet" first. Wait for it as a run loop would.
        var result = decoder.readAvailable()
        let deadline = Date().addingTimeInterval(10)
        while result == .nothing, Date() < deadline {
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 100)
            result = decoder.readAvailable()
        }
        #expect(result == .endOfInput)
        #expect(decoder.isAtEndOfInput)
        #expect(decoder.nextEvents() == [])
        #expect(decoder.flushPending() == [key(.escape)])
    }

    // MARK: Bracketed paste

    @Test("A bracketed paste is one event, in order with the keys around it")
    func bracketedPasteIsOneEventInOrder() throws {
        #expect(
            try decode("a\(esc)[200~hello world\(esc)[201~b")
                == [character("a"), .paste("hello world"), character("b")])
        #expect(try decode("\(esc)[200~日本語 🍵 👨‍👩‍👧 e\u{301}\(esc)[201~") == [.paste("日本語 🍵 👨‍👩‍👧 e\u{301}")])
        #expect(try decode("\(esc)[200~\(esc)[201~") == [.paste("")])
        #expect(
            try decode("\(esc)[A\(esc)[200~x\(esc)[201~\(esc)[200~y\(esc)[201~\(esc)[B")
                == [key(.up), .paste("x"), .paste("y"), key(.down)], "two pastes in a row stay apart and in order")
    }

    @Test("Inside a paste nothing is a key: q, escape sequences, controls and a start marker are text")
    func pastedBytesAreNeverKeys() throws {
        let hostile = "q\u{3}\(esc)[A\(esc)]0;title\u{7}\(esc)[200~\u{7F}\(esc)[20x"
        #expect(try decode("\(esc)[200~\(hostile)\(esc)[201~") == [.paste(hostile)])
        // The end marker split over two pushes still ends it.
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[200~ab\(esc)[20".utf8))
        #expect(decoder.nextEvents() == [])
        #expect(decoder.hasPendingSequence)
        decoder.push(Array("1~c".utf8))
        #expect(decoder.nextEvents() == [.paste("ab"), character("c")])
        #expect(!decoder.hasPendingSequence)
    }

    @Test("A paste whose text ends in Esc (or in part of an end marker) still ends at its end marker")
    func aPasteEndingInEscapeEndsAtItsMarker() throws {
        #expect(try decode("\(esc)[200~abc\(esc)\(esc)[201~d") == [.paste("abc\(esc)"), character("d")])
        #expect(try decode("\(esc)[200~\(esc)\(esc)\(esc)[201~") == [.paste("\(esc)\(esc)")])
        #expect(try decode("\(esc)[200~x\(esc)[20\(esc)[201~y") == [.paste("x\(esc)[20"), character("y")])
        // The Esc at the end of one read, the marker in the next; and byte by byte.
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[200~abc\(esc)".utf8))
        #expect(decoder.nextEvents() == [])
        decoder.push(Array("\(esc)[201~d".utf8))
        #expect(decoder.nextEvents() == [.paste("abc\(esc)"), character("d")])
        for byte in Array("\(esc)[200~e\(esc)\(esc)[201~f".utf8) { decoder.push([byte]) }
        #expect(decoder.nextEvents() == [.paste("e\(esc)"), character("f")])
        #expect(!decoder.hasPendingSequence)
    }

    @Test("Pasted line breaks are \\n; invalid UTF-8 becomes U+FFFD")
    func pastedLineBreaksAndInvalidBytes() throws {
        #expect(try decode("\(esc)[200~one\rtwo\r\nthree\nfour\(esc)[201~") == [.paste("one\ntwo\nthree\nfour")])
        let bytes: [UInt8] = Array("\(esc)[200~a".utf8) + [0xFF, 0xC3] + Array("b\(esc)[201~".utf8)
        #expect(try decode(bytes) == [.paste("a\u{FFFD}\u{FFFD}b")])
    }

    @Test("A paste whose end marker never comes ends at the flush, and later keys are keys again")
    func aPasteWithoutItsEndMarkerEndsAtTheFlush() throws {
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[200~lost end\(esc)[2".utf8))
        #expect(decoder.nextEvents() == [])
        #expect(decoder.hasPendingSequence)
        #expect(decoder.pendingWaitTime == decoder.pasteWaitTime, "a paste waits longer than a lone Esc")
        #expect(decoder.flushPending() == [.paste("lost end\(esc)[2")])
        #expect(!decoder.hasPendingSequence)
        #expect(decoder.pendingWaitTime == decoder.escapeWaitTime)
        decoder.push(Array("q\(esc)[A".utf8))
        #expect(decoder.nextEvents() == [character("q"), key(.up)])
        // A stray end marker is dropped.
        #expect(try decode("x\(esc)[201~y") == [character("x"), character("y")])
    }

    @Test("An Esc typed right before a paste stays a key")
    func escapeBeforeAPaste() throws {
        let decoder = try makeDecoder()
        decoder.push([0x1B])
        #expect(decoder.nextEvents() == [])
        decoder.push(Array("\(esc)[200~p\(esc)[201~".utf8))
        #expect(decoder.nextEvents() + decoder.flushPending() == [key(.escape), .paste("p")])
    }

    @Test("A huge paste keeps its first MiB, fed in chunks, and the keys after it still decode")
    func aHugePasteIsCappedAndTheInputGoesOn() throws {
        let decoder = try makeDecoder()
        decoder.push(Array("\(esc)[200~".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        for _ in 0..<40 { decoder.push(chunk) }  // 2.5 MiB
        #expect(decoder.nextEvents() == [])
        decoder.push(Array("\(esc)[201~z".utf8))
        let events = decoder.nextEvents()
        #expect(events.count == 2)
        guard case .paste(let text)? = events.first else {
            Issue.record("no paste: \(events.prefix(3))")
            return
        }
        #expect(text.utf8.count == KeyDecoder.maximumPasteLength)
        #expect(text.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(events.last == character("z"))
    }

    /// The kitty keyboard protocol with "disambiguate" on (what the session pushes when the
    /// terminal has it): keys that were ambiguous arrive as `CSI code ; modifiers u`, complete,
    /// so nothing waits.
    @Test(
        "kitty keyboard protocol, disambiguated keys",
        arguments: [
            ("\(esc)[27u", key(.escape)),
            ("\(esc)[13;2u", key(.enter, .shift)),
            ("\(esc)[13;5u", key(.enter, .ctrl)),
            ("\(esc)[105;5u", character("i", .ctrl)),
            ("\(esc)[9;5u", key(.tab, .ctrl)),
            ("\(esc)[97;3u", character("a", .alt)),
            ("\(esc)[47;5u", character("/", .ctrl)),
            ("\(esc)[47;3u", character("/", .alt)),
            ("\(esc)[27;3u", key(.escape, .alt)),
            ("\(esc)[127;5u", key(.backspace, .ctrl))
        ])
    func kittyDisambiguatedKeys(bytes: String, expected: InputEvent) throws {
        try expectDecodedAtOnce(bytes, as: expected)
    }

    /// kitty's functional keys that have no legacy encoding come as private-use codes: Menu,
    /// F13 and beyond and the keypad become Shoji's keys; the rest (media, Caps Lock, lone
    /// modifiers) are dropped, never typed as private-use characters.
    @Test(
        "kitty keyboard protocol, functional keys in the private-use area",
        arguments: [
            ("\(esc)[57363u", key(.menu)),
            ("\(esc)[57363;2u", key(.menu, .shift)),
            ("\(esc)[57376u", key(.function(13))),
            ("\(esc)[57398u", key(.function(35))),
            ("\(esc)[57399u", character("0")),
            ("\(esc)[57413u", character("+")),
            ("\(esc)[57414u", key(.enter)),
            ("\(esc)[57419;5u", key(.up, .ctrl))
        ])
    func kittyFunctionalKeys(bytes: String, expected: InputEvent) throws {
        try expectDecodedAtOnce(bytes, as: expected)
    }

    @Test("kitty's media, lock and modifier keys are dropped and the next key decodes")
    func kittyKeysWithoutAShojiKeyAreDropped() throws {
        let decoder = try makeDecoder()
        // Caps Lock, play, mute, left Shift, the last of the range; then "x".
        decoder.push(Array("\(esc)[57358u\(esc)[57428u\(esc)[57440u\(esc)[57441u\(esc)[57454ux".utf8))
        #expect(decoder.nextEvents() == [character("x")])
    }

    /// `bytes` decode to `expected` and nothing waits for more.
    private func expectDecodedAtOnce(_ bytes: String, as expected: InputEvent) throws {
        let decoder = try makeDecoder()
        decoder.push(Array(bytes.utf8))
        #expect(decoder.nextEvents() == [expected])
        #expect(!decoder.hasPendingSequence, "complete: no wait for more")
    }

    /// xterm's modifyOtherKeys form (`CSI 27 ; modifiers ; code ~`, formatOtherKeys 0), which an
    /// outer xterm sends to tmux and xterm itself sends at level 1 or 2: the same keys as
    /// the kitty protocol's `CSI code ; modifiers u` (tmux passes them on in that form).
    @Test(
        "modifyOtherKeys, xterm's form",
        arguments: [
            ("\(esc)[27;2;13~", key(.enter, .shift)),
            ("\(esc)[27;5;13~", key(.enter, .ctrl)),
            ("\(esc)[27;5;105~", character("i", .ctrl)),
            ("\(esc)[27;5;9~", key(.tab, .ctrl)),
            ("\(esc)[27;3;97~", character("a", .alt)),
            ("\(esc)[27;6;65~", character("A", .ctrl)),
            ("\(esc)[27;5;127~", key(.backspace, .ctrl))
        ])
    func modifyOtherKeys(bytes: String, expected: InputEvent) throws {
        try expectDecodedAtOnce(bytes, as: expected)
    }

    /// The protocol's event types (flag 2, pushed while releases are wanted): a repeat is a
    /// press, a release is the same key let go; alternate key codes are ignored.
    @Test(
        "kitty keyboard protocol, event types",
        arguments: [
            ("\(esc)[27;1:3u", .keyRelease(KeyEvent(.escape))),
            ("\(esc)[27;1:1u", key(.escape)),
            ("\(esc)[97;5:3u", .keyRelease(.ctrl("a"))),
            ("\(esc)[97:65;6:3u", .keyRelease(KeyEvent(.character("A"), modifiers: .ctrl))),
            ("\(esc)[13;2:3u", .keyRelease(KeyEvent(.enter, modifiers: .shift))),
            ("\(esc)[1;1:3A", .keyRelease(KeyEvent(.up))),
            ("\(esc)[1;5:2B", key(.down, .ctrl)),
            ("\(esc)[3;1:3~", .keyRelease(KeyEvent(.delete))),
            ("\(esc)[15;3:3~", .keyRelease(KeyEvent(.function(5), modifiers: .alt)))
        ] as [(String, InputEvent)])
    func kittyEventTypes(bytes: String, expected: InputEvent) throws {
        try expectDecodedAtOnce(bytes, as: expected)
    }

    @Test func aHeldKeyIsPressesThenOneReleaseInOrder() throws {
        let events = try decode("\(esc)[1;1A\(esc)[1;1:2A\(esc)[1;1:2Ax\(esc)[1;1:3A\(esc)[27u")
        #expect(events == [key(.up), key(.up), key(.up), character("x"), .keyRelease(KeyEvent(.up)), key(.escape)])
    }

    /// What no terminal sends for a key: an unknown event type, sub-parameters where Shoji
    /// asked for none, modifiers that reach the bit a release is marked with (or 0, which
    /// libtermkey reads as every bit), an overlong number. Each is dropped; the key after it
    /// still decodes.
    @Test(
        "kitty keyboard protocol, malformed event types are dropped",
        arguments: [
            "\(esc)[1;1:4A", "\(esc)[1;1:0A", "\(esc)[1;1:3:3A", "\(esc)[1;:3A", "\(esc)[1;1:A",
            "\(esc)[97;1;97:98u", "\(esc)[97:-;1:3u", "\(esc)[97:1:2:3;1:3u", "\(esc)[1;513A", "\(esc)[1;1025:3A",
            "\(esc)[1;0:3A", "\(esc)[1;1:3333333333A", "\(esc)[<1;1:3M", "\(esc)[?1;1:3u"
        ])
    func malformedKittyEventTypes(bytes: String) throws {
        #expect(try decode(bytes + "\(esc)[B") == [key(.down)], "\(bytes.debugDescription)")
    }

    @Test(
        "Kitty-shaped garbage: sub-parameters and event types in every order, no trap, no hang",
        .timeLimit(.minutes(5)), arguments: [11, 12] as [UInt64])
    func kittyShapedGarbage(seed: UInt64) throws {
        let fragments: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], Array(":".utf8), Array("::".utf8), Array(";".utf8), Array("1".utf8),
            Array("3".utf8), Array("27".utf8), Array("513".utf8), Array("999999999999".utf8), Array("u".utf8),
            Array("A".utf8), Array("~".utf8), Array("<".utf8), Array("?".utf8), Array("M".utf8), Array("é".utf8)
        ]
        var generator = SeededGenerator(seed: seed)
        let decoder = try makeDecoder()
        for _ in 0..<300 {
            var chunk: [UInt8] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                chunk += fragments.randomElement(using: &generator)!
            }
            decoder.push(chunk)
            _ = decoder.nextEvents()
            if Bool.random(using: &generator) { _ = decoder.flushPending() }
        }
        _ = decoder.flushPending()
        decoder.push(Array("\(esc)[1;1:3A日".utf8))
        #expect(decoder.nextEvents() == [.keyRelease(KeyEvent(.up)), character("日")])
    }
}
