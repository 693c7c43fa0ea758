import Testing
import ShojiTesting

/// Pilot's helpers for finding text and views on screen and clicking them.
@MainActor
struct PilotTests {
    /// `日本 OK` on row 1 and a button `[ Go ]` at column 10 of row 3, counting its presses.
    @MainActor
    final class Fixture {
        let label = Label(text: "日本 OK", frame: Rect(x: 2, y: 1, width: 10, height: 1))
        let button = Button(title: "Go", frame: Rect(x: 10, y: 3, width: 6, height: 1))
        var presses = 0
        let pilot: Pilot

        init() {
            pilot = Pilot(
                Application(rootViewController: HostController([label, button])), size: Size(width: 20, height: 5))
            button.action = { [weak self] in self?.presses += 1 }
        }
    }

    @Test func positionOfTextCountsDisplayColumns() {
        let fixture = Fixture()
        #expect(fixture.pilot.position(of: "OK") == Point(x: 7, y: 1), "日 and 本 take two columns each")
        #expect(fixture.pilot.position(of: "本 O") == Point(x: 4, y: 1))
        #expect(fixture.pilot.position(of: "[ Go ]") == Point(x: 10, y: 3))
        #expect(fixture.pilot.position(of: "missing") == nil)
    }

    @Test func clickOnTextActivatesWhatShowsIt() throws {
        let fixture = Fixture()
        try fixture.pilot.click(on: "[ Go ]")
        #expect(fixture.presses == 1)
        #expect(throws: PilotError.self) { try fixture.pilot.click(on: "Stop") }
    }

    @Test func viewsAreFoundByTypeAndClickedWhereTheyShow() throws {
        let fixture = Fixture()
        let button = try #require(fixture.pilot.view(ofType: Button.self) { $0.title == "Go" })
        #expect(button === fixture.button)
        #expect(fixture.pilot.views(ofType: Label.self).contains { $0 === fixture.label })
        try fixture.pilot.click(button)
        #expect(fixture.presses == 1)
    }

    @Test func clickingAViewThatIsHiddenOrCoveredThrows() throws {
        let fixture = Fixture()
        let cover = View(frame: Rect(x: 0, y: 3, width: 20, height: 1))
        fixture.label.superview?.addSubview(cover)
        fixture.pilot.advance(by: 0.1)
        #expect(throws: PilotError.self) { try fixture.pilot.click(fixture.button) }
        cover.removeFromSuperview()
        fixture.button.isHidden = true
        #expect(throws: PilotError.self) { try fixture.pilot.click(fixture.button) }
        #expect(fixture.presses == 0)
    }

    /// `settle()` ends only when nothing is due: work left for the loop's next pass (a timer
    /// due at once, as the window's delivery of events a transition held, scheduled by the
    /// frame that ended the transition) runs, as the real loop's next pass would run it, and
    /// what it draws shows.
    @Test func settleRunsWorkLeftForTheNextPass() {
        let fixture = Fixture()
        #expect(!fixture.pilot.loop.isTicking && !fixture.pilot.loop.needsDisplay, "nothing moves")
        fixture.pilot.loop.schedule(after: 0, name: "next pass") { fixture.label.text = "done" }
        fixture.pilot.settle()
        #expect(fixture.pilot.position(of: "done") == Point(x: 2, y: 1), "the timer ran and its change was drawn")
    }
}
