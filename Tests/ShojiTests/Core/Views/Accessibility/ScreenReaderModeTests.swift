import Testing
@testable import Shoji
import ShojiTesting

/// The screen-reader mode: a status row says what changed, the cursor stays on the focus,
/// nothing moves by itself; and what `Pilot` reads of it.
@MainActor
struct ScreenReaderModeTests {
    /// A screen with a switch and a button, titled "Settings".
    final class SettingsScreen: ViewController {
        let notifications = Switch()
        let save = Button(title: "Save")

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Settings"
            notifications.accessibilityLabel = "Notifications"
            notifications.frame = Rect(x: 2, y: 1, width: 6, height: 1)
            save.frame = Rect(x: 2, y: 3, width: 8, height: 1)
            view.addSubview(notifications)
            view.addSubview(save)
        }
    }

    /// The bottom row, without the blanks after the text.
    private func statusRow(_ pilot: Pilot) -> String {
        let row = pilot.lines.last ?? ""
        return String(row[..<(row.lastIndex { $0 != " " }.map(row.index(after:)) ?? row.startIndex)])
    }

    private func startedPilot(_ root: ViewController, height: Int = 8) -> Pilot {
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 50, height: height))
        pilot.window.isScreenReaderModeOn = true
        pilot.settle()
        return pilot
    }

    @Test func theStatusRowSaysWhereTheFocusIsAndWhatChanges() {
        let screen = SettingsScreen()
        let pilot = startedPilot(NavigationController(rootViewController: screen))
        #expect(statusRow(pilot) == "Settings. Notifications, switch, off", "the group, then the element")
        #expect(pilot.window.size == Size(width: 50, height: 7), "the content is one row shorter")
        pilot.press(.tab)
        #expect(statusRow(pilot) == "Save, button", "the same group is not said again")
        pilot.press(KeyEvent(.tab, modifiers: .shift))
        pilot.press(.enter)
        #expect(screen.notifications.isOn)
        #expect(statusRow(pilot) == "on", "only the value, as it changed")
        #expect(
            pilot.announcements == [
                "Settings. Notifications, switch, off", "Save, button", "Notifications, switch, off", "on"
            ])
    }

    @Test func theCursorStaysOnTheFocusedElement() {
        let screen = SettingsScreen()
        let pilot = startedPilot(NavigationController(rootViewController: screen))
        #expect(pilot.cursor == screen.notifications.convertToWindow(.zero))
        pilot.press(.tab)
        #expect(pilot.cursor == screen.save.convertToWindow(.zero))
    }

    @Test func announcementsShowInTheNextFrameInOrder() {
        let screen = SettingsScreen()
        let pilot = startedPilot(screen)
        pilot.window.post(.announcement("Saved"))
        pilot.window.post(.announcement("2 new messages"))
        pilot.settle()
        #expect(statusRow(pilot) == "Saved. 2 new messages")
        pilot.advance(by: 5)
        #expect(statusRow(pilot) == "Saved. 2 new messages", "kept until something new is said")
        pilot.window.post(.screenChanged(screen.save))
        pilot.settle()
        #expect(screen.save.isFocused)
        #expect(statusRow(pilot) == "Settings. Save, button", "a new screen: its groups again, from the top")
        pilot.window.post(.layoutChanged(nil))
        pilot.settle()
        #expect(pilot.announcements.suffix(1) == ["Save, button"])
    }

    @Test func announcementsAreRecordedOutsideTheModeButNoRowIsDrawn() {
        let screen = SettingsScreen()
        let pilot = Pilot(Window(rootViewController: screen), size: Size(width: 50, height: 8))
        pilot.settle()
        pilot.window.post(.announcement("Saved"))
        pilot.press(.tab)
        #expect(pilot.announcements == ["Saved"], "focus is not spoken outside the mode")
        #expect(pilot.window.size == Size(width: 50, height: 8))
        #expect(!pilot.text.contains("Saved"))
    }

    @Test func aSpinnerStandsStillAndAsksForNoFrames() {
        let screen = SettingsScreen()
        let spinner = ActivityIndicatorView(frame: Rect(x: 20, y: 1, width: 1, height: 1))
        screen.loadViewIfNeeded()
        screen.view.addSubview(spinner)
        spinner.startAnimating()
        let pilot = startedPilot(screen)
        let presented = pilot.screen.presentCount
        let glyph = pilot.screen.lastFrame![20, 1].grapheme
        pilot.advance(by: 3)
        #expect(pilot.screen.presentCount == presented, "no frame in 3 s")
        #expect(pilot.loop.nextDeadline == nil, "no timer: the loop sleeps until input")
        #expect(pilot.screen.lastFrame![20, 1].grapheme == glyph)
        #expect(spinner.accessibility.spoken == "in progress")
        pilot.window.isScreenReaderModeOn = false
        pilot.advance(by: 0.5)
        #expect(pilot.screen.presentCount > presented + 3, "spins again outside the mode")
    }

    @Test func aProgressBarMovesInTenths() {
        let screen = SettingsScreen()
        let bar = ProgressView(frame: Rect(x: 2, y: 5, width: 20, height: 1))
        bar.caption = .percentage
        screen.loadViewIfNeeded()
        screen.view.addSubview(bar)
        let pilot = startedPilot(screen)
        bar.progress = 0.05
        pilot.settle()
        #expect(pilot.line(5).contains("0%"))
        bar.progress = 0.39
        pilot.settle()
        #expect(pilot.line(5).contains("30%") && bar.accessibilityValue == "30 percent")
        #expect(pilot.line(5).hasPrefix("  ████▌─"), "30% of the 15 columns before the label: 4 and a half cells")
        pilot.window.isScreenReaderModeOn = false
        pilot.settle()
        #expect(pilot.line(5).contains("39%"))
    }

    @Test func theUsersEnvironmentTurnsItOnAndNothingElseTurnsItOff() {
        let app = Application(rootViewController: SettingsScreen())
        app.applyUserSettings(fromEnvironment: ["SHOJI_SCREEN_READER": " Yes "])
        #expect(app.isScreenReaderModeOn && app.window.isScreenReaderModeOn)
        app.applyUserSettings(fromEnvironment: ["SHOJI_SCREEN_READER": "0"])
        #expect(app.isScreenReaderModeOn, "the environment never turns off what is on")
        let other = Application(rootViewController: SettingsScreen())
        other.applyUserSettings(fromEnvironment: ["SHOJI_FOLLOW_FOCUS": "1", "SHOJI_THEME": "high-contrast"])
        #expect(!other.isScreenReaderModeOn && other.cursorFollowsFocus && other.window.theme == .highContrast)
    }

    @Test func nothingAnimates() {
        let pilot = startedPilot(SettingsScreen())
        #expect(!pilot.window.animationsAllowed)
        pilot.window.isScreenReaderModeOn = false
        #expect(pilot.window.animationsAllowed)
    }

    @Test func theSideMenuSaysWhenItOpensAndCloses() throws {
        let first = SettingsScreen(), second = ViewController()
        second.title = "About"
        let menu = try SideMenuController(viewControllers: [first, second])
        let pilot = startedPilot(menu, height: 12)
        #expect(pilot.accessibilityElements.contains("Menu, button, closed"), "the bar's Menu button")
        pilot.press(KeyEvent(.function(2)))
        pilot.settle()
        #expect(statusRow(pilot) == "Menu open. Menu, list, Settings, 1 of 2")
        #expect(pilot.accessibilityElements.contains("Menu, button, open"))
        pilot.press(.down)
        #expect(statusRow(pilot) == "About, 2 of 2")
        pilot.press(.escape)
        pilot.settle()
        #expect(statusRow(pilot) == "Menu closed. Settings. Notifications, switch, off")
    }

    @Test func pilotReadsTheTreeWithItsGroups() throws {
        let screen = SettingsScreen()
        let pilot = startedPilot(NavigationController(rootViewController: screen))
        #expect(
            pilot.accessibilityTree == """
                Settings
                  Notifications, switch, off
                  Save, button
                """)
        let group = View()
        group.accessibilityLabel = "Account"
        group.shouldGroupAccessibilityChildren = true
        group.frame = Rect(x: 20, y: 0, width: 20, height: 3)
        group.addSubview(Label(text: "ada"))
        screen.view.addSubview(group)
        #expect(screen.view.accessibilityHierarchy.first?.children.last?.outline() == ["Account", "  ada"])
    }

    @Test func aPushedScreenIsSaidWithItsTitleAndTheBackButtonSaysWhereItGoes() throws {
        let screen = SettingsScreen()
        let navigation = NavigationController(rootViewController: screen)
        let pilot = startedPilot(navigation)
        let details = SettingsScreen()
        details.loadViewIfNeeded()
        details.title = "Details"
        navigation.pushViewController(details, animated: true)
        pilot.settle()
        #expect(pilot.accessibilityElements.contains("Settings, button, back"), "not the picture of an arrow")
        #expect(pilot.announcements.last == "Details. Notifications, switch, off")
    }
}
