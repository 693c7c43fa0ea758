import Testing
import Shoji
import ShojiTesting

/// `Stepper`: the value's range, steps with and without wrapping, the user's steps by key and
/// click (each change calling back once), code calling nothing, and the looks.
@MainActor
struct StepperTests {
    /// `[ - | + ]` at column 0 of row 0, focused, from 0 to 3 by 1, and a button to take the
    /// focus away; records each callback's value.
    @MainActor
    final class Fixture {
        let stepper = Stepper()
        let other = Button(title: "B", frame: Rect(x: 12, y: 0, width: 5, height: 1))
        let pilot: Pilot
        var changes: [Double] = []

        init() {
            stepper.sizeToFit()
            stepper.maximumValue = 3
            pilot = ShojiTests.pilot(showing: stepper, other, size: Size(width: 20, height: 1))
            stepper.onValueChanged = { [weak self] stepper in self?.changes.append(stepper.value) }
        }

        var styled: String { pilot.screen.styledText }
    }

    @Test func theValueStaysInsideItsBounds() {
        let stepper = Stepper()
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
        stepper.value = 250
        #expect(stepper.value == 100)
        stepper.value = -3
        #expect(stepper.value == 0)
        stepper.value = 50
        stepper.maximumValue = 20
        #expect(stepper.value == 20, "a bound moved past the value takes it along")
        stepper.minimumValue = 30
        #expect(stepper.minimumValue == 30 && stepper.maximumValue == 30 && stepper.value == 30)
        stepper.maximumValue = 10
        #expect(stepper.minimumValue == 10 && stepper.value == 10)
        stepper.value = .nan
        #expect(stepper.value == 10)
        stepper.stepValue = 0
        stepper.stepValue = -1
        stepper.stepValue = .infinity
        #expect(stepper.stepValue == 1, "only positive, finite steps")
        stepper.minimumValue = -.infinity
        #expect(stepper.minimumValue == 10)
    }

    @Test func stepsStopAtABoundOrWrapToTheOther() {
        let stepper = Stepper()
        stepper.maximumValue = 10
        stepper.stepValue = 4
        #expect(stepper.increment() && stepper.value == 4)
        stepper.increment()
        stepper.increment()
        #expect(stepper.value == 10, "stops at the maximum")
        #expect(!stepper.increment() && !stepper.canIncrement)
        stepper.wraps = true
        #expect(stepper.canIncrement && stepper.increment() && stepper.value == 0, "wraps to the minimum")
        #expect(stepper.decrement() && stepper.value == 10, "and back to the maximum")
        stepper.value = 9
        stepper.increment()
        #expect(stepper.value == 0, "a step past the maximum wraps, as UIKit's")
        stepper.wraps = false
        stepper.value = 2
        stepper.decrement()
        #expect(stepper.value == 0 && !stepper.canDecrement)
    }

    @Test func keysStepTheValueAndCallBackOncePerChange() {
        let fixture = Fixture()
        fixture.pilot.press(.character("+"))
        fixture.pilot.press(.right)
        #expect(fixture.stepper.value == 2)
        fixture.pilot.press(.character("-"))
        fixture.pilot.press(.left)
        fixture.pilot.press(.left)
        #expect(fixture.stepper.value == 0)
        #expect(fixture.changes == [1, 2, 1, 0], "none for the step at the minimum")
    }

    @Test func aClickOnEitherHalfSteps() {
        let fixture = Fixture()
        fixture.pilot.click(at: Point(x: 6, y: 0))
        fixture.pilot.click(at: Point(x: 8, y: 0))
        #expect(fixture.stepper.value == 2)
        fixture.pilot.click(at: Point(x: 0, y: 0))
        #expect(fixture.stepper.value == 1)
        fixture.pilot.click(at: Point(x: 4, y: 0))
        #expect(fixture.stepper.value == 1, "the middle column does nothing")
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 2, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 6, y: 0))))
        #expect(fixture.stepper.value == 1, "released on the other half")
        #expect(fixture.changes == [1, 2, 1])
    }

    @Test func changesInCodeCallNothing() {
        let fixture = Fixture()
        fixture.stepper.value = 2
        fixture.stepper.maximumValue = 1
        fixture.stepper.minimumValue = 1
        #expect(fixture.stepper.value == 1 && fixture.changes.isEmpty)
    }

    @Test func looksFocusAndTheHalfThatCannotStep() {
        let fixture = Fixture()
        #expect(fixture.stepper.frame.size == Size(width: 9, height: 1))
        #expect(fixture.styled.hasPrefix("{reverse}[{/}{dim reverse} - {/}{reverse}| + ]{/}"), "at 0: - is dim")
        fixture.pilot.press(.tab)
        fixture.stepper.value = 3
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.styled.hasPrefix("[ - |{dim} + {/}]"), "at the maximum: + is dim")
        fixture.stepper.wraps = true
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.styled.hasPrefix("[ - | + ]"), "wrapping, both can step")
    }

    @Test func aDisabledStepperIsDimUnfocusableAndIgnoresTheUser() {
        let fixture = Fixture()
        fixture.stepper.isEnabled = false
        fixture.pilot.advance(by: 0.1)
        #expect(!fixture.stepper.isFocused)
        #expect(fixture.styled.hasPrefix("{dim}[ - | + ]{/}"))
        fixture.pilot.click(at: Point(x: 6, y: 0))
        #expect(!fixture.stepper.increment())
        #expect(fixture.stepper.perform(.increment, key: KeyEvent(.right)), "a key is taken even so")
        #expect(fixture.stepper.value == 0 && fixture.changes.isEmpty)
    }

    @Test func itsKeysShowInTheKeyHelp() {
        let fixture = Fixture()
        let mine = fixture.pilot.window.activeKeyBindings().first { $0.title == "Stepper" }
        #expect(mine?.bindings.map(\.title) == ["Increase", "Decrease"])
        #expect(mine?.bindings.first?.keys == [KeyEvent(.character("+")), KeyEvent(.right)])
    }
}
