import Shoji

/// A menu item of kind `stack`: a `StackController` over the pane and, on the last rows, what it
/// holds (depth, capacity, the cards whose views are loaded, the cards shown) and the keys.
/// Keys: 1 to 8 push an opaque card with one transition style each (`pushKeys`), t pushes a
/// transparent card, p or Backspace pops (with the inverse of the card's style), r pops to the
/// root, w sends a memory warning (every view not shown is released). Popping the root is
/// refused, and the status line says why.
///
/// Guarantees: the status line is derived from the stack each frame and redrawn on every
/// lifecycle event of the pane's cards, so it is live; it is the pane's only focusable view, so
/// the keys reach the pane as soon as it is shown.
@MainActor
public final class StackPane: ViewController, LifecycleObserver {
    /// The stack the cards go on.
    public let stack: StackController
    /// The status and key rows.
    public let statusView = StatusView()
    /// The last request the stack refused, shown until the next key.
    public private(set) var refusal: String?
    private var cardsMade = 1

    /// The keys that push an opaque card, with their styles.
    public static let pushKeys: [(key: Character, style: TransitionStyle)] = [
        ("1", .push(from: .right)), ("2", .cover(from: .bottom)), ("3", .slide(from: .left)), ("4", .fade),
        ("5", .push(from: .top)), ("6", .slide(from: .right)), ("7", .cover(from: .top)), ("8", .none)
    ]
    /// The style a transparent card is pushed with.
    public static let transparentStyle = TransitionStyle.slide(from: .top)
    /// The most rows the key help wraps to; the status is one row more.
    public static let maximumKeyRows = 4

    public init(title: String, text: String?, capacity: Int) {
        stack = StackController(rootViewController: StackCard(number: 1, style: nil, transparent: false))
        stack.capacity = capacity
        super.init()
        self.title = title
        addChild(stack)
        stack.didMove(toParent: self)
        stack.addLifecycleObserver(self)  // the stack and its cards
        statusView.accessibilityLabel = "Stack"
    }

    /// The cards, bottom first.
    public var cards: [StackCard] { stack.children.compactMap { $0 as? StackCard } }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        view.addSubview(stack.view)
        statusView.lines = { [weak self] in self?.statusLines ?? [] }
        view.addSubview(statusView)
    }

    /// The stack over all rows but the status's, the status at the bottom: derived from the
    /// bounds at each layout (masks cannot grow back from a zero size). The status is as high
    /// as the key help wraps to at this width (up to `maximumKeyRows`, never more than half
    /// the pane), so every key shows where there is room.
    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        let keyRows = min(Self.maximumKeyRows, StatusView.wrapped(Self.keyHelp, width: bounds.width).count)
        let statusHeight = min(1 + keyRows, max(1, bounds.height / 2), bounds.height)
        stack.view.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - statusHeight)
        statusView.frame = Rect(x: 0, y: bounds.height - statusHeight, width: bounds.width, height: statusHeight)
    }

    /// What the status rows say, derived from the stack now.
    public var statusLines: [String] {
        let cards = self.cards
        func names(_ list: [StackCard]) -> String {
            list.map { "\($0.number)\($0.isTransparent ? "t" : "")" }.joined(separator: " ")
        }
        let loaded = cards.filter(\.isViewLoaded)
        let shown = stack.visibleViewControllers.compactMap { $0 as? StackCard }
        let state =
            "depth \(cards.count) · capacity \(stack.capacity) · views loaded: \(names(loaded)) · shown: \(names(shown))"
        return [refusal ?? state, Self.keyHelp]
    }

    /// The keys, in one line (wrapped by the status view).
    static let keyHelp =
        "1-8 push (" + pushKeys.map { "\($0.key) \($0.style.menuName)" }.joined(separator: ", ")
        + ") · t transparent · p pop · r root · w memory warning"

    // MARK: Keys

    /// The pane's keys (see the type's notes), listed by the key help.
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Stack",
            [
                KeyBinding(
                    Self.push, keys: Self.pushKeys.map { KeyEvent(.character($0.key)) }, title: "Push a card"),
                KeyBinding(Self.pushTransparent, keys: [KeyEvent(.character("t"))], title: "Push a transparent card"),
                KeyBinding(Self.pop, keys: [KeyEvent(.character("p")), KeyEvent(.backspace)], title: "Pop"),
                KeyBinding(Self.popToRoot, keys: [KeyEvent(.character("r"))], title: "Pop to the root"),
                KeyBinding(Self.memoryWarning, keys: [KeyEvent(.character("w"))], title: "Memory warning")
            ])
    }

    static let push = KeyCommand("push")
    static let pushTransparent = KeyCommand("pushTransparent")
    static let pop = KeyCommand("pop")
    static let popToRoot = KeyCommand("popToRoot")
    static let memoryWarning = KeyCommand("memoryWarning")

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        refusal = nil
        switch command {
        case Self.push:
            guard let index = keyBindings.keys(for: Self.push).firstIndex(of: key), index < Self.pushKeys.count
            else { return false }
            push(style: Self.pushKeys[index].style, transparent: false)
        case Self.pushTransparent:
            push(style: Self.transparentStyle, transparent: true)
        case Self.pop:
            if stack.popViewController(animated: true) == nil { refusal = Self.rootRefusal }
        case Self.popToRoot:
            stack.popToRootViewController(animated: true)
        case Self.memoryWarning:
            window?.didReceiveMemoryWarning()
        default:
            return super.perform(command, key: key)
        }
        statusView.setNeedsDisplay()
        return true
    }

    /// Any other unmodified key clears a refusal shown in the status, and goes on.
    public override func keyPressed(_ event: KeyEvent) -> Bool {
        if event.modifiers.isEmpty, refusal != nil {
            refusal = nil
            statusView.setNeedsDisplay()
        }
        return false
    }

    /// What the status line says when `p` is typed at the root, where a pop does nothing.
    static let rootRefusal = "p: the root view controller cannot be popped: a stack always keeps one view controller"

    private func push(style: TransitionStyle, transparent: Bool) {
        cardsMade += 1
        stack.pushViewController(
            StackCard(number: cardsMade, style: style, transparent: transparent),
            transition: style, animated: true)
    }

    // MARK: LifecycleObserver

    public func lifecycleEvent(_ event: LifecycleEvent) {}

    /// Any call to a card (loads, unloads, appearance) may change the status: redraw it.
    public func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController) {
        guard !event.method.isLayout, controller === stack || controller.parent === stack else { return }
        statusView.setNeedsDisplay()
    }

    /// The status rows: the first in reverse video (the state, or a refusal), then the keys,
    /// wrapped. Focusable, so the pane gets the keys.
    public final class StatusView: View {
        /// Read at each draw.
        var lines: () -> [String] = { [] }

        public override var canBecomeFocused: Bool { true }

        public override func draw(in canvas: inout Canvas) {
            let all = lines()
            guard let first = all.first else { return }
            let width = canvas.size.width
            canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Style(attributes: .reverse))
            canvas.write(
                DisplayWidth.truncate(" " + first, toWidth: width), at: .zero, style: Style(attributes: .reverse))
            var y = 1
            for line in all.dropFirst() {
                for wrapped in Self.wrapped(line, width: width) where y < canvas.size.height {
                    canvas.write(wrapped, at: Point(x: 1, y: y))
                    y += 1
                }
            }
        }

        /// `line` wrapped as the status draws it in `width` columns (a column of margin each side).
        static func wrapped(_ line: String, width: Int) -> [String] {
            TextWrapper.lines(of: line, width: max(1, width - 2))
        }
    }
}
