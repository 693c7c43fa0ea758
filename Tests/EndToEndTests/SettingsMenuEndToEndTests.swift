import Foundation
import Shoji
import Testing

/// The demo's right-hand settings menu (the built-in menu's `right-items`) in the real release
/// binary in tmux: F3 opens it, Enter changes the theme and the screen shows it, Escape closes
/// it; a mouse drag of the pane's bar to the left (SGR press, motion and release reports)
/// opens it, released early it cancels; the `--log` lifecycle log stays balanced throughout.
@Suite(.timeLimit(.minutes(2)))
struct SettingsMenuEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The top row of a captured screen.
    private static func topRow(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// Whether the pane's right edge (its separator) is at `column` of the top row, with
    /// nothing but the settings menu right of it: the right menu open that far.
    private static func separator(at column: Int, in screen: String) -> Bool {
        let cells = Array(topRow(screen))
        return cells.count > column && cells[column] == "│" && !cells[(column + 1)...].contains("│")
    }

    /// At 80 columns the open right menu takes 24 columns: the separator at column 56, its list after it.
    private static func open(_ screen: String) -> Bool {
        separator(at: 56, in: screen) && screen.contains("│ Theme: ")
    }

    private static func closed(_ screen: String) -> Bool {
        topRow(screen).hasPrefix(" [Menu]") && !topRow(screen).contains("│")
    }

    /// The demo with a `--log` in a temporary file, its first screen shown. In colour: the test
    /// runner's `NO_COLOR` (which draws every theme alike) is left out.
    private func startDemo() throws -> (TmuxSession, log: String) {
        let log = NSTemporaryDirectory() + "shoji-settings-\(UUID().uuidString).tsv"
        let tmux = try TmuxSession(
            [demoBinary(), "--log", log], width: 80, height: 24, environment: environment, unset: ["NO_COLOR"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        return (tmux, log)
    }

    /// The settings menu's controller's events in the log at `path`, in order.
    private static func settingsEvents(_ path: String) -> [LifecycleEvent] {
        (try? DemoLifecycleLog(contentsOf: path))?.events(ofControllersPrefixed: "SettingsPane#") ?? []
    }

    /// Waits until the log at `path` has `count` calls of `method` to the settings menu's
    /// controller: the screen may show the pane at rest a frame before the slide's completion
    /// runs, and a drag or a quit before it would cut the slide short.
    private func waitForSettings(_ method: LifecycleEvent.Method, count: Int, in log: String) {
        let deadline = Date().addingTimeInterval(5)
        var calls: [LifecycleEvent] = []
        repeat {
            calls = Self.settingsEvents(log)
            if calls.filter({ $0.method == method }).count >= count { return }
            usleep(20_000)
        } while Date() < deadline
        Issue.record("no \(count) \(method) calls to the settings menu: \(calls.map(\.call))")
    }

    /// Quits with q once the settings menu has disappeared `disappearances` times, and checks the
    /// log: balanced, with `appearances` appearances of the settings menu's controller.
    private func quitAndCheckLog(_ tmux: TmuxSession, _ log: String, appearances: Int, disappearances: Int) throws {
        waitForSettings(.viewDidDisappear, count: disappearances, in: log)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(try DemoLifecycleLog(contentsOf: log).violations == [], "the lifecycle log is balanced")
        let settings = Self.settingsEvents(log)
        #expect(settings.filter { $0.method == .viewDidAppear }.count == appearances, "\(settings.map(\.call))")
        #expect(settings.last?.method == .viewDidDisappear, "hidden at the end: \(settings.map(\.call))")
    }

    @Test func f3OpensTheSettingsEnterChangesTheThemeOnScreenAndEscapeCloses() throws {
        let (tmux, log) = try startDemo()
        defer { unlink(log) }
        let before = try tmux.captureStyled()
        try tmux.send("F3")
        try tmux.waitFor { Self.open($0) && $0.contains("Theme: standard") && $0.contains("Motion: on") }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("│ Theme: dark") }
        // The dark theme's bar is blue (reverse video over blue), the standard one's has no colour.
        let barRow = { (styled: String) in Self.topRow(styled) }
        #expect(!barRow(before).contains("[34m"), "standard bar: \(barRow(before).debugDescription)")
        let dark = try tmux.captureStyled()
        #expect(barRow(dark).contains("[34m"), "dark bar: \(barRow(dark).debugDescription)")
        try tmux.send("Escape")
        try tmux.waitFor { Self.closed($0) && !$0.contains("Theme: dark") }
        #expect(Self.topRow(try tmux.captureStyled()).contains("[34m"), "the theme stays after the menu closes")
        try quitAndCheckLog(tmux, log, appearances: 1, disappearances: 1)
    }

    @Test func draggingTheBarLeftOpensTheSettingsAndAnEarlyReleaseCancels() throws {
        let (tmux, log) = try startDemo()
        defer { unlink(log) }
        // The bar's title area, dragged left past half the right menu's width (24): opens.
        try tmux.drag(from: 60, through: Array((40...59).reversed()), row: 0, hold: 0.2)
        try tmux.waitFor { Self.open($0) }
        waitForSettings(.viewDidAppear, count: 1, in: log)
        try tmux.send("Escape")
        try tmux.waitFor { Self.closed($0) }
        waitForSettings(.viewDidDisappear, count: 1, in: log)
        // A short drag, seen on screen before the release: the pane goes back.
        try tmux.sendLiteral("\u{1B}[<0;61;1M")
        for column in (57...60).reversed() { try tmux.sendLiteral("\u{1B}[<32;\(column);1M") }
        try tmux.waitFor { Self.separator(at: 76, in: $0) }
        Thread.sleep(forTimeInterval: 0.2)  // held still: a release without a fling
        try tmux.sendLiteral("\u{1B}[<0;57;1m")
        try tmux.waitFor { Self.closed($0) }
        waitForSettings(.viewDidDisappear, count: 2, in: log)
        // The open pane's exposed part, dragged right: closes.
        try tmux.send("F3")
        try tmux.waitFor { Self.open($0) }
        waitForSettings(.viewDidAppear, count: 2, in: log)
        try tmux.drag(from: 20, through: Array(21...44), row: 8, hold: 0.2)
        try tmux.waitFor { Self.closed($0) }
        // Opened, cancelled (never shown in full), opened: two appearances, three hidings.
        try quitAndCheckLog(tmux, log, appearances: 2, disappearances: 3)
    }
}
