import Shoji
import ShojiTesting

/// The root controller of a documentation picture's scene: its view holds `content` at the
/// frames they already have, and it keeps `keep` alive (data sources and controllers that
/// views hold weakly, as an app's controller would).
@MainActor
final class PictureHost: ViewController {
    private let content: [View]
    private let keep: [AnyObject]

    init(_ content: [View], keeping keep: [AnyObject] = []) {
        self.content = content
        self.keep = keep
        super.init()
    }

    override func viewDidLoad() {
        for subview in content { view.addSubview(subview) }
    }

    /// A window of `size` showing `content` (at their frames), animations run to their end.
    static func pilot(showing content: [View], keeping keep: [AnyObject] = [], size: Size) -> Pilot {
        settled(Pilot(Window(rootViewController: PictureHost(content, keeping: keep)), size: size))
    }

    /// `pilot` after its animations ran to their end.
    static func settled(_ pilot: Pilot) -> Pilot {
        pilot.settle()
        return pilot
    }
}
