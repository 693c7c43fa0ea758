import Testing
import ShojiTesting

/// A controller whose view takes typed text when `typing` (as a text field would) and
/// otherwise leaves keys to the chain.
@MainActor
private final class TypingController: ViewController {
    var typing = false
    var typed = ""

    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard typing, event.modifiers.isEmpty, case .character(let character) = event.key else {
            return super.keyPressed(event)
        }
        typed.append(character)
        return true
    }
}

/// A controller that takes Ctrl-C for itself.
@MainActor
private final class CtrlCKeeper: ViewController {
    var kept = 0

    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event == .ctrl("c") else { return super.keyPressed(event) }
        kept += 1
        return true
    }
}

@MainActor
struct ApplicationTests {
    @Test func anUnhandledCtrlCQuitsButAHandledOneDoesNot() {
        let pilot = Pilot(Application(rootViewController: TypingController()))
        pilot.press(.ctrl("c"))
        #expect(!pilot.isRunning)

        let keeping = CtrlCKeeper()
        let other = Pilot(Application(rootViewController: keeping))
        other.press(.ctrl("c"))
        #expect(other.isRunning)
        #expect(keeping.kept == 1)
    }

    @Test func anUnhandledCtrlLRepaintsTheWholeScreen() {
        let pilot = Pilot(Application(rootViewController: TypingController()))
        let frames = pilot.screen.presentCount
        pilot.press(.character("l"), modifiers: .ctrl)
        #expect(pilot.screen.invalidationCount == 1, "the screen forgets what it shows, so every cell is sent again")
        #expect(pilot.screen.presentCount == frames + 1, "and a frame follows")
        #expect(pilot.isRunning)
    }

    @Test func qQuitsWhenNoResponderTakesIt() {
        let pilot = Pilot(Application(rootViewController: TypingController()))
        pilot.press(.character("x"))
        #expect(pilot.isRunning)
        pilot.press(.character("q"))
        #expect(!pilot.isRunning, "q is the default quit key")
    }

    @Test func aResponderThatTakesTypedTextGetsQAndNothingQuits() {
        let controller = TypingController()
        controller.typing = true
        let pilot = Pilot(Application(rootViewController: controller))
        pilot.type("quiet")
        #expect(controller.typed == "quiet")
        #expect(pilot.isRunning)
    }

    @Test func quitKeysCanBeChangedOrTurnedOff() {
        let app = Application(rootViewController: TypingController(), quitKeys: [.ctrl("q"), KeyEvent(.escape)])
        let pilot = Pilot(app)
        pilot.press(.character("q"))
        #expect(pilot.isRunning, "q is no longer a quit key")
        pilot.press(.escape)
        #expect(!pilot.isRunning)

        let none = Pilot(Application(rootViewController: TypingController(), quitKeys: []))
        none.press(.character("q"))
        none.press(.escape)
        #expect(none.isRunning)
        none.press(.character("c"), modifiers: .ctrl)
        #expect(!none.isRunning, "Ctrl-C quits whatever the quit keys are")
    }

    @Test func anAppMakesItsApplicationWithItsKeysAndRate() {
        struct Hello: App {
            func makeRootViewController() -> ViewController { TypingController() }
            var quitKeys: [KeyEvent] { [KeyEvent(.function(10))] }
            var framesPerSecond: Int { 30 }
        }
        let application = Hello().makeApplication()
        #expect(application.keyBindings.keys(for: .quit) == [.ctrl("c"), KeyEvent(.function(10))])
        #expect(application.framesPerSecond == 30)
        #expect(application.rootViewController is TypingController)
        #expect(application.window.rootViewController?.isViewLoaded == true, "the root's view loads with the app")
    }
}
