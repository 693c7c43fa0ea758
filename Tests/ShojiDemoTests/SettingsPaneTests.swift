import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The right-hand settings menu of the assembled demo, headless: F3 shows it with the focus,
/// its rows show the window's values, Enter or a click changes them at once, About presents
/// the sheet, and its lifecycle calls are in the journal, balanced.
@MainActor
struct SettingsPaneTests {
    /// The demo on the built-in menu (which has `right-items`) at 80x24, with `arguments`.
    private func demo(_ arguments: [String] = []) throws -> (DemoApp, SettingsPane, Pilot) {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse(arguments), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        return (app, try #require(app.settingsPane), pilot)
    }

    /// Opens the right menu with F3 and waits for the pane to arrive.
    private func openSettings(_ pilot: Pilot) {
        pilot.press(.function(3))
        pilot.settle()
    }

    @Test func f3ShowsTheSettingsWithTheFocusAndEachRowsValue() throws {
        let (app, settings, pilot) = try demo()
        #expect(app.sideMenu.rightMenuViewController === settings)
        #expect(settings.entries.map(\.setting) == [.theme, .motion, .about])
        openSettings(pilot)
        #expect(app.sideMenu.isRightMenuVisible)
        #expect(pilot.window.firstResponder === settings.listView, "the open menu takes the keys")
        // The 24 columns the pane uncovers on the right: the separator, the header, then a row per entry.
        #expect(pilot.line(0).hasSuffix("│ Settings" + String(repeating: " ", count: 14)), "\(pilot.line(0))")
        #expect(pilot.line(1).contains("│ Theme: standard") && pilot.line(2).contains("│ Motion: on"))
        #expect(pilot.line(3).contains("│ About…"))
    }

    @Test func enterOnThemeCyclesThePresetsAndTheRowFollowsAtOnce() throws {
        let (_, _, pilot) = try demo()
        openSettings(pilot)
        for name in ["dark", "light", "monochrome", "high-contrast", "standard"] {
            pilot.press(.enter)
            #expect(pilot.window.theme == Theme.named(name))
            #expect(pilot.line(1).contains("Theme: \(name)"), "the next frame shows it: \(pilot.line(1))")
        }
    }

    @Test func enterOnMotionTurnsTheWindowsTransitionsOffAndOn() throws {
        let (app, _, pilot) = try demo(["--duration", "0.5"])
        openSettings(pilot)
        pilot.press(.down)
        pilot.press(.enter)
        #expect(pilot.window.transitionDuration == 0 && pilot.line(2).contains("Motion: off"))
        // Off: the menu closes at once, with no frame in between.
        pilot.press(.escape)
        #expect(!app.sideMenu.isRightMenuVisible && pilot.line(0).hasPrefix(" [Menu]"))
        #expect(!pilot.text.contains("Motion: off"))
        openSettings(pilot)
        pilot.press(.enter)  // the list kept its selection: Motion
        #expect(pilot.window.transitionDuration == 0.5, "back on with --duration")
        #expect(pilot.line(2).contains("Motion: on"))
    }

    /// Under reduced motion (`SHOJI_ANIMATIONS=none`) nothing moves whatever the duration: the
    /// row says so instead of "on".
    @Test func underReducedMotionTheMotionRowSaysSo() throws {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (_, _, pilot) = try demo([])
        openSettings(pilot)
        #expect(pilot.line(2).contains("Motion: reduced"), "\(pilot.line(2))")
    }

    @Test func withNoAnimationMotionStartsOffAndTurnsOnWithTheDuration() throws {
        let (_, settings, pilot) = try demo(["--no-animation"])
        openSettings(pilot)
        #expect(pilot.line(2).contains("Motion: off"))
        try pilot.click(on: "Motion: off")
        #expect(pilot.window.transitionDuration == DemoOptions().duration && pilot.line(2).contains("Motion: on"))
        #expect(settings.listView.selectedRow == 1, "a click selects the row it changes")

        let zero = SettingsPane(entries: [SettingsEntry(title: "Motion", setting: .motion)], motionDuration: 0)
        #expect(zero.motionDuration == TransitionStyle.defaultDuration, "--duration 0: motion on is the default")
    }

    @Test func aClickOnTheThemeRowChangesIt() throws {
        let (_, _, pilot) = try demo()
        openSettings(pilot)
        try pilot.click(on: "Theme: standard")
        #expect(pilot.window.theme == .dark && pilot.text.contains("Theme: dark"))
    }

    @Test func theValuesAreTheWindowsNotACopy() throws {
        let (_, settings, pilot) = try demo()
        #expect(settings.themeName == nil && settings.text(forRow: 0) == "Theme", "not shown: no window to read")
        openSettings(pilot)
        pilot.window.theme = .light
        pilot.settle()
        #expect(pilot.line(1).contains("Theme: light"))
        var custom = Theme.dark
        custom.tintColor = .magenta
        pilot.window.theme = custom
        #expect(settings.text(forRow: 0) == "Theme: custom")
        pilot.press(.enter)
        #expect(pilot.window.theme == .standard, "from a theme of its own, the first preset")
        pilot.window.transitionDuration = 0
        #expect(settings.text(forRow: 1) == "Motion: off" && settings.text(forRow: 2) == "About…")
    }

    @Test func aboutPresentsTheSheetAndEscapeGoesBackToTheSettings() throws {
        let (app, settings, pilot) = try demo()
        openSettings(pilot)
        pilot.press(.down)
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.text.contains("This sheet came from the") && pilot.text.contains("[ Close ]"))
        #expect(pilot.window.theme == .standard && pilot.window.transitionDuration > 0, "nothing else changed")
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.presentedViewControllers.isEmpty && !pilot.text.contains("This sheet came"))
        #expect(app.sideMenu.isRightMenuVisible, "Escape went to the sheet, not to the menu")
        #expect(pilot.window.firstResponder === settings.listView)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theJournalHasTheSettingsCallsBalanced() throws {
        let (app, settings, pilot) = try demo()
        openSettings(pilot)
        pilot.press(.escape)
        pilot.settle()
        pilot.press(.character("M"))
        pilot.settle()
        pilot.press(.character("m"))  // a swap to the left menu: one slide
        pilot.settle()
        pilot.press(.function(3))
        pilot.press(.function(3))  // reversed mid-slide: a cancelled appearance
        pilot.settle()
        let events = app.journal.entries.map(\.event)
        let calls = events.filter { $0.controllerID == settings.debugIdentifier }.map(\.call)
        #expect(calls.filter { $0 == "viewDidAppear(true)" }.count == 2, "\(calls)")
        #expect(calls.filter { $0 == "viewWillAppear(true)" }.count == 3, "\(calls)")
        #expect(calls.last == "viewDidDisappear(true)", "\(calls)")
        try LifecycleChecker.verify(LifecycleChecker.violations(in: events))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func withoutRightItemsThereIsNoRightMenu() throws {
        let menu = MenuFile(title: "M", items: [MenuItem(title: "Form", kind: .form)])
        let app = try DemoApp(menu: menu, options: try DemoOptions.parse([]), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        #expect(app.settingsPane == nil && app.sideMenu.rightMenuViewController == nil)
        pilot.press(.function(3))
        pilot.settle()
        #expect(!app.sideMenu.isRightMenuVisible)
    }
}
