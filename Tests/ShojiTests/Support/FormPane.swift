@testable import Shoji

/// A screen with one text field, for tests of the keys a focused text input takes before the
/// containers around it (a side menu's `m`, the application's `q`).
@MainActor
final class FormPane: ViewController {
    let field = TextField(frame: Rect(x: 1, y: 1, width: 20, height: 1))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
    }
}
