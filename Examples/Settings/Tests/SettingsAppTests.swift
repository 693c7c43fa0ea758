import Testing
import ShojiTesting
@testable import SettingsExample

/// The settings screen as a user drives it: buttons that change their titles (the columns make
/// room in the frame the press draws), a hidden row shown and hidden again, Save and Reset.
@MainActor
struct SettingsAppTests {
    let pilot = Pilot(SettingsApp().makeApplication(), size: Size(width: 44, height: 12))
    var settings: SettingsController { pilot.window.rootViewController as! SettingsController }

    /// Every frame drawn since `clearFrames()`, as text.
    var framesSinceCleared: [String] { pilot.screen.frames.map(\.plainText) }

    @Test func theControlsLineUpBesideTheirLabels() throws {
        let name = try #require(pilot.position(of: "Ada"))
        let theme = try #require(pilot.position(of: "[ Light ]"))
        #expect(pilot.position(of: "Name") == Point(x: 2, y: 3))
        #expect(name.x == theme.x && theme.y == name.y + 1, "one column of controls, a row each")
        let field = settings.nameField
        #expect(
            field.convertToWindow(.zero).x + field.frame.width == 42, "the name field fills the width to the margin")
        #expect(pilot.text.contains("Font size      [ - ] 12 [ + ]"))
        #expect(!pilot.text.contains("Log level"), "the advanced row starts hidden")
    }

    @Test func aTitleThatGrowsIsLaidOutInTheFrameThePressDraws() throws {
        try pilot.click(on: "[ Light ]")
        #expect(pilot.text.contains("Theme          [ Dark ]"))
        pilot.screen.clearFrames()
        try pilot.click(settings.themeButton)
        #expect(!framesSinceCleared.isEmpty)
        for frame in framesSinceCleared {
            #expect(frame.contains("[ Follow the system ]"), "never cut to the old width:\n\(frame)")
        }
        for _ in 0..<5 { try pilot.click(on: "[ + ]") }
        #expect(pilot.text.contains("[ - ] 17 [ + ]") && settings.fontSize == 17)
    }

    @Test func advancedShowsAndHidesARowAndTheRowsBelowMove() throws {
        let saveRow = try #require(pilot.position(of: "[ Save ]")).y
        try pilot.click(on: "[ Show ]")
        #expect(pilot.text.contains("Log level      [ Info ]"))
        #expect(pilot.position(of: "[ Save ]")?.y == saveRow + 1, "the buttons moved down a row")
        try pilot.click(on: "[ Info ]")
        #expect(pilot.text.contains("[ Debug ]"))
        try pilot.click(on: "[ Hide ]")
        #expect(!pilot.text.contains("Log level") && pilot.position(of: "[ Save ]")?.y == saveRow)
    }

    @Test func saveAndResetReportOnTheStatusLine() throws {
        pilot.press(.end)  // the name field has the focus
        pilot.type(" L.")
        try pilot.click(on: "[ Save ]")
        #expect(pilot.text.contains("Saved: Ada L., Light, 12 pt."))
        try pilot.click(on: "[ Reset ]")
        #expect(pilot.text.contains("Reset.") && settings.nameField.text == "Ada")
    }

    @Test func tabGoesThroughTheControlsInOrder() {
        var titles: [String] = []
        for _ in 0..<7 {
            pilot.press(.tab)
            titles.append((pilot.window.firstResponder as? Button)?.title ?? "field")
        }
        #expect(titles == ["Light", "-", "+", "On", "Show", "Save", "Reset"])
    }
}
