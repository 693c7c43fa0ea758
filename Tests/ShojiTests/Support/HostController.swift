import Shoji
import ShojiTesting

/// A root controller whose view holds `content` at the frames they already have: the
/// smallest app that shows some views in a `Window`.
@MainActor
final class HostController: ViewController {
    private let content: [View]

    init(_ content: [View]) {
        self.content = content
        super.init()
    }

    override func viewDidLoad() {
        for subview in content { view.addSubview(subview) }
    }
}

/// Runs `views` headlessly in a window of `size` and renders the first frame.
@MainActor
func pilot(showing views: View..., size: Size, framesPerSecond: Int = 60) -> Pilot {
    Pilot(Window(rootViewController: HostController(views)), size: size, framesPerSecond: framesPerSecond)
}
