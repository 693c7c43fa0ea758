import Shoji

/// A menu item of kind `navigation`: the root screen of a navigation stack. Its navigation
/// item has a "Left" bar button, which counts its presses on screen; Enter (on the focused
/// "Open detail" button, or anywhere in the pane when nothing else takes it) pushes a
/// `DetailPane`.
///
/// Guarantees: the "Left" item is set in `init`, so any bar shows it from the first frame (the
/// side menu inserts its "Menu" item before it); pushing asks `navigationController`, and
/// without one the pane says so on screen instead of failing. Actions capture the pane weakly.
@MainActor
public final class NavigationRootPane: ViewController {
    /// The text from the menu file, shown above the counter.
    public let text: String
    /// How many times "Left" was pressed.
    public private(set) var leftPressCount = 0
    /// The "Left" bar button.
    public private(set) var leftItem: BarButtonItem!
    /// Set when Enter found no container to push with.
    public private(set) var pushProblem: String?

    public init(title: String, text: String?) {
        self.text = text ?? ""
        super.init()
        self.title = title
        leftItem = BarButtonItem(title: "Left") { [weak self] in self?.leftPressed() }
        navigationItem.leftBarButtonItems = [leftItem]
    }

    public var contentView: ActionPaneView { view as! ActionPaneView }

    public override func loadView() {
        let content = ActionPaneView(text: bodyText, buttonTitle: "Open detail") { [weak self] in self?.openDetail() }
        content.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        view = content
    }

    /// What the pane says: the file's text, the counter and what Enter does.
    var bodyText: String {
        var parts: [String] = []
        if !text.isEmpty { parts.append(text) }
        parts.append("Left pressed \(leftPressCount) \(leftPressCount == 1 ? "time" : "times").")
        parts.append(pushProblem ?? "Enter opens a detail screen; its back button returns here.")
        return parts.joined(separator: "\n\n")
    }

    private func leftPressed() {
        leftPressCount += 1
        (viewIfLoaded as? ActionPaneView)?.text = bodyText
    }

    /// Pushes a `DetailPane` (see the type's guarantees).
    public func openDetail() {
        let detail = DetailPane(depth: 1, rootTitle: title ?? "")
        if let navigationController {
            navigationController.pushViewController(detail, animated: true)
        } else {
            pushProblem = "Enter would open a detail screen, but this screen is not in a navigation controller."
            (viewIfLoaded as? ActionPaneView)?.text = bodyText
        }
    }

    /// Enter opens the next screen.
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: title ?? "Screen", [KeyBinding(.activate, keys: [KeyEvent(.enter)], title: "Open the detail screen")]
        )
    }

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .activate else { return super.perform(command, key: key) }
        openDetail()
        return true
    }
}
