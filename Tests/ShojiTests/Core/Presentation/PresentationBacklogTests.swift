import Testing
@testable import Shoji
import ShojiTesting

/// Modal presentation with the window's backlog rules: the app's quit keys stay urgent while an
/// alert is up or coming in, keys held back by a presentation reach the presented controller
/// after it, and a backlog catches up through presentations and dismissals instead of playing
/// them.
@MainActor
struct PresentationBacklogTests {
    /// An app whose root has a focused text field and a "Delete" button that presents an alert
    /// (Cancel, Delete); every transition takes 10 s.
    private func makeApp() -> (Pilot, Screen) {
        let screen = Screen()
        let app = Application(rootViewController: screen)
        app.window.transitionDuration = 10
        let pilot = Pilot(app, size: Size(width: 50, height: 12))
        return (pilot, screen)
    }

    @Test func theQuitKeyQuitsWhileAnAlertComesInAndWhileItIsUp() {
        for settled in [false, true] {
            let (pilot, screen) = makeApp()
            #expect(pilot.window.firstResponder === screen.field)
            screen.presentAlert()
            if settled { pilot.settle() } else { pilot.advance(by: 0.5) }
            #expect(pilot.window.isPresentationTransitioning == !settled)
            pilot.deliver(.key(KeyEvent(.character("q"))))
            #expect(
                !pilot.isRunning,
                "q quits at once (settled: \(settled)): the field under the alert no longer has the focus")
            #expect(screen.field.text.isEmpty && screen.choices.isEmpty)
        }
    }

    @Test func ctrlCQuitsDuringADismissal() {
        let (pilot, screen) = makeApp()
        screen.presentAlert()
        pilot.settle()
        pilot.press(.escape)  // Cancel: the alert leaves over 10 s
        pilot.advance(by: 0.5)
        #expect(pilot.window.isPresentationTransitioning)
        pilot.deliver(.key(.ctrl("c")))
        #expect(!pilot.isRunning)
    }

    @Test func keysHeldBackDuringThePresentationReachTheAlertAfterIt() throws {
        let (pilot, screen) = makeApp()
        screen.presentAlert()
        pilot.advance(by: 0.5)
        let alert = try #require(screen.alert)
        pilot.deliver(.key(KeyEvent(.left)))
        pilot.deliver(.key(KeyEvent(.enter)))
        #expect(pilot.window.queuedEvents.count == 2 && alert.chosenAction == nil, "held back while the alert comes in")
        pilot.advance(by: 9.5)
        pilot.advance(by: 3 * pilot.loop.frameInterval)
        #expect(alert.chosenAction?.title == "Cancel", "Left moved from Delete (the default) to Cancel, Enter chose it")
        #expect(screen.choices == ["Cancel"], "the handler ran after the dismissal")
        #expect(pilot.clock.seconds < 10.5, "the dismissal a held key started did not play its 10 s")
        #expect(pilot.window.presentedViewControllers.isEmpty && screen.field.text.isEmpty)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
        pilot.type("q")
        #expect(screen.field.text == "q" && pilot.isRunning, "the field has the focus back: q is text again")
    }

    @Test func keysReadTogetherCatchUpThroughAPresentationAndItsDismissal() throws {
        let (pilot, screen) = makeApp()
        pilot.press(.tab)  // from the field to the Delete button
        #expect(pilot.window.firstResponder === screen.button)
        // One read: Enter presents the alert, Left and Enter choose Cancel, x goes to the button.
        let keys: [KeyEvent] = [KeyEvent(.enter), KeyEvent(.left), KeyEvent(.enter), KeyEvent(.character("x"))]
        pilot.input.enqueue(contentsOf: keys.map(InputEvent.key))
        pilot.loop.run()
        #expect(screen.choices == ["Cancel"])
        #expect(pilot.window.presentedViewControllers.isEmpty && !pilot.window.isPresentationTransitioning)
        #expect(
            screen.keysAfterwards == [KeyEvent(.character("x"))], "the last key reached the screen after the dismissal")
        #expect(pilot.clock.seconds < 0.1, "neither the presentation nor the dismissal played its 10 s")
        // The instant presentation was finished for the held keys, not waited for (that takes a
        // frame more); the dismissal they started ends at the next frame, its handler then.
        #expect(pilot.clock.seconds <= 2 * pilot.loop.frameInterval + 1e-9, "\(pilot.clock.seconds) s")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }
}

/// A text field with the focus, a "Delete" button that presents an alert, and a log of the
/// alert's choices and of the keys that reach the screen itself.
@MainActor
private final class Screen: ViewController {
    let field = TextField(placeholder: "type here")
    let button = Button(title: "Delete")
    private(set) weak var alert: AlertController?
    private(set) var choices: [String] = []
    private(set) var keysAfterwards: [KeyEvent] = []

    override func viewDidLoad() {
        field.frame = Rect(x: 1, y: 1, width: 20, height: 1)
        button.frame.origin = Point(x: 1, y: 3)
        button.sizeToFit()
        button.action = { [weak self] in self?.presentAlert() }
        view.addSubview(field)
        view.addSubview(button)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        field.becomeFirstResponder()
    }

    func presentAlert() {
        let alert = AlertController(title: "Delete it?", message: "It cannot be undone.")
        alert.addAction(
            AlertAction(title: "Cancel", style: .cancel) { [weak self] action in self?.choices.append(action.title) })
        alert.addAction(AlertAction(title: "Delete") { [weak self] action in self?.choices.append(action.title) })
        self.alert = alert
        present(alert, animated: true)
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event.key == .character("x") else { return false }
        keysAfterwards.append(event)
        return true
    }
}
