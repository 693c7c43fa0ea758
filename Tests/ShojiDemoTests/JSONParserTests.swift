import Testing
@testable import ShojiDemoKit

/// The strict JSON parser under the menu file: what it accepts, and that no input makes it
/// trap or recurse without bound.
struct JSONParserTests {
    private func value(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func content(_ text: String) throws -> JSONValue.Content { try value(text).content }

    private func error(_ text: String) -> JSONParser.SyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        #expect(try content("null") == .null)
        #expect(try content(" true ") == .bool(true))
        #expect(try content("false") == .bool(false))
        #expect(try content("-12.5e2") == .number(-1250))
        #expect(try content("0") == .number(0))
        #expect(try content("1E+2") == .number(100))
        #expect(try content("[]") == .array([]))
        #expect(try content("{}") == .object(JSONObject()))
        let object = try value(#"{"a": [1, "x"], "b": {}}"#)
        #expect(
            object["a"]?.content
                == .array([JSONValue(content: .number(1), offset: 7), JSONValue(content: .string("x"), offset: 10)]))
        #expect(object["b"]?.offset == 21)
        #expect(object["c"] == nil)
    }

    @Test func stringEscapesAndSurrogatePairs() throws {
        #expect(try content(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try content(#""\u00e9\u65E5\ud83c\udf75""#) == .string("é日🍵"))
        #expect(try content(#""\u0000""#) == .string("\u{0}"))
        #expect(try content("\"日本語 ☕\"") == .string("日本語 ☕"))
        #expect(error(#""\ud83c\u0041""#)?.message == #"\u0041 cannot follow the high surrogate \uD83C"#)
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).offset == 3)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF]) }
    }

    @Test func rejectsWhatRFC8259Rejects() {
        for text in [
            "[1,]", "{'a': 1}", "{a: 1}", "NaN", "[01]", "[1.]", "[.5]", "[1e]", "[-]", "[+1]", "// c\n[]", "[1] [2]",
            "\"\u{1}\"", "[True]", "[nul]", "[truex]", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "[1 2]", "\"abc", "[\"\\"
        ] {
            #expect(error(text) != nil, "\(text.debugDescription) must be rejected")
        }
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(
            error(deep)
                == JSONParser.SyntaxError(
                    offset: JSONParser.maximumDepth,
                    message: "arrays and objects nested deeper than \(JSONParser.maximumDepth) levels"))
        let fine =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(error(fine) == nil)
    }

    @Test func utf8ValidationFindsTheFirstBadByte() {
        #expect(JSONParser.firstInvalidUTF8Offset(in: Array("ok é 日 🍵".utf8)) == nil)
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0x61, 0x80]) == 1, "a lone continuation byte")
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0xC1, 0xBF]) == 0, "overlong")
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0xE0, 0x80, 0x80]) == 0, "overlong")
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0xED, 0xA0, 0x80]) == 0, "a surrogate")
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0xF4, 0x90, 0x80, 0x80]) == 0, "above U+10FFFF")
        #expect(JSONParser.firstInvalidUTF8Offset(in: [0x61, 0xF0, 0x9F, 0x8D]) == 1, "cut short")
    }

    @Test func textPositionsCountScalarsNotBytes() {
        let bytes = Array("ab\n日本x\r\ny".utf8)
        #expect(TextPosition(offset: 0, in: bytes) == TextPosition(line: 1, column: 1))
        #expect(TextPosition(offset: 3, in: bytes) == TextPosition(line: 2, column: 1))
        #expect(TextPosition(offset: 9, in: bytes) == TextPosition(line: 2, column: 3), "after two 3-byte characters")
        #expect(TextPosition(offset: bytes.count - 1, in: bytes) == TextPosition(line: 3, column: 1))
        #expect(TextPosition(offset: 1_000, in: bytes) == TextPosition(line: 3, column: 2), "clamped to the end")
    }
}
