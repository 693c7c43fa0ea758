import Testing
@testable import Shoji
import ShojiTesting

/// What the containers' property tests check alike: the phase rules every container's
/// children obey at any moment.
@MainActor
enum ContainerProperty {
    /// At any moment: no child is on screen while its container is not, and none says its view
    /// is unloaded while it is loaded.
    static func childPhaseProblems(of container: ViewController) -> [String] {
        var problems: [String] = []
        for child in container.children {
            if child.appearancePhase.isOnScreen && !container.appearancePhase.isOnScreen {
                problems.append(
                    "\(child.debugIdentifier) is \(child.appearancePhase) in a container that is \(container.appearancePhase)"
                )
            }
            if child.appearancePhase == .viewDidUnload && child.isViewLoaded {
                problems.append("\(child.debugIdentifier) says viewDidUnload with its view loaded")
            }
        }
        return problems
    }
}
