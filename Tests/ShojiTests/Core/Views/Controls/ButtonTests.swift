import Testing
import Shoji
import ShojiTesting

@MainActor
struct ButtonTests {
    /// Two buttons on one row: `[ One ]` at column 0 and `[ Two ]` at column 10, each counting
    /// its activations.
    @MainActor
    final class Fixture {
        var oneCount = 0
        var twoCount = 0
        let one = Button(title: "One")
        let two = Button(title: "Two", frame: Rect(x: 10, y: 0, width: 0, height: 0))
        let pilot: Pilot

        init() {
            one.sizeToFit()
            two.sizeToFit()
            pilot = ShojiTests.pilot(showing: one, two, size: Size(width: 20, height: 2))
            // Set after the views exist; weak captures, as the documentation asks.
            one.action = { [weak self] in self?.oneCount += 1 }
            two.action = { [weak self] in self?.twoCount += 1 }
        }

        var row: String { pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false)[0].description }
    }

    @Test func drawsBracketedTitleSizedByDisplayWidth() {
        let fixture = Fixture()
        #expect(fixture.one.frame.size == Size(width: 7, height: 1))
        #expect(fixture.pilot.lines[0] == "[ One ]   [ Two ]   ")
        let wide = Button(title: "日本")
        #expect(wide.intrinsicContentSize.width == 8)
        wide.sizeToFit()
        #expect(pilot(showing: wide, size: Size(width: 8, height: 1)).lines == ["[ 日本 ]"])
    }

    @Test func aButtonCanTakeItsBackgroundFromItsSuperview() {
        let blue = Style(background: .ansi(4))
        let pane = View(frame: Rect(x: 0, y: 0, width: 12, height: 1))
        pane.backgroundStyle = blue
        let button = Button(
            title: "OK", style: Style(foreground: .ansi(3)), frame: Rect(x: 2, y: 0, width: 8, height: 1))
        pane.addSubview(button)
        let pilot = pilot(showing: pane, size: Size(width: 12, height: 1))
        let frame = try! #require(pilot.screen.lastFrame)
        #expect(frame[4, 0].style.background == .default, "by default the button paints its own background")
        button.inheritsBackground = true
        pilot.advance(by: 0.1)
        let inherited = try! #require(pilot.screen.lastFrame)
        #expect(pilot.lines[0] == "   [ OK ]   ")
        for x in 2..<10 {
            #expect(inherited[x, 0].style.background == .ansi(4), "column \(x) keeps the pane's blue")
        }
        #expect(inherited[5, 0].style.foreground == .ansi(3), "the text keeps the button's colour")
        button.becomeFirstResponder()
        pilot.advance(by: 0.1)
        #expect(pilot.screen.lastFrame?[5, 0].style.attributes.contains(.reverse) == true, "focus still shows")
    }

    @Test func focusedButtonIsReversedAndTabMovesFocus() {
        let fixture = Fixture()
        #expect(fixture.row == "{reverse}[ One ]{/}   [ Two ]   ", "the first focusable view takes focus")
        fixture.pilot.press(.tab)
        #expect(fixture.two.isFocused)
        #expect(fixture.row == "[ One ]   {reverse}[ Two ]{/}   ")
        fixture.pilot.press(.tab, modifiers: .shift)
        #expect(fixture.one.isFocused)
        #expect(fixture.row == "{reverse}[ One ]{/}   [ Two ]   ")
    }

    @Test func enterAndSpaceActivateTheFocusedButtonOnly() {
        let fixture = Fixture()
        fixture.pilot.press(.enter)
        fixture.pilot.press(.character(" "))
        #expect(fixture.oneCount == 2 && fixture.twoCount == 0)
        fixture.pilot.press(.tab)
        fixture.pilot.press(.enter)
        #expect(fixture.oneCount == 2 && fixture.twoCount == 1)
        fixture.pilot.press(.character("x"))
        fixture.pilot.press(.enter, modifiers: .ctrl)
        #expect(fixture.twoCount == 1, "other keys and modified Enter do nothing")
    }

    @Test func clickActivatesAndFocuses() {
        let fixture = Fixture()
        fixture.pilot.click(at: Point(x: 12, y: 0))
        #expect(fixture.twoCount == 1 && fixture.oneCount == 0)
        #expect(fixture.two.isFocused)
        #expect(fixture.row == "[ One ]   {reverse}[ Two ]{/}   ", "released: no pressed look left")
    }

    @Test func clickReleasedOutsideDoesNotActivate() {
        let fixture = Fixture()
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 12, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 2, y: 1))))
        #expect(
            fixture.twoCount == 0 && fixture.oneCount == 0, "neither the pressed button nor the view under the release")
        #expect(!fixture.two.isHighlighted)
        // Releasing over the other button does not click it either.
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 12, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 2, y: 0))))
        #expect(fixture.twoCount == 0 && fixture.oneCount == 0)
    }

    @Test func showsThePressedLookWhilePressedAndInside() {
        let fixture = Fixture()
        fixture.pilot.send(.mouse(MouseEvent(.press(.left), at: Point(x: 12, y: 0))))
        #expect(fixture.two.isHighlighted)
        #expect(fixture.row == "[ One ]   {bold underline reverse}[ Two ]{/}   ")
        fixture.pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 19, y: 1))))
        #expect(fixture.row == "[ One ]   {reverse}[ Two ]{/}   ", "dragged outside: not pressed")
        fixture.pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 16, y: 0))))
        #expect(fixture.row == "[ One ]   {bold underline reverse}[ Two ]{/}   ")
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 16, y: 0))))
        #expect(fixture.twoCount == 1)
    }

    @Test func disabledButtonIsDimAndCannotBeFocusedOrActivated() {
        let fixture = Fixture()
        fixture.two.isEnabled = false
        fixture.pilot.press(.tab)
        #expect(fixture.one.isFocused, "Tab skips the disabled button")
        #expect(fixture.row == "{reverse}[ One ]{/}   {dim}[ Two ]{/}   ")
        fixture.pilot.click(at: Point(x: 12, y: 0))
        fixture.two.activate()
        #expect(fixture.twoCount == 0)
        #expect(fixture.one.isFocused, "a click on a disabled button does not take focus")
        #expect(fixture.oneCount == 0, "nor does it reach anything else")
    }

    @Test func disablingTheFocusedButtonMovesFocusOn() {
        let fixture = Fixture()
        fixture.one.isEnabled = false
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.two.isFocused)
        #expect(fixture.row == "{dim}[ One ]{/}   {reverse}[ Two ]{/}   ")
    }

    @Test func truncatesTheTitleInsideTheBracketsWhenNarrow() {
        let button = Button(title: "Cancel", frame: Rect(x: 0, y: 0, width: 7, height: 1))
        #expect(pilot(showing: button, size: Size(width: 7, height: 1)).lines == ["[ Ca… ]"])
        let wide = Button(title: "日本語", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        #expect(
            pilot(showing: wide, size: Size(width: 8, height: 1)).lines == ["[ 日… ] "],
            "語 does not fit in the 4 columns left, and 本 would straddle the ellipsis; centred leaning left")
    }

    @Test func unborderedButtonDrawsTheBareTitle() {
        let button = Button(title: "Edit")
        button.isBordered = false
        button.sizeToFit()
        #expect(button.frame.size == Size(width: 4, height: 1))
        #expect(pilot(showing: button, size: Size(width: 6, height: 1)).styledText == "{reverse}Edit{/}  ")
    }
}
