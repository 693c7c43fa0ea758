import Glibc
import Shoji
import ShojiTesting
import Testing

@testable import ShojiDemoKit

/// The `files` kind: its menu rules, and the pane over a real temporary directory (links not
/// followed, unreadable entries shown as such, directories read once when expanded).
@MainActor
struct FilesPaneTests {
    /// A fresh directory holding `b.txt` (5 bytes), `a/` (with `inner.txt`), `c/` (empty), a
    /// link `link` to `a` and a FIFO `pipe`; removed at the end of the test by `remove()`.
    final class Scratch {
        let path: String

        init() throws {
            var template = Array("/tmp/shoji-files-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            path = String(cString: try #require(made))
            try write("b.txt", "hello")
            #expect(mkdir(path + "/a", 0o755) == 0 && mkdir(path + "/c", 0o755) == 0)
            try write("a/inner.txt", "inner text")
            #expect(symlink("a", path + "/link") == 0 && mkfifo(path + "/pipe", 0o644) == 0)
        }

        func write(_ name: String, _ text: String) throws {
            let file = try #require(fopen(path + "/" + name, "w"))
            fputs(text, file)
            fclose(file)
        }

        func remove() {
            for name in ["a/inner.txt", "b.txt", "link", "pipe"] { unlink(path + "/" + name) }
            for name in ["a", "c", ""] { rmdir(path + "/" + name) }
        }
    }

    func show(_ pane: FilesPane) -> Pilot {
        let pilot = Pilot(Window(rootViewController: pane), size: Size(width: 50, height: 10))
        pilot.settle()
        return pilot
    }

    @Test func entriesAreSortedLinksShownNotFollowedAndDirectoriesReadWhenExpanded() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let pane = FilesPane(title: "Files", path: scratch.path)
        let pilot = show(pane)
        let lines = pilot.lines
        #expect(lines[0].hasPrefix("Name") && lines[0].contains("Size") && lines[0].contains("Kind"))
        #expect(lines[1].hasPrefix("▸ a ") && lines[1].contains("│directory"))
        #expect(lines[2].hasPrefix("  b.txt ") && lines[2].contains("    5 B│file"))
        #expect(lines[3].hasPrefix("▸ c "))
        #expect(lines[4].hasPrefix("  link → a ") && lines[4].contains("│link"), "a link, not followed")
        #expect(lines[5].hasPrefix("  pipe ") && lines[5].contains("│special"))
        #expect(pilot.line(9).hasPrefix("Selected: a · "), "the path below the directory, never absolute")
        pilot.press(.right)
        pilot.press(.right)
        pilot.settle()
        #expect(pilot.line(2).hasPrefix("    inner.txt ") && pilot.line(2).contains("10 B│file"))
        #expect(pilot.line(9).hasPrefix("Selected: a/inner.txt · "))
        #expect(!pilot.text.contains(scratch.path))
        pilot.press(.left)
        pilot.press(.left)
        pilot.settle()
        #expect(pilot.line(2).hasPrefix("  b.txt ") && pilot.line(9).hasPrefix("Selected: a · "))
        pane.outlineView.selectedRow = 3
        pilot.press(.right)
        #expect(!pane.outlineView.isItemExpanded(pane.outlineView.item(atRow: 3)!), "a link does not expand")
    }

