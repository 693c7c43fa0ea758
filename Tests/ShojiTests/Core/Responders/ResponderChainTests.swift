import Testing
@testable import Shoji
import ShojiTesting

/// A view that logs the keys it sees and handles one of them.
@MainActor
final class KeyLogView: View {
    let name: String
    let handles: Character?
    let focusable: Bool
    var log: [String]
    init(_ name: String, handles: Character? = nil, focusable: Bool = false, log: [String] = [], frame: Rect = .zero) {
        self.name = name
        self.handles = handles
        self.focusable = focusable
        self.log = log
        super.init(frame: frame)
    }
    override var canBecomeFocused: Bool { focusable }
    override func keyPressed(_ event: KeyEvent) -> Bool {
        ChainLog.shared.append(name)
        return event == handles.map { KeyEvent(.character($0)) }
    }
}

/// A controller that logs the keys it sees and handles one of them.
@MainActor
final class KeyLogController: ViewController {
    let name: String
    let handles: Character?
    init(_ name: String, handles: Character? = nil) {
        self.name = name
        self.handles = handles
        super.init()
    }
    override func keyPressed(_ event: KeyEvent) -> Bool {
        ChainLog.shared.append(name)
        return event == handles.map { KeyEvent(.character($0)) }
    }
}

@MainActor
final class ChainLog {
    static let shared = ChainLog()
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

@MainActor
struct ResponderChainTests {
    /// parent (handles "p") ⊃ child (handles "c") ⊃ child's view ⊃ group view (handles "g")
    /// ⊃ focused field (handles "f").
    private func makeTree(inApplication: Bool = false) -> (Pilot, KeyLogController, KeyLogController, KeyLogView) {
        ChainLog.shared.entries = []
        let parent = KeyLogController("parent", handles: "p")
        let child = KeyLogController("child", handles: "c")
        parent.addChild(child)
        child.view.frame = Rect(x: 0, y: 0, width: 20, height: 5)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let group = KeyLogView("group", handles: "g", frame: Rect(x: 0, y: 0, width: 10, height: 3))
        let field = KeyLogView("field", handles: "f", focusable: true, frame: Rect(x: 0, y: 0, width: 5, height: 1))
        group.addSubview(field)
        child.view.addSubview(group)
        let window = Window(rootViewController: parent)
        let pilot =
            inApplication
            ? Pilot(Application(window: window), size: Size(width: 20, height: 5))
            : Pilot(window, size: Size(width: 20, height: 5))
        return (pilot, parent, child, field)
    }

    @Test func aKeyWalksFromTheFocusedViewUpToTheWindow() {
        let (pilot, _, _, field) = makeTree()
        pilot.press(.character("z"))  // nobody handles it
        #expect(field.isFocused, "the scope's first focusable view took focus")
        #expect(ChainLog.shared.entries == ["field", "group", "child", "parent"])
    }

    @Test(arguments: [
        ("f", ["field"]), ("g", ["field", "group"]), ("c", ["field", "group", "child"]),
        ("p", ["field", "group", "child", "parent"])
    ])
    func theFirstResponderThatHandlesAKeyEndsTheWalk(key: String, expected: [String]) {
        let (pilot, _, _, _) = makeTree()
        pilot.press(.character(Character(key)))
        #expect(ChainLog.shared.entries == expected)
        #expect(pilot.isRunning)
    }

    @Test func anUnhandledCtrlCReachesTheApplicationAndQuits() {
        let (pilot, _, _, _) = makeTree(inApplication: true)
        pilot.press(.ctrl("c"))
        #expect(ChainLog.shared.entries == ["field", "group", "child", "parent"])
        #expect(!pilot.isRunning)
    }

    @Test func tabAndShiftTabCycleFocusAmongFocusableViews() {
        let a = KeyLogView("a", focusable: true, frame: Rect(x: 0, y: 0, width: 2, height: 1))
        let b = KeyLogView("b", focusable: true, frame: Rect(x: 3, y: 0, width: 2, height: 1))
        let hidden = KeyLogView("hidden", focusable: true, frame: Rect(x: 6, y: 0, width: 2, height: 1))
        hidden.isHidden = true
        let c = KeyLogView("c", focusable: true, frame: Rect(x: 9, y: 0, width: 2, height: 1))
        let plain = KeyLogView("plain", frame: Rect(x: 12, y: 0, width: 2, height: 1))
        let pilot = pilot(showing: a, b, hidden, c, plain, size: Size(width: 20, height: 1))
        pilot.window.validateFocus()
        #expect(a.isFocused)
        pilot.press(.tab)
        #expect(b.isFocused)
        pilot.press(.tab)
        #expect(c.isFocused, "hidden views are skipped")
        pilot.press(.tab)
        #expect(a.isFocused, "wraps around")
        pilot.press(.tab, modifiers: .shift)
        #expect(c.isFocused, "Shift-Tab goes back")
    }

    @Test func aClickFocusesAFocusableView() {
        let a = KeyLogView("a", focusable: true, frame: Rect(x: 0, y: 0, width: 2, height: 1))
        let b = KeyLogView("b", focusable: true, frame: Rect(x: 3, y: 0, width: 2, height: 1))
        let pilot = pilot(showing: a, b, size: Size(width: 10, height: 1))
        pilot.click(at: Point(x: 4, y: 0))
        #expect(b.isFocused)
    }

    @Test func removingTheFocusedViewMovesFocusOn() {
        let a = KeyLogView("a", focusable: true, frame: Rect(x: 0, y: 0, width: 2, height: 1))
        let b = KeyLogView("b", focusable: true, frame: Rect(x: 3, y: 0, width: 2, height: 1))
        let pilot = pilot(showing: a, b, size: Size(width: 10, height: 1))
        pilot.window.validateFocus()
        #expect(a.isFocused)
        a.removeFromSuperview()
        #expect(pilot.window.firstResponder == nil)
        pilot.press(.character("x"))
        #expect(b.isFocused)
    }

    @Test func ancestorLookupFindsTheNearestOfAType() {
        final class Outer: ViewController {}
        final class Middle: ViewController {}
        let outer = Outer(), middle = Middle(), inner = ViewController(), leaf = ViewController()
        outer.addChild(middle)
        middle.addChild(inner)
        inner.addChild(leaf)
        #expect(leaf.ancestor(ofType: Middle.self) === middle)
        #expect(leaf.ancestor(ofType: Outer.self) === outer)
        #expect(middle.ancestor(ofType: Middle.self) == nil, "a controller is not its own ancestor")
        #expect(leaf.ancestor(ofType: ViewController.self) === inner, "the nearest one")
    }
}
