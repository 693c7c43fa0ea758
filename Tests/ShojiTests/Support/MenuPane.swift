@testable import Shoji

/// A content screen with a title and a line of text, optionally with a "Left" bar item.
@MainActor
final class MenuPane: ViewController {
    let text: String
    init(_ title: String, text: String? = nil, leftItem: Bool = false) {
        self.text = text ?? "\(title) content"
        super.init()
        self.title = title
        if leftItem { navigationItem.leftBarButtonItems = [BarButtonItem(title: "Left")] }
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain
        let label = Label(text: text)
        label.frame = Rect(x: 1, y: 1, width: 30, height: 1)
        view.addSubview(label)
    }
}
