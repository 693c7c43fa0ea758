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
        #expect(
            loadMessage("/nonexistent/menu.json")
                == "/nonexistent/menu.json: cannot read the menu file: no such file or directory")
        #expect(
            loadMessage(NSTemporaryDirectory())
                == "\(NSTemporaryDirectory()): cannot read the menu file: it is a directory, not a regular file")
        #expect(
            loadMessage("/tmp/a\u{1B}[2Jb")
                == #""/tmp/a\u{1B}[2Jb": cannot read the menu file: no such file or directory"#,
            "a file name with control characters is escaped")
    }

    @Test func aTenMegabyteFileIsRefusedQuickly() throws {
        let path = try temporaryFile([UInt8](repeating: 0x20, count: 10_000_000))
        defer { unlink(path) }
        let start = ContinuousClock.now
        #expect(
            loadMessage(path)
                == "\(path): the menu file is larger than 1 MiB (1048576 bytes), the most a menu file may hold")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(throws: MenuFileError.self) {
            try MenuFile.parse([UInt8](repeating: 0x20, count: MenuFile.maximumFileSize + 1), source: "m")
        }
    }

    /// Devices and sockets are refused before anything is read (a FIFO too: see the end-to-end
    /// tests, where a hang is bounded).
    @Test func onlyRegularFilesAreRead() throws {
        #expect(
            loadMessage("/dev/zero")
                == "/dev/zero: cannot read the menu file: it is a character device, not a regular file")
        #expect(
            loadMessage("/dev/null")
                == "/dev/null: cannot read the menu file: it is a character device, not a regular file")
        let path = NSTemporaryDirectory() + "shoji-menu-\(UUID().uuidString.prefix(8)).sock"
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket); unlink(path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        #expect(loadMessage(path) == "\(path): cannot read the menu file: it is a socket, not a regular file")
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
        let most =
            #"{"title": "M", "items": ["#
            + Array(repeating: item, count: MenuFile.maximumItemCount).joined(separator: ",") + "]}"
        #expect(try MenuFile.parse(Array(most.utf8), source: "m").items.count == MenuFile.maximumItemCount)
    }

    /// 131,000 members in one object fill a 1 MiB file (issue 13 measured 25 s of CPU for one
    /// like it when each key was compared with every key before it). The object is indexed by
    /// key: the duplicate at the end, the first unknown key and any member are found without a
    /// scan.
    @Test func anObjectWithOneHundredThirtyThousandKeysIsKeyedNotScanned() throws {
        // `"xyz":0` for 131,000 different three-letter keys, comma-separated: 1,047,999 bytes.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)
        let count = 131_000
        var members: [UInt8] = []
        members.reserveCapacity(count * 8)
        for n in 0..<count {
            if n > 0 { members.append(UInt8(ascii: ",")) }
            members += [
                UInt8(ascii: "\""), alphabet[n / 4096], alphabet[n / 64 % 64], alphabet[n % 64], UInt8(ascii: "\""),
                UInt8(ascii: ":"), UInt8(ascii: "0")
            ]
        }
        let duplicate: [UInt8] = [UInt8(ascii: "{")] + members + Array(#","aaa":1}"#.utf8)
        #expect(duplicate.count <= MenuFile.maximumFileSize)
        let expected = JSONParser.SyntaxError(
            offset: duplicate.count - 8, message: #"duplicate key "aaa" in the same object"#)
        #expect(throws: expected) { try JSONParser.parse(duplicate) }

        let menu: [UInt8] =
            Array(#"{"title":"M","items":[{"title":"a","kind":"lifecycle"}],"#.utf8) + members + [UInt8(ascii: "}")]
        #expect(menu.count <= MenuFile.maximumFileSize)
        let root = try JSONParser.parse(menu)
        #expect(
            throws: MenuFileError(
                source: "m", line: 1, column: 57,
                reason: #"unknown key "aaa"; expected "title", "items" or "right-items""#)
        ) {
            try MenuFileValidator(bytes: menu, source: "m").menuFile(from: root)
        }
        guard case .object(let object) = root.content else {
            Issue.record("not an object: \(root.typeDescription)")
            return
        }
        #expect(object.count == count + 2)
        #expect(object.members.last?.key == "F_3", "file order is kept")
        #expect(root["items"]?.offset == 21)
        let lastKeyOffset = menu.count - 8  // `"F_3":0}`
        #expect(object["F_3"]?.keyOffset == lastKeyOffset)
        #expect(object["bbb"]?.keyOffset == lastKeyOffset - (count - 1 - (4096 + 64 + 1)) * 8)
    }

    @Test func aFileOnDiskLoads() throws {
        let path = try temporaryFile(
            Array(#"{"title": "M", "items": [{"title": "Café ☕", "kind": "text", "text": "hi"}]}"#.utf8))
        defer { unlink(path) }
        #expect(try MenuFile.load(path: path).items == [MenuItem(title: "Café ☕", kind: .text(lines: nil), text: "hi")])
    }
}
