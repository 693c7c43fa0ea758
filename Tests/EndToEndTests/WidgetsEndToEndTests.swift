import Foundation
import Testing

/// The `widgets` pane of the real `shoji-demo` in tmux: chosen in the side menu, its switch,
/// segmented control and stepper changed by keys (their value lines follow), its spinner
/// stepping while shown; the same pane in ASCII (`SHOJI_GLYPHS=ascii`); and its table of
/// 100,000 rows filtered by a typed search and sorted by a column with `s` and `S`.
@Suite(.timeLimit(.minutes(2)))
struct WidgetsEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The index of the first `widgets` item in `Resources/menu.json`.
    static let widgetsIndex =
        DemoEndToEndTests.builtInMenuItems().firstIndex { $0["kind"] as? String == "widgets" } ?? -1

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The row holding `text`, if any.
    private func row(containing text: String, in screen: String) -> String? {
        rows(screen).first { $0.contains(text) }
    }

    /// A menu file of one `widgets` item, written to a temporary file; remove it when done.
    static func widgetsOnlyMenu() throws -> String {
        let menu = #"{"title": "M", "items": [{"title": "Widgets", "kind": "widgets"}]}"#
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-widgets.json"
        try menu.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The table's header row (the row holding "Name" and "Modified"), if it shows.
    private func tableHeader(_ screen: String) -> String? {
        rows(screen).first { $0.contains("Name") && $0.contains("Modified") }
    }

    /// The table's rows on `screen` under its header: each row's number and name, as shown.
    private func tableRows(_ screen: String) -> [(number: String, name: String)] {
        let lines = rows(screen)
        guard let header = lines.firstIndex(where: { $0.contains("Name") && $0.contains("Modified") }) else {
            return []
        }
        return lines[(header + 1)...].compactMap { line in
            let cells = line.split(separator: "│", omittingEmptySubsequences: false)
            guard cells.count >= 4 else { return nil }
            let trim = { (cell: Substring) in String(cell.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            return (trim(cells[0]), trim(cells[1]))
        }
    }

    /// The spinner's cell: the character before its line's text.
    private func spinnerFrame(_ screen: String) -> Character? {
        guard let line = row(containing: "spins while", in: screen), let end = line.range(of: "  spins while") else {
            return nil
        }
        return line[..<end.lowerBound].last
    }

    @Test func theControlsChangeByKeysAndTheSpinnerStepsWhileShown() throws {
        #expect(Self.widgetsIndex >= 0, "the built-in menu has a widgets pane")
        let tmux = try TmuxSession([demoBinary()], width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        for _ in 0..<Self.widgetsIndex { try tmux.send("Down") }
        try tmux.send("Enter")
        let shown = try tmux.waitFor {
            $0.contains("[● OFF]  Notifications off") && self.rows($0).first?.hasPrefix(" [Menu]") == true
        }
        #expect(row(containing: "Segments", in: shown)?.contains("[ Small | Medium | Large ]  Size: Medium") == true)
        #expect(row(containing: "Stepper", in: shown)?.contains("[ - | + ]  Copies: 1") == true)

        // The spinner steps on its own while the pane shows.
        var frames = Set<Character>()
        let deadline = Date().addingTimeInterval(5)
        while frames.count < 3 && Date() < deadline {
            if let frame = spinnerFrame(try tmux.capture()) { frames.insert(frame) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(frames.count >= 3 && frames.isSubset(of: Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")), "frames seen: \(frames)")

        // Beside the controls, the bar chart of the rows' sizes and the load, a value a second.
        #expect(row(containing: " B    KB   MB   GB", in: try tmux.capture()) != nil)
        try tmux.waitFor { screen in
            (self.row(containing: "Load", in: screen)?.count { "▁▂▃▄▅▆▇█".contains($0) } ?? 0) >= 2
        }

        // The switch has the focus: Space flips it.
        try tmux.send("Space")
        try tmux.waitFor { $0.contains("[ ON ●]  Notifications on") }
        // Tab to the segmented control: Right chooses Large.
        try tmux.send("Tab")
        try tmux.send("Right")
        try tmux.waitFor { self.row(containing: "Segments", in: $0)?.contains("Size: Large") == true }
        // Tab to the stepper: + + then Left.
        try tmux.send("Tab")
        try tmux.sendLiteral("++")
        try tmux.waitFor { self.row(containing: "Stepper", in: $0)?.contains("Copies: 3") == true }
        try tmux.send("Left")
        try tmux.waitFor { self.row(containing: "Stepper", in: $0)?.contains("Copies: 2") == true }

        // Another entry: the widgets pane leaves the screen.
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        for _ in 0..<Self.widgetsIndex { try tmux.send("Up") }
        try tmux.send("Enter")
        try tmux.waitFor { !$0.contains("spins while") && self.rows($0).first?.hasPrefix(" [Menu]") == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func asciiGlyphsDrawTheBarInHashesAndTheSpinnerAsALine() throws {
        let path = try Self.widgetsOnlyMenu()
        defer { unlink(path) }
        var ascii = environment
        ascii["SHOJI_GLYPHS"] = "ascii"
        let tmux = try TmuxSession([demoBinary(), "--menu", path], width: 80, height: 24, environment: ascii)
        let first = try tmux.waitFor { self.row(containing: "Progress", in: $0)?.contains("##") == true }
        let bar = try #require(row(containing: "Progress", in: first))
        #expect(bar.contains("##--") && !bar.contains("█") && !bar.contains("─"), "the bar in ASCII: \(bar)")
        #expect(row(containing: "Switch", in: first)?.contains("[# OFF]") == true)
        var frames = Set<Character>()
        let deadline = Date().addingTimeInterval(5)
        while frames.count < 3 && Date() < deadline {
            if let frame = spinnerFrame(try tmux.capture()) { frames.insert(frame) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(frames.count >= 3 && frames.isSubset(of: Set("|/-\\")), "frames seen: \(frames)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func aTypedSearchFiltersTheTableAndTheSortKeysReorderIt() throws {
        let path = try Self.widgetsOnlyMenu()
        defer { unlink(path) }
        let tmux = try TmuxSession([demoBinary(), "--menu", path], width: 80, height: 24, environment: environment)
        let first = try tmux.waitFor { !self.tableRows($0).isEmpty && $0.contains("100,000 rows") }
        #expect(tableRows(first).prefix(3).map(\.number) == ["1", "2", "3"], "by number at first")
        #expect(tableHeader(first)?.contains("# ▲") == true)

        // Tab past the switch, the segmented control, the stepper and Restart to the search
        // field; the rows change once the typing pauses.
        try tmux.send("Tab", "Tab", "Tab", "Tab")
        try tmux.sendLiteral("rabo")
        let filtered = try tmux.waitFor { $0.contains(" of 100,000 rows") }
        let count = row(containing: " of 100,000 rows", in: filtered)?.split(separator: " ").dropLast(3).last
        #expect(
            count.flatMap { Int($0) }.map { $0 > 0 && $0 < 1000 } == true,
            "matches counted: \(String(describing: count))")
        let matches = tableRows(filtered)
        #expect(matches.count >= 5 && matches.allSatisfy { $0.name.lowercased().contains("rabo") }, "\(matches)")

        // Tab to the table: nothing is selected yet, so its header shows the focus (reverse
        // video); s sorts by the next column (Name), S the other way.
        let headerBefore = try #require(
            try tmux.captureStyled().split(separator: "\n").first { $0.contains("Name") && $0.contains("Modified") })
        #expect(!headerBefore.contains("7m"), "the search field has the focus: \(headerBefore.debugDescription)")
        try tmux.send("Tab")
        let focusedHeader = try tmux.waitFor(timeout: 5) { _ in
            let styled = (try? tmux.captureStyled()) ?? ""
            return styled.split(separator: "\n").contains {
                $0.contains("Name") && $0.contains("Modified") && $0.contains("7m")
            }
        }
        #expect(tableHeader(focusedHeader) != nil, "the focused table's header shows the focus")
        try tmux.send("s")
        let ascending = try tmux.waitFor { self.tableHeader($0)?.contains("Name ▲") == true }
        let up = tableRows(ascending).map(\.name)
        #expect(up.count >= 5 && up == up.sorted(), "A to Z: \(up)")
        #expect(up.allSatisfy { $0.lowercased().contains("rabo") }, "still filtered: \(up)")
        try tmux.send("S")
        let descending = try tmux.waitFor { self.tableHeader($0)?.contains("Name ▼") == true }
        let down = tableRows(descending).map(\.name)
        #expect(down.count >= 5 && down == down.sorted(by: >) && down.first != up.first, "Z to A: \(down)")

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
