@testable import Shoji

/// A screen titled `title` (its view shows "<title> body") that logs its appearance calls as
/// "willAppear true", "didDisappear false"; subclasses add views after calling super.
@MainActor
class AppearanceLog: ViewController {
    var log: [String] = []

    init(_ title: String) {
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain
        view.addSubview(Label(text: "\(title!) body", frame: Rect(x: 1, y: 0, width: 20, height: 1)))
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("willAppear \(animated)")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("didAppear \(animated)")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.append("willDisappear \(animated)")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.append("didDisappear \(animated)")
    }
}
