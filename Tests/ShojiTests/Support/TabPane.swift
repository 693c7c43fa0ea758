@testable import Shoji

/// A tab's content: a title, a symbol and a line of text; optionally a focusable button.
@MainActor
final class TabPane: ViewController {
    let text: String
    let hasButton: Bool
    private(set) var button: Button?

    init(_ title: String, symbol: Character? = nil, badge: String? = nil, button: Bool = false) {
        text = "\(title) content"
        hasButton = button
        super.init()
        self.title = title
        tabBarItem.symbol = symbol
        tabBarItem.badgeValue = badge
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain
        view.addSubview(Label(text: text, frame: Rect(x: 1, y: 0, width: 30, height: 1)))
        if hasButton {
            let button = Button(title: "Press", frame: Rect(x: 1, y: 1, width: 9, height: 1))
            view.addSubview(button)
            self.button = button
        }
    }
}
