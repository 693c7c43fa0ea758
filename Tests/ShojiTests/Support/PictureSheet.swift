import Shoji

/// The stack container's picture: a bottom sheet whose view is not opaque, so the stack keeps
/// the screen under it shown; only its last four rows draw.
@MainActor
final class PictureSheet: ViewController {
    private let sheet = View()

    override func viewDidLoad() {
        view.isOpaque = false
        sheet.backgroundStyle = .plain
        sheet.addSubview(
            Label(text: String(repeating: "─", count: 200), frame: Rect(x: 0, y: 0, width: 200, height: 1)))
        sheet.addSubview(Label(text: "Move the message to:", frame: Rect(x: 1, y: 1, width: 30, height: 1)))
        sheet.addSubview(Button(title: "Archive", frame: Rect(x: 1, y: 2, width: 11, height: 1)))
        sheet.addSubview(Button(title: "Cancel", frame: Rect(x: 14, y: 2, width: 10, height: 1)))
        view.addSubview(sheet)
    }

    override func viewDidLayoutSubviews() {
        sheet.frame = Rect(x: 0, y: view.bounds.height - 4, width: view.bounds.width, height: 4)
    }
}
