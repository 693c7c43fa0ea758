@testable import Shoji

/// A screen with two buttons, "One" above "Two", for tests of where the focus goes and comes
/// back to.
@MainActor
final class TwoButtons: ViewController {
    let first = Button(title: "One", frame: Rect(x: 1, y: 1, width: 9, height: 1))
    let second = Button(title: "Two", frame: Rect(x: 1, y: 2, width: 9, height: 1))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(first)
        view.addSubview(second)
    }
}
