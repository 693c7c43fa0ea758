import Testing
@testable import Shoji
import ShojiTesting

/// The containers' one error policy (DECISIONS.md, Containers): a controller in the wrong place
/// is a programmer error and stops the process with a precondition failure, in every container.
/// (Indices from data are thrown, and a pop at the root returns `nil`: each container's own
/// tests pin those.)
@MainActor
struct ContainerErrorPolicyTests {
    @Test func pushingAControllerOnTheStackTwiceStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let root = Card("R")
                StackController(rootViewController: root).pushViewController(root, animated: false)
            }
        }
    }

    @Test func poppingToAControllerNotOnTheStackStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = StackController(rootViewController: Card("R")).popToViewController(Card("S"), animated: false)
            }
        }
    }

    @Test func showingAChildInTwoPlaceholdersStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let split = PlaceholderViewController(placeholderCount: 2)
                let a = Card("A")
                try? split.setInsetViewController(a, at: 1, animated: false)
                try? split.setInsetViewController(a, at: 0, animated: false)
            }
        }
    }

    @Test func selectingATabThatIsNotOneStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                TabBarController(viewControllers: [Card("A")]).setSelectedViewController(Card("S"), animated: false)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { TabBarController(viewControllers: [Card("A")]).selectedViewController = Card("S") }
        }
    }

    @Test func selectingAnOverlayEntryThatIsNotAChildStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                OverlayMenuController(viewControllers: [Card("A")]).setSelectedViewController(
                    Card("S"), animated: false)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                OverlayMenuController(viewControllers: [Card("A")]).selectedViewController = Card("S")
            }
        }
    }

    @Test func pushingAControllerOnTheNavigationStackTwiceStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let root = Card("R")
                NavigationController(rootViewController: root).pushViewController(root, animated: false)
            }
        }
    }
}
