import Foundation
import Testing

/// The `tabs` pane of the real `shoji-demo` in tmux: a tab bar controller inside the side menu
/// (inside its navigation host), switched by key and by click, with a navigation stack in a tab.
@Suite(.timeLimit(.minutes(2)))
struct TabsEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    private func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last?.isEmpty == true { rows.removeLast() }  // capture-pane ends with a newline
        return rows
    }

    /// A left click at a 0-based cell, as an SGR mouse report (press and release).
    private func click(_ tmux: TmuxSession, column: Int, row: Int) throws {
        try tmux.sendLiteral("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    /// The column of `text` on `row` (every character before it is one column wide).
    private func column(of text: String, in row: String) throws -> Int {
        let range = try #require(row.range(of: text), "\(text) is on the row: \(row)")
        return row.distance(from: row.startIndex, to: range.lowerBound)
    }

    /// The demo at 80x24 in tmux with its last menu entry, the tabs, chosen.
    private func openTabs() throws -> TmuxSession {
        let tmux = try TmuxSession([demoBinary()], width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor(" Tabs ")
        try tmux.send("End", "Enter")
        return tmux
    }

    private func expectRestored(_ tmux: TmuxSession) throws {
        let restored = try tmux.terminalRestored()
        #expect(restored.mainScreen && restored.cursorVisible && restored.mouseOff, "the terminal is given back")
    }

    @Test func tabsSwitchByKeyAndByClickInsideTheSideMenu() throws {
        let tmux = try openTabs()
        let inbox = try tmux.waitFor {
            $0.contains("Colour: blue")
                && self.rows($0).last?.hasPrefix(" ✉ Inbox (3)  ☰ Stack  ≡ Lifecycle  ¶ 日本語") == true
        }
        #expect(
            rows(inbox).first?.hasPrefix(" [Menu] ") == true && rows(inbox).first?.contains("Tabs") == true,
            "the side menu's bar, titled by the tab bar controller")

        // By key: the next tab is a navigation stack; Enter pushes inside the tab, Escape pops.
        try tmux.send("C-NPage")
        try tmux.waitFor("Left pressed 0 times")
        try tmux.send("Enter")
        try tmux.waitFor("Detail screen 1 of the Stack stack")
        try tmux.send("Escape")
        try tmux.waitFor { $0.contains("Left pressed 0 times") && !$0.contains("Detail screen") }
        try tmux.send("M-3")
        try tmux.waitFor("Lifecycle events of every controller")

        // By click on the bar's last row.
        let bar = try #require(rows(try tmux.capture()).last)
        try click(tmux, column: try column(of: "日本語", in: bar) + 1, row: 23)
        try tmux.waitFor("タブの題名")
        try tmux.send("C-PPage")
        try tmux.waitFor { $0.contains("Lifecycle events of every controller") && !$0.contains("タブの題名") }
        try tmux.send("M-1")
        try tmux.waitFor("Colour: blue")

        // The side menu still works around it: F2 opens it over the tabs, Escape closes it.
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        try tmux.send("Escape")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" [Menu] ") == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux)
    }

    /// Whether the focused bar shows it, in the terminal: the selected tab is underlined while
    /// the bar has focus (as it has when the tabs are opened), and not once Tab moved the focus
    /// into the tab; Tab again brings it back.
    @Test func theTabBarShowsItsFocusOnScreen() throws {
        let tmux = try openTabs()
        try tmux.waitFor("Colour: blue")
        func selectedTabIsUnderlined() throws -> Bool {
            let bar = try #require(rows(try tmux.captureStyled()).last)
            let before = try #require(bar.range(of: " ✉ Inbox (3)"), "the selected tab is on the bar: \(bar)")
            // The last SGR before the tab's text holds 4 (underline) while the bar is focused.
            let sgr = try #require(bar[..<before.lowerBound].range(of: "\u{1B}[", options: .backwards))
            let parameters = bar[sgr.upperBound..<before.lowerBound].prefix { $0 != "m" }
            return parameters.split(separator: ";").contains("4")
        }
        #expect(try selectedTabIsUnderlined(), "the bar has focus when the tabs open")
        try tmux.send("Tab")
        try tmux.waitFor { _ in (try? selectedTabIsUnderlined()) == false }
        try tmux.send("Tab")
        try tmux.waitFor { _ in (try? selectedTabIsUnderlined()) == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func aNarrowBarCollapsesAndScrollsAndKeepsTheSelectedTabInView() throws {
        let tabs = (1...8).map {
            #"{"title": "Tab number \#($0)", "kind": "color", "color": "green", "symbol": "\#($0)", "text": "pane \#($0)"}"#
        }
        let menu =
            #"{"title": "M", "items": [{"title": "T", "kind": "tabs", "tab-position": "top", "tabs": [\#(tabs.joined(separator: ","))]}]}"#
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-tabs.json"
        try menu.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let tmux = try TmuxSession(
            [demoBinary(), "--menu", path, "--no-animation"], width: 20, height: 8, environment: environment)
        let first = try tmux.waitFor { $0.contains("pane 1") }
        #expect(rows(first)[1] == " 1  2  3  4  5  6  ›", "symbols, then a window with a mark: \(rows(first)[1])")
        for number in 2...8 {
            try tmux.send("C-NPage")
            let screen = try tmux.waitFor { $0.contains("pane \(number)") }
            #expect(
                rows(screen)[1].split(separator: " ").contains("\(number)"),
                "tab \(number) is on the bar: \(rows(screen)[1])")
        }
        #expect(rows(try tmux.capture())[1] == "‹ 3  4  5  6  7  8", "at the end: no blank columns, no right mark")
        try tmux.resize(width: 80, height: 8)
        let medium = try tmux.waitFor { self.rows($0)[1].contains("8 Tab n…") }
        #expect(rows(medium)[1].hasPrefix(" 1 Tab n…  2 Tab n…"), "titles cut to one width")
        try tmux.resize(width: 140, height: 8)
        let wide = try tmux.waitFor { self.rows($0)[1].contains("Tab number 8") }
        #expect(rows(wide)[1].hasPrefix(" 1 Tab number 1  2 Tab number 2"))
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux)
    }
}
