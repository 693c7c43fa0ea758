import Shoji
import ShojiTesting
import Testing

@testable import ShojiDemoKit

/// The widgets pane under a manual clock: the controls by key with their value lines, the
/// progress bar filling while shown and restarting, nothing scheduled while hidden, and the
/// stack layout at several sizes.
@MainActor
struct WidgetsPaneTests {
    /// The pane in a navigation controller, 60x16 unless told, shown.
    func show(_ pane: WidgetsPane, size: Size = Size(width: 60, height: 16)) -> (Pilot, NavigationController) {
        let navigation = NavigationController(rootViewController: pane)
        return (Pilot(Window(rootViewController: navigation), size: size), navigation)
    }

    /// `view`'s frame in `pane`'s view's coordinates.
    func frame(of view: View, in pane: WidgetsPane) -> Rect {
        let origin = view.convertToWindow(.zero)
        let paneOrigin = pane.view.convertToWindow(.zero)
        return Rect(
            x: origin.x - paneOrigin.x, y: origin.y - paneOrigin.y, width: view.frame.width,
            height: view.frame.height)
    }

    /// The screen's line holding `text`, if any.
    func line(containing text: String, in pilot: Pilot) -> String? { pilot.lines.first { $0.contains(text) } }

    @Test func theGalleryShowsEachControlWithItsValue() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        #expect(line(containing: "Switch", in: pilot)?.contains("[● OFF]  Notifications off") == true)
        #expect(line(containing: "Segments", in: pilot)?.contains("[ Small | Medium | Large ]  Size: Medium") == true)
        #expect(line(containing: "Stepper", in: pilot)?.contains("[ - | + ]  Copies: 1") == true)
        #expect(line(containing: "Progress", in: pilot)?.contains("0%  [ Restart ]") == true)
        #expect(line(containing: "Spinner", in: pilot)?.contains("⠋  spins while this pane is shown") == true)
        #expect(pane.toggle.isFocused, "the switch takes the focus")
    }

    @Test func keysChangeTheControlsAndTheirLinesFollow() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        pilot.press(.character(" "))
        #expect(pane.toggle.isOn && pane.toggleLine == "Notifications on")
        pilot.press(.tab)
        pilot.press(.right)
        #expect(pane.segmentedControl.selectedSegmentIndex == 2 && pane.segmentLine == "Size: Large")
        pilot.press(.tab)
        pilot.press(.character("+"))
        pilot.press(.character("+"))
        pilot.press(.left)
        #expect(pane.stepper.value == 2 && pane.stepperLine == "Copies: 2")
        pilot.advance(by: 0.5)
        #expect(line(containing: "Stepper", in: pilot)?.contains("Copies: 2") == true)
        #expect(line(containing: "Segments", in: pilot)?.contains("Size: Large") == true)
    }

    @Test func theBarFillsWhileShownStopsFullAndRestarts() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        pilot.advance(by: WidgetsPane.progressInterval * 4 + 0.3)
        #expect(abs(pane.progressView.progress - 4 * WidgetsPane.progressStep) < 1e-9)
        #expect(line(containing: "Progress", in: pilot)?.contains("20%") == true)
        pilot.advance(by: 20)
        #expect(pane.progressView.progress == 1 && !pane.isProgressRunning, "full, and the timer stopped")
        #expect(line(containing: "Progress", in: pilot)?.contains("100%") == true)
        try? pilot.click(on: "Restart")
        #expect(pane.progressView.progress == 0 && pane.isProgressRunning)
        pilot.advance(by: WidgetsPane.progressInterval + 0.3)
        #expect(line(containing: "Progress", in: pilot)?.contains("5%") == true)
    }

    @Test func aHiddenPaneSchedulesNothingAndItsSpinnerStops() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, navigation) = show(pane)
        pilot.advance(by: 1)
        #expect(pane.spinner.isSpinning && pane.isProgressRunning)
        navigation.pushViewController(ViewController(), animated: false)
        pilot.advance(by: 0.1)
        #expect(!pane.spinner.isSpinning && !pane.isProgressRunning)
        #expect(pilot.loop.nextDeadline == nil, "no timer while the pane is not shown: the loop sleeps")
        let progress = pane.progressView.progress
        let frames = pilot.screen.presentCount
        pilot.advance(by: 5)
        #expect(pane.progressView.progress == progress && pilot.screen.presentCount == frames)
        _ = navigation.popViewController(animated: false)
        pilot.advance(by: 1)
        #expect(pane.spinner.isSpinning && pane.progressView.progress > progress, "back on screen, both go on")
    }

    @Test func theFactoryMakesAWidgetsPaneForTheWidgetsKind() {
        let factory = PaneFactory(journal: LifecycleJournal { 0 })
        #expect(factory.makePane(for: MenuItem(title: "W", kind: .widgets)) is WidgetsPane)
    }

    // MARK: Layout

    @Test(arguments: [Size(width: 60, height: 16), Size(width: 100, height: 30)])
    func theStackViewsPlaceTheControlsInRows(size: Size) throws {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: size)
        let width = pane.view.bounds.width, height = pane.view.bounds.height
        #expect(height == size.height - 1, "the bar takes the top row")
        // A row every other line from the top margin; every control one column after the
        // captions (12), each value line two columns after its control.
        let controls: [View] = [pane.toggle, pane.segmentedControl, pane.stepper, pane.progressView, pane.spinner]
        for (index, control) in controls.enumerated() {
            let placed = frame(of: control, in: pane)
            #expect(placed.origin == Point(x: 12, y: 1 + 2 * index), "\(type(of: control)) at \(placed)")
            #expect(placed.height == 1)
        }
        #expect(frame(of: pane.toggle, in: pane).size == pane.toggle.intrinsicContentSize)
        #expect(frame(of: pane.stepper, in: pane).size == pane.stepper.intrinsicContentSize)
        #expect(pilot.position(of: "Notifications off")?.x == pane.view.convertToWindow(.zero).x + 12 + 7 + 2)
        // The progress bar stretches; Restart ends the row at the right margin.
        let restart = frame(of: pane.restartButton, in: pane)
        #expect(restart.maxX == width - 1 && restart.minY == 7)
        #expect(frame(of: pane.progressView, in: pane).maxX == restart.minX - 2)
        // The text under the rows, as wide as the pane less the margins.
        let text = try #require(pilot.position(of: "Tab moves between"))
        #expect(text == pane.view.convertToWindow(Point(x: 1, y: 11)))
    }
}
