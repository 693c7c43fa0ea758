import Testing
import Shoji
import ShojiTesting

/// `SegmentedControl`: the row, the selection's range, the user's choices by key and click
/// (each changed selection calling back once), disabled segments, and code calling nothing.
@MainActor
struct SegmentedControlTests {
    /// `[ One | Two | Three ]` at column 0 of row 0, focused, and a button to take the focus
    /// away; records each callback's index.
    @MainActor
    final class Fixture {
        let control = SegmentedControl(items: ["One", "Two", "Three"])
        let other = Button(title: "B", frame: Rect(x: 24, y: 0, width: 5, height: 1))
        let pilot: Pilot
        var changes: [Int] = []

        init() {
            control.sizeToFit()
            pilot = ShojiTests.pilot(showing: control, other, size: Size(width: 30, height: 1))
            control.onValueChanged = { [weak self] control in self?.changes.append(control.selectedSegmentIndex) }
        }

        var styled: String { pilot.screen.styledText }
    }

    @Test func theRowIsSizedByDisplayWidth() {
        let fixture = Fixture()
        #expect(fixture.control.frame.size == Size(width: 21, height: 1))
        #expect(fixture.pilot.lines[0].hasPrefix("[ One | Two | Three ]   [ B ]"))
        let wide = SegmentedControl(items: ["日本", "x"])
        #expect(wide.intrinsicContentSize == Size(width: 12, height: 1), "[ 日本 | x ]")
        #expect(SegmentedControl(items: []).intrinsicContentSize == Size(width: 2, height: 1))
    }

    @Test func theSelectionIsAlwaysASegmentOrNone() {
        let control = SegmentedControl(items: ["a", "b", "c"])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.selectedSegmentIndex = 2
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = 3
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment, "out of range")
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "z", at: 0)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "b", "stays on its segment")
        control.removeSegment(at: 0)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment, "its segment went")
        control.selectedSegmentIndex = 1
        control.removeAllSegments()
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment && control.numberOfSegments == 0)
    }

    @Test func theSelectedSegmentStandsOutFocusedOrNot() {
        let fixture = Fixture()
        fixture.control.selectedSegmentIndex = 1
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.control.isFocused)
        #expect(
            fixture.styled.hasPrefix("{reverse}[ One |{/}{bold} Two {/}{reverse}| Three ]{/}"),
            "focus reverses the rest")
        fixture.pilot.press(.tab)
        #expect(fixture.styled.hasPrefix("[ One |{bold reverse} Two {/}| Three ]"))
    }

    @Test func leftAndRightChooseTheNeighbourAndCallBackOncePerChange() {
        let fixture = Fixture()
        fixture.pilot.press(.right)
        #expect(fixture.control.selectedSegmentIndex == 0, "from none, Right takes the first")
        fixture.pilot.press(.right)
        fixture.pilot.press(.right)
        fixture.pilot.press(.right)
        #expect(fixture.control.selectedSegmentIndex == 2, "no wrapping past the end")
        fixture.pilot.press(.left)
        #expect(fixture.changes == [0, 1, 2, 1], "one call per change, after it")
        fixture.control.selectedSegmentIndex = SegmentedControl.noSegment
        fixture.pilot.press(.left)
        #expect(fixture.control.selectedSegmentIndex == 2, "from none, Left takes the last")
    }

    @Test func disabledSegmentsAreDimAndSkipped() {
        let fixture = Fixture()
        fixture.control.setEnabled(false, forSegmentAt: 1)
        fixture.control.selectedSegmentIndex = 0
        fixture.pilot.press(.tab)
        #expect(fixture.styled.hasPrefix("[{bold reverse} One {/}|{dim} Two {/}| Three ]"))
        fixture.control.becomeFirstResponder()
        fixture.pilot.press(.right)
        #expect(fixture.control.selectedSegmentIndex == 2, "Two is skipped")
        try? fixture.pilot.click(on: "Two")
        #expect(fixture.control.selectedSegmentIndex == 2 && fixture.changes == [2])
        #expect(!fixture.control.isEnabledForSegment(at: 1) && fixture.control.isEnabledForSegment(at: 0))
    }

    @Test func aClickSelectsTheSegmentReleasedOn() throws {
        let fixture = Fixture()
        try fixture.pilot.click(on: "Three")
        #expect(fixture.control.selectedSegmentIndex == 2 && fixture.changes == [2])
        try fixture.pilot.click(on: "Three")
        #expect(fixture.changes == [2], "the selected segment again changes nothing")
        fixture.pilot.click(at: Point(x: 6, y: 0))
        #expect(fixture.control.selectedSegmentIndex == 2, "a separator is no segment")
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 2, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 9, y: 0))))
        #expect(fixture.control.selectedSegmentIndex == 2 && fixture.changes == [2], "released on another")
    }

    @Test func changesInCodeCallNothing() {
        let fixture = Fixture()
        fixture.control.selectedSegmentIndex = 1
        fixture.control.setTitle("Deux", forSegmentAt: 1)
        fixture.control.insertSegment(withTitle: "Zero", at: 0)
        #expect(fixture.changes.isEmpty && fixture.control.titleForSegment(at: 2) == "Deux")
    }

    @Test func aDisabledControlIsDimUnfocusableAndIgnoresTheUser() throws {
        let fixture = Fixture()
        fixture.control.isEnabled = false
        fixture.pilot.advance(by: 0.1)
        #expect(!fixture.control.isFocused)
        #expect(fixture.styled.hasPrefix("{dim}[ One | Two | Three ]{/}"))
        try fixture.pilot.click(on: "Two")
        #expect(!fixture.control.choose(1))
        #expect(fixture.control.perform(.moveRight, key: KeyEvent(.right)), "a key is taken even so")
        #expect(fixture.control.selectedSegmentIndex == SegmentedControl.noSegment && fixture.changes.isEmpty)
    }

    @Test func itsKeysShowInTheKeyHelp() {
        let fixture = Fixture()
        let mine = fixture.pilot.window.activeKeyBindings().first { $0.title == "Segmented control" }
        #expect(mine?.bindings.map(\.title) == ["Previous segment", "Next segment"])
    }
}
