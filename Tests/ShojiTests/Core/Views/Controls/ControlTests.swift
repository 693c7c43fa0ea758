import Foundation
import TestSupport
import Testing

@testable import Shoji
import ShojiTesting

/// `Control`, the base of the built-in controls and of an app's own: tracking as UIKit's, the
/// events delivered one way, the disabled state and look, and the article's rating control.
@MainActor
struct ControlTests {
    /// A rating control alone in a window, focused.
    private func ratingScene() -> (Pilot, Rating, [Int]) {
        let rating = Rating(frame: Rect(x: 2, y: 1, width: 5, height: 1))
        let root = ViewController()
        root.view.addSubview(rating)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 20, height: 4))
        pilot.window.makeFirstResponder(rating)
        pilot.settle()
        return (pilot, rating, [])
    }

    @Test func aRatingTakesKeysAndClicksAndTellsTheAppEachChange() {
        let (pilot, rating, _) = ratingScene()
        var heard: [Int] = []
        rating.addAction(for: .valueChanged) { control in heard.append((control as? Rating)?.value ?? -1) }
        pilot.press(.right)
        pilot.press(.right)
        pilot.press(.left)
        #expect(rating.value == 1 && heard == [1, 2, 1])
        pilot.click(at: Point(x: 2 + 3, y: 1))
        #expect(rating.value == 4 && heard == [1, 2, 1, 4], "a click on the fourth star")
        #expect(pilot.line(1).hasPrefix("  ●●●●·"))
        pilot.click(at: Point(x: 2 + 3, y: 1))
        #expect(heard.count == 4, "the same rating again is no change")
        rating.rate(0)
        #expect(heard.count == 5)
        let titles = pilot.window.activeKeyBindings().first?.bindings.map(\.title)
        #expect(titles == ["One more star", "One star less"], "the key help lists its keys")
    }

    @Test func aReleaseOutsideCancelsAndAMotionBackInsideHighlightsAgain() {
        let (pilot, rating, _) = ratingScene()
        var heard = 0
        rating.addAction(for: .valueChanged) { _ in heard += 1 }
        pilot.press(at: Point(x: 3, y: 1))
        #expect(rating.isTracking && rating.isHighlighted && rating.isTouchInside)
        pilot.drag(to: Point(x: 12, y: 3))
        #expect(rating.isTracking && !rating.isHighlighted && !rating.isTouchInside)
        pilot.drag(to: Point(x: 4, y: 1))
        #expect(rating.isHighlighted && rating.isTouchInside)
        pilot.drag(to: Point(x: 12, y: 3))
        pilot.release(at: Point(x: 12, y: 3))
        #expect(!rating.isTracking && !rating.isHighlighted && heard == 0 && rating.value == 0, "released outside")
    }

    @Test func aDisabledControlIsDimTakesNoFocusAndStillConsumesTheClick() {
        let (pilot, rating, _) = ratingScene()
        var behind = 0
        final class Catcher: View {
            var onPress: () -> Void = {}
            override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
                onPress()
                return true
            }
        }
        let catcher = Catcher(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        catcher.onPress = { behind += 1 }
        rating.superview?.insertSubview(catcher, at: 0)
        rating.isEnabled = false
        pilot.settle()
        #expect(!rating.canBecomeFocused && !rating.isFocused)
        #expect(rating.currentStyle.attributes.isSuperset(of: pilot.window.theme.disabled))
        pilot.click(at: Point(x: 3, y: 1))
        #expect(behind == 0 && rating.value == 0, "consumed, and nothing changed")
        pilot.press(.right)
        #expect(rating.value == 0)
    }

    @Test func disablingMidPressEndsTheTrackingWithoutAnEvent() {
        let (pilot, rating, _) = ratingScene()
        var heard = 0
        rating.addAction(for: .valueChanged) { _ in heard += 1 }
        pilot.press(at: Point(x: 3, y: 1))
        rating.isEnabled = false
        #expect(!rating.isTracking && !rating.isHighlighted)
        rating.isEnabled = true
        pilot.release(at: Point(x: 3, y: 1))
        #expect(heard == 0 && rating.value == 0)
    }

    @Test func handlersRunInTheOrderAddedAndARemovedOneNoMore() {
        let button = Button(title: "Go")
        var calls: [String] = []
        button.action = { calls.append("action") }
        let second = button.addAction(for: .primaryActionTriggered) { _ in calls.append("second") }
        button.addAction(for: .valueChanged) { _ in calls.append("value") }
        button.activate()
        #expect(calls == ["action", "second"])
        button.action = { calls.append("new action") }
        button.removeAction(second)
        calls = []
        button.activate()
        #expect(calls == ["new action"], "replaced in place, the removed one gone")
        button.action = nil
        calls = []
        button.activate()
        #expect(calls.isEmpty)
        button.sendActions(for: .valueChanged)
        #expect(calls == ["value"])
    }

    @Test func aTallerControlIsFilledInItsLookAndDrawsOnItsMiddleRow() {
        let controls: [Control] = [
            Switch(isOn: true, frame: Rect(x: 0, y: 0, width: 7, height: 3)),
            Stepper(frame: Rect(x: 8, y: 0, width: 9, height: 3)),
            SegmentedControl(items: ["A", "B"], frame: Rect(x: 18, y: 0, width: 7, height: 3)),
            Rating(frame: Rect(x: 26, y: 0, width: 5, height: 3))
        ]
        let root = ViewController()
        for control in controls { root.view.addSubview(control) }
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 32, height: 3))
        pilot.window.makeFirstResponder(controls[3])
        pilot.settle()
        for control in controls {
            let frame = control.frame
            let rows = (0..<3).map { y in String(pilot.line(y).dropFirst(frame.minX).prefix(frame.width)) }
            #expect(rows[0].trimmingCharacters(in: .whitespaces).isEmpty, "\(type(of: control)): nothing on top")
            #expect(!rows[1].trimmingCharacters(in: .whitespaces).isEmpty, "\(type(of: control)): the middle row")
        }
        let focused = pilot.screen.lastFrame
        #expect(
            (0..<3).allSatisfy { focused?[26, $0].style.attributes.contains(.reverse) == true },
            "the focused rating's look fills all its rows")
    }

    @Test func theBuiltInControlsAreControls() {
        let controls: [Control] = [
            Button(title: "B"), Switch(), SegmentedControl(items: ["A"]), Stepper()
        ]
        for control in controls {
            control.isEnabled = false
            #expect(!control.canBecomeFocused, "\(type(of: control))")
        }
        var flipped = 0
        let toggle = Switch()
        toggle.onValueChanged = { _ in flipped += 1 }
        toggle.addAction(for: .valueChanged) { _ in flipped += 10 }
        toggle.toggle()
        #expect(flipped == 11 && toggle.isOn)
    }

    /// The article's code is this file's control, word for word.
    @Test func theArticlesCodeIsTheTestedControl() throws {
        let root = packageRoot()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/Shoji/Shoji.docc/WritingAControl.md"), encoding: .utf8)
        let source = try String(
            contentsOf: root.appendingPathComponent("Tests/ShojiTests/Support/Rating.swift"), encoding: .utf8)
        let code = source.components(separatedBy: "import Shoji\n\n").last ?? ""
        #expect(article.contains("```swift\n" + code + "```"), "the article shows Support/Rating.swift as it is")
    }
}
