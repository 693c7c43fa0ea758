import Testing
import Shoji
import ShojiTesting

/// `Switch`: its looks, the user's changes by key and click (each calling back once), code's
/// changes (calling nothing), the disabled state and the knob's slide.
@MainActor
struct SwitchTests {
    /// A switch at column 0 of row 0 and a button after it, each counting what reached it.
    @MainActor
    final class Fixture {
        let toggle = Switch()
        let button = Button(title: "B", frame: Rect(x: 10, y: 0, width: 5, height: 1))
        let pilot: Pilot
        var changes: [Bool] = []

        init(width: Int = 16) {
            toggle.sizeToFit()
            pilot = ShojiTests.pilot(showing: toggle, button, size: Size(width: width, height: 1))
            toggle.onValueChanged = { [weak self] control in self?.changes.append(control.isOn) }
        }

        /// The switch's seven columns.
        var text: String { String(pilot.lines[0].prefix(7)) }
    }

    @Test func offAndOnReadWithoutColour() {
        let fixture = Fixture()
        #expect(fixture.toggle.frame.size == Size(width: 7, height: 1))
        #expect(fixture.text == "[● OFF]")
        fixture.toggle.isOn = true
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.text == "[ ON ●]")
        fixture.pilot.window.glyphSet = .ascii
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.text == "[ ON #]")
    }

    @Test func focusTogglesReverseAndOnIsBold() {
        let fixture = Fixture()
        #expect(fixture.toggle.isFocused, "the first focusable view")
        #expect(fixture.pilot.screen.styledText.hasPrefix("{reverse}[● OFF]{/}"))
        fixture.pilot.press(.tab)
        #expect(fixture.pilot.screen.styledText.hasPrefix("[● OFF]"))
        fixture.toggle.isOn = true
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.pilot.screen.styledText.hasPrefix("{bold}[ ON ●]{/}"))
    }

    @Test func enterAndSpaceFlipItAndCallBackOnceEach() {
        let fixture = Fixture()
        fixture.pilot.press(.enter)
        #expect(fixture.toggle.isOn && fixture.changes == [true], "called after the value changed")
        fixture.pilot.press(.character(" "))
        #expect(!fixture.toggle.isOn && fixture.changes == [true, false])
        fixture.pilot.advance(by: 1)
        #expect(fixture.text == "[● OFF]")
    }

    @Test func changesInCodeCallNothing() {
        let fixture = Fixture()
        fixture.toggle.isOn = true
        fixture.toggle.setOn(false, animated: true)
        fixture.toggle.setOn(true, animated: false)
        #expect(fixture.toggle.isOn && fixture.changes.isEmpty)
    }

    @Test func aClickInsideFlipsItAReleaseOutsideDoesNot() {
        let fixture = Fixture()
        fixture.pilot.click(at: Point(x: 3, y: 0))
        #expect(fixture.toggle.isOn && fixture.changes == [true])
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 8, y: 0))))
        #expect(fixture.toggle.isOn && fixture.changes == [true], "released outside")
    }

    @Test func aDisabledSwitchIsDimTakesNoFocusAndIgnoresTheUserButKeepsTheClick() {
        let fixture = Fixture()
        var pressed = 0
        fixture.button.action = { pressed += 1 }
        fixture.toggle.isEnabled = false
        fixture.pilot.advance(by: 0.1)
        #expect(!fixture.toggle.canBecomeFocused && fixture.button.isFocused, "focus moved on")
        #expect(fixture.pilot.screen.styledText.hasPrefix("{dim}[● OFF]{/}"))
        fixture.pilot.click(at: Point(x: 3, y: 0))
        fixture.toggle.toggle()
        #expect(!fixture.toggle.isOn && fixture.changes.isEmpty && pressed == 0)
        #expect(fixture.toggle.perform(.activate, key: KeyEvent(.enter)), "a key is taken even so")
        #expect(!fixture.toggle.isOn)
    }

    @Test func theKnobSlidesOnTheAnimatorsClock() {
        let fixture = Fixture()
        fixture.pilot.press(.enter)
        var seen: [String] = []
        fixture.pilot.stepFrames(limit: 1) { seen.append(fixture.text) }
        let distinct = seen.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        let knob = distinct.map { Array($0).firstIndex(of: "●") ?? -1 }
        #expect(distinct.first == "[●ON  ]", "the new word at once, the knob where it was: \(seen)")
        #expect(distinct.last == "[ ON ●]")
        #expect(distinct.count >= 4 && zip(knob, knob.dropFirst()).allSatisfy { $0 < $1 }, "it slides: \(seen)")
        #expect(fixture.pilot.loop.nextDeadline == nil)
    }

    @Test func underReducedMotionItFlipsAtOnce() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let fixture = Fixture()
        fixture.pilot.press(.enter)
        #expect(fixture.text == "[ ON ●]")
    }

    @Test func itsKeyShowsInTheKeyHelp() {
        let fixture = Fixture()
        let groups = fixture.pilot.window.activeKeyBindings()
        let mine = groups.first { $0.title == "Switch" }
        #expect(mine?.bindings.map(\.title) == ["Switch on or off"])
        #expect(mine?.bindings.first?.keys == [KeyEvent(.enter), KeyEvent(.character(" "))])
    }

    @Test func leavingTheWindowEndsTheSlide() {
        let fixture = Fixture()
        fixture.pilot.press(.enter)
        fixture.toggle.removeFromSuperview()
        fixture.pilot.advance(by: fixture.pilot.loop.frameInterval)
        #expect(fixture.pilot.loop.nextDeadline == nil, "no frames for a switch that left")
    }
}
