import Testing

@testable import Shoji
import ShojiTesting

/// `Window.route(for:)`: one walk of the responder chain gives a key's responders, the binding
/// that acts, its urgency and who is transitioning; the window delivers along it.
@MainActor
struct EventRouteTests {
    /// A root controller that counts how often a walk of the chain goes on past it.
    final class Counting: ViewController {
        var asked = 0
        override var nextResponder: Responder? {
            asked += 1
            return super.nextResponder
        }
    }

    @Test func aKeyWalksTheChainOnce() {
        let root = Counting()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        root.view.addSubview(field)
        let pilot = Pilot(Application(window: Window(rootViewController: root)), size: Size(width: 20, height: 3))
        pilot.window.makeFirstResponder(field)
        pilot.settle()
        root.asked = 0
        pilot.press(.function(12))
        #expect(root.asked == 1, "a key nobody takes: urgency, holding and delivery from one route")
        root.asked = 0
        pilot.press(.character("x"))
        #expect(field.text == "x" && root.asked == 1)
    }

    @Test func theRouteSaysWhereAKeyGoesAndWhatActs() {
        let root = ViewController()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        root.view.addSubview(field)
        let app = Application(window: Window(rootViewController: root))
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        pilot.window.makeFirstResponder(field)
        pilot.settle()
        let quit = pilot.window.route(for: .key(.ctrl("c")))
        #expect(quit.responders.first === field && quit.responders.last === app)
        #expect(quit.binding?.command == .quit && quit.isUrgent)
        let typed = pilot.window.route(for: .key(KeyEvent(.character("q"))))
        #expect(typed.binding == nil && !typed.isUrgent, "q is text for the field, not the quit key")
        let home = pilot.window.route(for: .key(KeyEvent(.home)))
        #expect(home.binding?.command == .moveToLineStart && !home.isUrgent)
        #expect(quit.transitioning.isEmpty)
    }
}
