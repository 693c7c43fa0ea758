@testable import Shoji
import ShojiTesting

/// A view that draws one glyph at its top-left cell, so a test reads its position off the
/// screen as a user would.
@MainActor
final class Marker: View {
    let glyph: String

    init(_ glyph: String = "#", frame: Rect) {
        self.glyph = glyph
        super.init(frame: frame)
    }

    override func draw(in canvas: inout Canvas) { canvas.write(glyph, at: .zero) }
}

/// A content controller whose view is filled with its letter, so every column on screen says
/// whose view covers it.
@MainActor
final class Page: ViewController {
    let letter: Character

    init(_ letter: Character) {
        self.letter = letter
        super.init()
    }

    override func loadView() { view = LetterFill(letter) }
}

/// A view filled with one letter, so every cell on screen says whose view covers it.
@MainActor
final class LetterFill: View {
    let letter: Character
    init(_ letter: Character) {
        self.letter = letter
        super.init()
    }
    override func draw(in canvas: inout Canvas) {
        let row = String(repeating: letter, count: canvas.size.width)
        for y in 0..<canvas.size.height { canvas.write(row, at: Point(x: 0, y: y)) }
    }
}

/// A navigation-like container built on the styled transitions: a stack of pages, `push`
/// shows a page with a style, `pop` plays the inverse. It does its containment calls at once
/// (as many containers do), so a transition can be interrupted by the next one. It records
/// the events it receives.
@MainActor
final class StackHost: ViewController {
    private(set) var stack: [ViewController] = []
    /// Keys and mouse events delivered to the host, in order.
    private(set) var received: [InputEvent] = []
    /// Events taken by `handleDuringTransition`, in order.
    private(set) var takenDuringTransition: [InputEvent] = []
    /// Keys `handleDuringTransition` takes (the side menu's toggle).
    var transitionKeys: Set<Character> = []
    /// Completion results of every transition, in the order they ran.
    private(set) var completions: [Bool] = []
    var duration = 0.3
    var curve = AnimationCurve.linear

    init(root: ViewController) {
        super.init()
        stack = [root]
        addChild(root)
        root.didMove(toParent: self)
    }

    override func viewDidLoad() {
        let root = stack[0]
        root.view.frame = view.bounds
        root.view.autoresizingMask = .flexibleSize
        view.addSubview(root.view)
    }

    var top: ViewController { stack[stack.count - 1] }

    @discardableResult
    func push(_ page: ViewController, style: TransitionStyle = .push(from: .right)) -> Animation {
        let previous = top
        stack.append(page)
        addChild(page)
        if page.viewIfLoaded?.superview !== view {
            page.view.frame = view.bounds
            page.view.autoresizingMask = .flexibleSize
        }
        let animation = transition(from: previous, to: page, style: style, duration: duration, curve: curve) {
            [weak self] in
            self?.completions.append($0)
        }
        page.didMove(toParent: self)
        return animation
    }

    @discardableResult
    func pop() -> Animation {
        let leaving = stack.removeLast()
        leaving.willMove(toParent: nil)
        // As in UIKit, the container sizes the view it shows (it missed resizes while away).
        if top.viewIfLoaded?.superview !== view { top.view.frame = view.bounds }
        return transitionBack(from: leaving, to: top, duration: duration, curve: curve) { [weak self] finished in
            self?.completions.append(finished)
            // A later push may have taken it back meanwhile.
            if self?.stack.contains(where: { $0 === leaving }) == false { leaving.removeFromParent() }
        }
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        received.append(.key(event))
        return event != .ctrl("c")
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        received.append(.mouse(event))
        return true
    }

    override func handleDuringTransition(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event, case .character(let c) = key.key, transitionKeys.contains(c) else {
            return false
        }
        takenDuringTransition.append(event)
        return true
    }
}

/// The letters of row `y` of the last frame.
@MainActor
func row(_ y: Int, of pilot: Pilot) -> String { pilot.line(y) }

/// The column of the first `glyph` in row `y` of the last frame, or nil.
@MainActor
func column(of glyph: Character, row y: Int, in pilot: Pilot) -> Int? {
    pilot.line(y).firstIndex(of: glyph).map { pilot.line(y).distance(from: pilot.line(y).startIndex, to: $0) }
}

/// Advances frame by frame until nothing is due, calling `sample` after each pass.
@MainActor
func stepFrames(_ pilot: Pilot, limit: Double = 5, _ sample: () -> Void) {
    pilot.stepFrames(limit: limit, sample)
}
