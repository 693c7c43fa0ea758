import ShojiTesting
import Testing
@testable import Shoji

/// A test's lifecycle recorder for one controller tree, set when the tree is made (a test
/// struct's property cannot be set from its non-mutating helpers), so other tests running
/// meanwhile stay out of its log.
@MainActor
final class TreeRecorder {
    private var recorder: LifecycleRecorder?

    /// Starts recording `root`'s tree (anew).
    func record(_ root: ViewController) { recorder = LifecycleRecorder(.tree(root)) }

    /// Breaks if the calls recorded since the last check break the lifecycle rules (settled).
    func verify() throws {
        try LifecycleChecker.verify(try #require(recorder).takeEvents())
    }
}
