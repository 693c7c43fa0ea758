@testable import Shoji

/// A content controller for lifecycle tests: its view has one subview, and it can run a
/// one-shot reaction inside its next appearance hook (to test re-entrant changes made from
/// `viewWillAppear` and friends, as apps do).
@MainActor
final class TestLeaf: ViewController {
    /// Which hook runs the reaction.
    enum Hook: CaseIterable { case willAppear, didAppear, willDisappear, didDisappear }

    private var reaction: (hook: Hook, run: @MainActor () -> Void)?
    private(set) var loadViewCount = 0

    /// Runs `run` once, inside the next call of `hook`.
    func react(in hook: Hook, _ run: @escaping @MainActor () -> Void) { reaction = (hook, run) }

    override func loadView() {
        loadViewCount += 1
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        root.addSubview(View(frame: Rect(x: 1, y: 1, width: 5, height: 1)))
        view = root
    }

    override func viewWillAppear(_ animated: Bool) { fire(.willAppear) }
    override func viewDidAppear(_ animated: Bool) { fire(.didAppear) }
    override func viewWillDisappear(_ animated: Bool) { fire(.willDisappear) }
    override func viewDidDisappear(_ animated: Bool) { fire(.didDisappear) }

    private func fire(_ hook: Hook) {
        guard let reaction, reaction.hook == hook else { return }
        self.reaction = nil
        reaction.run()
    }
}
