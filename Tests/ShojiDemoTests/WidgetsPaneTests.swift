import Shoji
import ShojiTesting
import Testing

@testable import ShojiDemoKit

/// The widgets pane under a manual clock: the controls by key with their value lines, the
/// progress bar filling while shown and restarting, and nothing scheduled while hidden.
@MainActor
struct WidgetsPaneTests {
    /// The pane in a navigation controller, 60x16, shown.
    func show(_ pane: WidgetsPane) -> (Pilot, NavigationController) {
        let navigation = NavigationController(rootViewController: pane)
        return (Pilot(Window(rootViewController: navigation), size: Size(width: 60, height: 16)), navigation)
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
}
