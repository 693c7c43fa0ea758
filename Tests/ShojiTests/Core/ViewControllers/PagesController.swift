import Shoji

/// Shows one of its pages at a time and slides to another on request: the example of the
/// "Writing your own container" article (which shows this file as it is).
@MainActor
final class PagesController: ViewController {
    let pages: [ViewController]
    /// The page on screen: the one child (derived, never stored beside `children`).
    var shownPage: ViewController? { children.first }

    /// One change at a time; a request made meanwhile waits, and only the last one is kept.
    private lazy var changes = ChildChangeQueue<Int>(owner: self, policy: .latestWins) { [unowned self] index, change in
        self.show(index, in: change)
    }

    init(pages: [ViewController]) {
        precondition(!pages.isEmpty, "PagesController needs a page")
        self.pages = pages
        super.init()
        addChild(pages[0])
        pages[0].didMove(toParent: self)
    }

    override func viewDidLoad() {
        guard let page = shownPage else { return }
        page.view.frame = view.bounds
        page.view.autoresizingMask = .flexibleSize
        view.addSubview(page.view)  // appears when the container does
    }

    /// Slides the page at `index` in: from the right when it comes after the shown one, else
    /// from the left. Out of range, or already shown: nothing happens.
    func select(_ index: Int) {
        changes.submit(index)
    }

    private func show(_ index: Int, in change: ChildChange) {
        guard pages.indices.contains(index), let outgoing = shownPage, pages[index] !== outgoing else {
            change.complete()
            return
        }
        let incoming = pages[index]
        let forward = index > (pages.firstIndex { $0 === outgoing } ?? 0)
        change.remove(outgoing)  // outgoing.willMove(toParent: nil), now
        change.add(incoming)  // addChild(incoming): incoming.willMove(toParent: self), now
        guard isViewLoaded else {
            change.complete()  // nothing on screen to move
            return
        }
        incoming.view.frame = view.bounds  // its frame is final before it appears
        incoming.view.autoresizingMask = .flexibleSize
        transition(
            from: outgoing, to: incoming, style: .push(from: forward ? .right : .left),
            duration: defaultTransitionDuration
        ) { _ in
            change.complete()  // incoming.didMove(toParent: self), outgoing.removeFromParent()
        }
    }
}