    /// Creates the directory `name` (bytes, maybe not UTF-8) in `directory`, holding `inner.txt`.
    func makeDirectory(_ name: [UInt8], in directory: String) throws -> [UInt8] {
        let path = Array((directory + "/").utf8) + name
        #expect(FileEntry.withCString(path) { mkdir($0, 0o755) } == 0)
        let inner = FileEntry.withCString(path + Array("/inner.txt".utf8)) { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(inner >= 0)
        close(inner)
        return path
    }

    /// Removes what `makeDirectory` made.
    func removeDirectory(_ path: [UInt8]) {
        _ = FileEntry.withCString(path + Array("/inner.txt".utf8)) { unlink($0) }
        _ = FileEntry.withCString(path) { rmdir($0) }
    }

    @Test func namesThatAreNotUTF8OpenByTheirOwnBytesAndShowSafely() throws {
        var template = Array("/tmp/shoji-names-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let root = String(cString: try #require(made))
        // Two names that decode alike ("d\u{FFFD}"), and one with an escape and a newline.
        let first = try makeDirectory([0x64, 0xFE], in: root)
        let second = try makeDirectory([0x64, 0xFF], in: root)
        let hostile = try makeDirectory(Array("e\u{1B}[31m\nx".utf8), in: root)
        defer {
            for path in [first, second, hostile] { removeDirectory(path) }
            rmdir(root)
        }
        let entries = try #require(FileEntry.entries(ofDirectory: Array(root.utf8)))
        #expect(Set(entries).count == 3, "two names shown alike are two items of the outline")
        let pane = FilesPane(title: "Files", path: root)
        let pilot = show(pane)
        #expect(pilot.line(1).hasPrefix("▸ d\u{FFFD} ") && pilot.line(2).hasPrefix("▸ d\u{FFFD} "))
        #expect(pilot.line(1).contains("│directory") && pilot.line(2).contains("│directory"))
        #expect(pilot.line(3).hasPrefix("▸ e"), "the hostile name stays on its row")
        #expect(!pilot.text.contains("\u{1B}") && !pilot.line(4).contains("x"))
        pane.outlineView.selectedRow = 1
        pilot.press(.right)
        pilot.settle()
        #expect(pilot.line(2).hasPrefix("▾ d\u{FFFD} ") && pilot.line(3).hasPrefix("    inner.txt "))
        #expect(pilot.line(1).hasPrefix("▸ d\u{FFFD} "), "the other name is another entry, still collapsed")
        pilot.press(.down)
        pilot.settle()
        #expect(pilot.line(9).hasPrefix("Selected: d\u{FFFD}/inner.txt · "), "the selection stayed on its entry")
        pane.outlineView.reloadData()
        pilot.settle()
        #expect(pilot.line(1).hasPrefix("▸ d\u{FFFD} ") && pilot.line(2).hasPrefix("▾ d\u{FFFD} "), "kept by identity")
        #expect(pane.outlineView.selectedRow == 2)
        pane.outlineView.selectedRow = 4
        pilot.press(.right)
        pilot.settle()
        #expect(pilot.line(5).hasPrefix("    inner.txt "), "the hostile name opens too")
    }

    @Test func aDirectoryGoneBeforeItIsExpandedShowsUnreadable() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let pane = FilesPane(title: "Files", path: scratch.path)
        let pilot = show(pane)
        #expect(rmdir(scratch.path + "/c") == 0)
        pane.outlineView.selectedRow = 2
        pilot.press(.right)
        pilot.settle()
        #expect(pilot.line(3).hasPrefix("▾ c ") && pilot.line(3).contains("│unreadable"))
        #expect(pilot.line(4).hasPrefix("  link"), "expanded to nothing")
    }

    @Test func anUnreadableRootSaysSo() {
        let pane = FilesPane(title: "Files", path: "/nonexistent/shoji-files")
        let pilot = show(pane)
        #expect(pilot.line(9).hasPrefix("The directory cannot be read · "))
        #expect(pane.outlineView.numberOfRows == 0)
    }

    @Test func sizesAreShortened() {
        #expect(FileEntry.formatted(0) == "0 B" && FileEntry.formatted(1_023) == "1023 B")
        #expect(FileEntry.formatted(1_536) == "1.5 KB" && FileEntry.formatted(20 * 1_024 * 1_024) == "20 MB")
    }

    @Test func theFilesKindNeedsAPath() throws {
        func item(_ json: String) -> String {
            menuMessage(#"{"title": "M", "items": [{"title": "T", "kind": "text", "text": "x"}, "# + json + "]}")
        }
        let menu = try parseMenu(#"{"title": "M", "items": [{"title": "F", "kind": "files", "path": "src"}]}"#)
        #expect(menu.items.map(\.kind) == [.files(path: "src")])
        #expect(
            item(#"{"title": "F", "kind": "files"}"#)
                == #"menu.json:1:71: item 2 ("F"): missing "path" (the directory a files item browses)"#)
        #expect(
            item(#"{"title": "F", "kind": "files", "path": 3}"#)
                == #"menu.json:1:111: item 2 ("F"): "path" must be a string naming a directory, found a number"#)
        #expect(item(#"{"title": "F", "kind": "files", "path": "  "}"#).hasSuffix(#""path" is empty"#))
        #expect(item(#"{"title": "F", "kind": "files", "path": "a\u0000b"}"#).hasSuffix("which no file name can hold"))
        let long = String(repeating: "d", count: MenuItem.Kind.maximumPathLength + 1)
        #expect(
            item(#"{"title": "F", "kind": "files", "path": ""# + long + #""}"#).hasSuffix("at most 4095 are allowed"))
        #expect(item(#"{"title": "F", "kind": "text", "text": "x", "path": "p"}"#).contains(#"unknown key "path""#))
    }
}
