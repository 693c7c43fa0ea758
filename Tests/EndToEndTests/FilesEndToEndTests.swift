import Foundation
import Testing

/// The `files` pane of the real `shoji-demo` in tmux, over a directory tree the test writes: a
/// directory expanded with Right and its entry selected (the status line names it by its path
/// below the tree), `*` expanding everything below, Left collapsing, and a symbolic link shown,
/// not followed.
@Suite(.timeLimit(.minutes(2)))
struct FilesEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// A directory tree (`docs/guide/intro.md`, `docs/notes.txt`, `src/main.swift`,
    /// `readme.md`, a link `latest` to `docs`) and a menu file with one `files` item over it.
    private func scratch() throws -> (root: String, menu: String) {
        let manager = FileManager.default
        let root = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-files"
        try manager.createDirectory(atPath: root + "/docs/guide", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try "# Intro\n".write(toFile: root + "/docs/guide/intro.md", atomically: true, encoding: .utf8)
        try "notes".write(toFile: root + "/docs/notes.txt", atomically: true, encoding: .utf8)
        try "print(1)\n".write(toFile: root + "/src/main.swift", atomically: true, encoding: .utf8)
        try "read me".write(toFile: root + "/readme.md", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/latest", withDestinationPath: "docs")
        let menu = root + ".json"
        let json = #"{"title": "M", "items": [{"title": "Files", "kind": "files", "path": "\#(root)"}]}"#
        try json.write(toFile: menu, atomically: true, encoding: .utf8)
        return (root, menu)
    }

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The outline's rows under its header: the Name cell of each, trailing blanks cut.
    private func names(_ screen: String) -> [String] {
        let lines = rows(screen)
        guard let header = lines.firstIndex(where: { $0.contains("Name") && $0.contains("Kind") }) else { return [] }
        return lines[(header + 1)...].compactMap { line in
            let cells = line.split(separator: "│", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { return nil }
            return String(cells[0].reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test func expandCollapseAndSelectInADirectoryTree() throws {
        let (root, menu) = try scratch()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: menu)
        }
        let tmux = try TmuxSession([demoBinary(), "--menu", menu], width: 80, height: 20, environment: environment)
        defer { tmux.close() }
        let first = try tmux.waitFor {
            self.names($0).prefix(4) == ["▸ docs", "  latest → docs", "  readme.md", "▸ src"]
        }
        #expect(first.contains("Selected: docs · "))
        #expect(!first.contains(root), "no absolute path on screen")

        try tmux.send("Right")
        try tmux.waitFor { self.names($0).prefix(4) == ["▾ docs", "  ▸ guide", "    notes.txt", "  latest → docs"] }
        try tmux.send("Right")
        let child = try tmux.waitFor("Selected: docs/guide · ")
        #expect(rows(child).contains { $0.contains("guide") && $0.contains("directory") })

        try tmux.send("Up", "*")
        let all = try tmux.waitFor {
            self.names($0).prefix(5) == ["▾ docs", "  ▾ guide", "      intro.md", "    notes.txt", "  latest → docs"]
        }
        #expect(all.contains("Selected: docs · "))

        try tmux.send("Down", "Down", "Down")
        try tmux.waitFor("Selected: docs/notes.txt · ")
        try tmux.send("Left")
        try tmux.waitFor("Selected: docs · ")
        try tmux.send("Left")
        let collapsed = try tmux.waitFor {
            self.names($0).prefix(4) == ["▸ docs", "  latest → docs", "  readme.md", "▸ src"]
        }
        #expect(collapsed.contains("Selected: docs · "))

        try tmux.send("Down")
        try tmux.send("Right")
        try tmux.waitFor("Selected: latest · ")
        #expect(
            names(try tmux.capture()).prefix(3) == ["▸ docs", "  latest → docs", "  readme.md"],
            "a link is not followed")
        #expect(!(try tmux.capture()).contains(root))
    }
}
