import Shoji

/// A menu item of kind `color`: a pane filled with its colour that shows its text and, live,
/// every lifecycle call it receives (`ColorPaneView`).
///
/// Guarantees:
/// - Records exactly its own non-layout lifecycle calls, from the first (`willMove(toParent:)`
///   or `viewDidLoad`, since it observes from its `init`), in call order, as
///   `LifecycleEvent.call` writes them; the last `maximumCalls` are kept.
/// - Its view shows the calls recorded so far at once, including those made before the view
///   loaded.
/// - Not final: the split view's detail panes are colour panes that also clone themselves.
@MainActor
public class ColorPane: ViewController, LifecycleObserver {
    public let color: MenuColor
    public let text: String
    /// The calls received, oldest first (at most `maximumCalls`, the latest).
    public private(set) var calls: [String] = []
    /// Every call received, including those no longer kept.
    public private(set) var callCount = 0

    /// How many calls are kept.
    public static let maximumCalls = 500

    public init(title: String, color: MenuColor, text: String?) {
        self.color = color
        self.text = text ?? ""
        super.init()
        self.title = title
        addLifecycleObserver(self)  // its own calls only: this pane's, not another window's
    }

    public override func loadView() {
        let colorView = ColorPaneView(color: color, controllerID: debugIdentifier, text: text)
        colorView.setCalls(calls, total: callCount)
        view = colorView
    }

    public func lifecycleEvent(_ event: LifecycleEvent) {}

    public func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController) {
        guard controller === self, !event.method.isLayout else { return }
        calls.append(event.call)
        callCount += 1
        if calls.count > Self.maximumCalls { calls.removeFirst(calls.count - Self.maximumCalls) }
        (viewIfLoaded as? ColorPaneView)?.setCalls(calls, total: callCount)
    }
}
