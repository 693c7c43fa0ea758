import Foundation
import Testing
@testable import ShojiDemoKit

/// Reading menu files from disk: unreadable files, and the limits that keep a wrong file from
/// costing memory or time.
struct MenuFileLimitsTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "shoji-menu-\(UUID().uuidString).json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func loadMessage(_ path: String) -> String? {
        do {
            _ = try MenuFile.load(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unreadableFilesAreNamedWithTheSystemsReason() throws {
        #expect(loadMessage("/nonexistent/menu.json") == "/nonexistent/menu.json: cannot read the menu file: no such file or directory")
        #expect(loadMessage(NSTemporaryDirectory()) == "\(NSTemporaryDirectory()): cannot read the menu file: is a directory")
        #expect(loadMessage("/tmp/a\u{1B}[2Jb") == #""/tmp/a\u{1B}[2Jb": cannot read the menu file: no such file or directory"#,
                "a file name with control characters is escaped")
    }

    @Test func aTenMegabyteFileIsRefusedQuickly() throws {
        let path = try temporaryFile([UInt8](repeating: 0x20, count: 10_000_000))
        defer { unlink(path) }
        let start = ContinuousClock.now
        #expect(loadMessage(path) == "\(path): the menu file is larger than 1 MiB (1048576 bytes), the most a menu file may hold")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(loadMessage("/dev/zero")?.hasSuffix("the most a menu file may hold") == true, "an endless file is cut off")
        #expect(throws: MenuFileError.self) { try MenuFile.parse([UInt8](repeating: 0x20, count: MenuFile.maximumFileSize + 1), source: "m") }
    }

    @Test func tenThousandItemsAreRefusedWithTheCount() throws {
        let item = #"{"title": "a", "kind": "lifecycle"}"#
        let json = #"{"title": "M", "items": ["# + Array(repeating: item, count: 10_000).joined(separator: ",") + "]}"
        let start = ContinuousClock.now
        do {
            _ = try MenuFile.parse(Array(json.utf8), source: "menu.json")
            Issue.record("10,000 items were accepted")
        } catch {
            #expect(error.description == #"menu.json:1:25: "items" has 10000 items; at most 1000 are allowed"#)
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        let most = #"{"title": "M", "items": ["# + Array(repeating: item, count: MenuFile.maximumItemCount).joined(separator: ",") + "]}"
        #expect(try MenuFile.parse(Array(most.utf8), source: "m").items.count == MenuFile.maximumItemCount)
    }

    @Test func aFileOnDiskLoads() throws {
        let path = try temporaryFile(Array(#"{"title": "M", "items": [{"title": "Café ☕", "kind": "text", "text": "hi"}]}"#.utf8))
        defer { unlink(path) }
        #expect(try MenuFile.load(path: path).items == [MenuItem(title: "Café ☕", kind: .text, text: "hi")])
    }
}
