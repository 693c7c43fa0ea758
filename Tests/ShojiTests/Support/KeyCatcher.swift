import Shoji

/// A container that embeds one child filling its view and records the keys that reach it:
/// stands for an outer container (a side menu closing on Escape, whatever is above a tab bar
/// controller).
@MainActor
final class KeyCatcher: ViewController {
    private(set) var keys: [KeyEvent] = []

    init(embedding child: ViewController) {
        super.init()
        embed(child)
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        keys.append(event)
        return true
    }
}

extension ViewController {
    /// Makes `child` a child filling this controller's view, in UIKit's order.
    func embed(_ child: ViewController) {
        addChild(child)
        child.view.frame = view.bounds
        child.view.autoresizingMask = .flexibleSize
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }
}
