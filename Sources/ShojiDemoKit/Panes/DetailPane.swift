import Shoji

/// The screen a `NavigationRootPane` pushes: it says how deep it is and pushes one more on
/// Enter (on its focused button, or anywhere in the pane when nothing else takes it).
///
/// Guarantees: the title is `Detail N` for depth N; pushing asks `navigationController` and,
/// without one, does nothing but say so.
@MainActor
public final class DetailPane: ViewController {
    /// 1 for the screen the root pushed, 2 for the one that pushed, and so on.
    public let depth: Int
    /// The root screen's title, named in the text.
    public let rootTitle: String

    public init(depth: Int, rootTitle: String) {
        self.depth = depth
        self.rootTitle = rootTitle
        super.init()
        title = "Detail \(depth)"
    }

    public var contentView: ActionPaneView { view as! ActionPaneView }

    public override func loadView() {
        let text =
            "Detail screen \(depth) of the \(rootTitle) stack. The back button returns; Enter opens detail \(depth + 1)."
        let content = ActionPaneView(text: text, buttonTitle: "Open detail \(depth + 1)") { [weak self] in
            self?.openDeeper()
        }
        content.backgroundStyle = .plain  // opaque, as the pane it covers
        view = content
    }

    /// Pushes the next `DetailPane`.
    public func openDeeper() {
        guard let navigationController else {
            (viewIfLoaded as? ActionPaneView)?.text =
                "This screen is not in a navigation controller: nothing to push onto."
            return
        }
        navigationController.pushViewController(
            DetailPane(depth: depth + 1, rootTitle: rootTitle),
            animated: true)
    }

    /// Enter opens the next screen.
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: title ?? "Screen", [KeyBinding(.activate, keys: [KeyEvent(.enter)], title: "Open a deeper screen")])
    }

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .activate else { return super.perform(command, key: key) }
        openDeeper()
        return true
    }
}
