import Shoji

/// A content screen for the containers' pictures: a title (for bars and menus), an optional
/// symbol (for tab bars and overlay menus) and lines of text from row `top`, one column in.
@MainActor
final class PicturePane: ViewController {
    private let lines: [String]
    private let top: Int

    init(_ title: String, symbol: Character? = nil, top: Int = 0, lines: [String]) {
        self.lines = lines
        self.top = top
        super.init()
        self.title = title
        tabBarItem.symbol = symbol
    }

    override func viewDidLoad() {
        view.backgroundStyle = .plain
        for (row, line) in lines.enumerated() {
            // Wider than any screen here: the pane's view clips it.
            view.addSubview(Label(text: line, frame: Rect(x: 1, y: top + row, width: 200, height: 1)))
        }
    }
}
