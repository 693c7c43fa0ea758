import Shoji

/// A container of two children, built the way containment is meant to be used: a top child
/// (`TwoPaneButtonsPane`, "Show / Hide" and "Swap") that talks to the container through a
/// delegate protocol, and a bottom area that shows one of two children, `first` (Orange) or
/// `second` (Blue), or nothing.
///
/// Guarantees:
/// - Show / Hide adds the bottom child (`addChild`, its view in the bottom area,
///   `didMove(toParent:)`) or removes it (`willMove(toParent: nil)`, its view out,
///   `removeFromParent()`), at once: the full containment sequences.
/// - Swap replaces the shown bottom child with the other one with `transition(from:to:…)`:
///   `swapStyle` (`wipe(from: .top)`, the terminal's curl-down) to `second`, and its exact
///   inverse (`transitionBack`) back to `first`; around it `old.willMove(toParent: nil)`,
///   `addChild(new)`, then `new.didMove(toParent:)` and `old.removeFromParent()` (a
///   `ChildChange`).
/// - "Swap" is disabled (drawn and behaving so) exactly while no bottom child is shown; with
///   nothing shown a swap does nothing. The status line names the bottom child and its state.
/// - Requests made while a swap runs (the buttons' or the methods') wait and then run in
///   order (a `ChildChangeQueue`); the window holds back clicks and keys meanwhile. However
///   many, the container ends with the top child and one bottom child or none, and the buttons
///   say which.
/// - The top child takes `TwoPaneButtonsPane.height` rows, the bottom area the rest, at any
///   size (down to 0x0).
@MainActor
public final class TwoPaneController: ViewController, TwoPaneButtonsDelegate {
    /// The top child.
    public let buttonsPane = TwoPaneButtonsPane()
    /// The bottom child shown at first (Orange).
    public let first: ViewController
    /// The other bottom child (Blue).
    public let second: ViewController
    /// The bottom child that Show puts back and Swap swaps out, shown or not.
    public private(set) var current: ViewController
    /// Whether a bottom child is shown: derived from the containment, never stored.
    public var isBottomVisible: Bool { current.parent === self }

    /// The style of a swap to `second`; a swap back plays its inverse.
    public var swapStyle: TransitionStyle = .wipe(from: .top)
    /// Seconds a swap takes (0: at once); `nil` (the default): the window's
    /// `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    /// Holds the bottom child's view; the swap plays inside it, so it never covers the buttons.
    public let bottomArea = View()

    private enum Request {
        case showHide
        case swap
    }

    /// Requests one at a time, in order: those made during a swap wait for it.
    private lazy var changes = ChildChangeQueue<Request>(owner: self, policy: .inOrder) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    /// A container showing the buttons and `first`; `transitionDuration` as the property.
    public init(title: String, first: ViewController, second: ViewController, transitionDuration: Double? = nil) {
        self.first = first
        self.second = second
        current = first
        self.transitionDuration = transitionDuration
        super.init()
        self.title = title
        buttonsPane.delegate = self
        for child in [buttonsPane, first] {
            addChild(child)
            child.didMove(toParent: self)
        }
        updateButtons()
    }

    // MARK: Showing, hiding and swapping

    /// Removes the shown bottom child, or adds it back (see the type); waits for a running swap.
    public func toggleBottomVisible() { changes.submit(.showHide) }

    /// Swaps the shown bottom child for the other one (see the type); does nothing while none is
    /// shown; waits for a running swap.
    public func swapBottom() { changes.submit(.swap) }

    // MARK: TwoPaneButtonsDelegate

    public func buttonsPaneDidPressShowHide(_ buttonsPane: TwoPaneButtonsPane) { toggleBottomVisible() }

    public func buttonsPaneDidPressSwap(_ buttonsPane: TwoPaneButtonsPane) { swapBottom() }

    // MARK: View

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        view.addSubview(buttonsPane.view)
        view.addSubview(bottomArea)
        layOut()
        if isBottomVisible { install(current) }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOut()
    }

    /// The buttons on the top rows, the bottom area below; derived from the bounds, so a row
    /// lost to a tiny size comes back.
    private func layOut() {
        let size = view.bounds.size
        let top = min(size.height, TwoPaneButtonsPane.height)
        buttonsPane.view.frame = Rect(x: 0, y: 0, width: size.width, height: top)
        bottomArea.frame = Rect(x: 0, y: top, width: size.width, height: size.height - top)
    }

    private func install(_ child: ViewController) {
        child.view.frame = bottomArea.bounds
        child.view.autoresizingMask = .flexibleSize
        bottomArea.addSubview(child.view)
    }

    /// "Swap" enabled exactly while a bottom child is shown; the status line says which.
    private func updateButtons() {
        buttonsPane.isSwapEnabled = isBottomVisible
        let name = current.title ?? "the bottom child"
        buttonsPane.status =
            isBottomVisible ? "Bottom: \(name), shown" : "Bottom: \(name), hidden (Swap needs it shown)"
    }

    // MARK: Changes

    private func perform(_ request: Request, in change: ChildChange) {
        switch request {
        case .showHide:
            let child = current
            if isBottomVisible {
                // Removal: willMove(toParent: nil), the view out, removeFromParent().
                change.remove(child)
                child.viewIfLoaded?.removeFromSuperview()
            } else {
                // Addition: addChild, the view in, didMove(toParent:).
                change.add(child)
                if isViewLoaded { install(child) }
            }
            change.complete { [weak self] in self?.updateButtons() }
        case .swap:
            guard isBottomVisible else {
                change.complete()
                return
            }
            swap(in: change)
        }
    }

    /// Swaps the shown bottom child for the other, with a transition style and its inverse.
    private func swap(in change: ChildChange) {
        let old = current
        let new = old === first ? second : first
        change.remove(old)
        change.add(new)
        current = new
        updateButtons()
        let done: (Bool) -> Void = { [weak self] _ in change.complete { self?.updateButtons() } }
        guard isViewLoaded, old.viewIfLoaded?.superview === bottomArea else {
            // Nothing on screen to animate: the views swap at once.
            old.viewIfLoaded?.removeFromSuperview()
            if isViewLoaded { install(new) }
            done(true)
            return
        }
        new.view.frame = bottomArea.bounds
        new.view.autoresizingMask = .flexibleSize
        let duration = transitionDuration ?? defaultTransitionDuration
        if new === second {
            transition(from: old, to: new, in: bottomArea, style: swapStyle, duration: duration, completion: done)
        } else {
            transitionBack(from: old, to: new, in: bottomArea, duration: duration, completion: done)
        }
    }
}
