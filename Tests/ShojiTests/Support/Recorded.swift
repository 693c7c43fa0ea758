@testable import Shoji

/// A page filled with its letter that records the keys and clicks that reach it and the size
/// its view has at each `viewWillAppear`.
@MainActor
final class Recorded: ViewController {
    let letter: Character
    private(set) var keys: [KeyEvent] = []
    private(set) var clicks = 0
    /// The view's size at each `viewWillAppear`.
    private(set) var sizesAtWillAppear: [Size] = []

    override func viewWillAppear(_ animated: Bool) { sizesAtWillAppear.append(view.frame.size) }

    init(_ letter: Character) {
        self.letter = letter
        super.init()
    }

    override func loadView() { view = LetterFill(letter) }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event.key != .escape, event.key != .tab else { return false }
        keys.append(event)
        return true
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        if case .press = event.kind { clicks += 1 }
        return true
    }
}
