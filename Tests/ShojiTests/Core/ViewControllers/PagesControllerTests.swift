import Testing
@testable import Shoji
import ShojiTesting

/// The article's example container does what the article says: one page shown, slides in both
/// directions, requests during a slide wait and only the last is kept, every lifecycle call legal.
@MainActor
struct PagesControllerTests {
    /// A recorder started before the pages exist (so their histories are complete), the container
    /// over three pages and a pilot showing it.
    func make() -> (LifecycleRecorder, [TestLeaf], PagesController, Pilot) {
        let recorder = LifecycleRecorder()
        let pages = (0..<3).map { _ in TestLeaf() }
        let container = PagesController(pages: pages)
        return (
            recorder, pages, container, Pilot(Window(rootViewController: container), size: Size(width: 20, height: 4))
        )
    }

    @Test func slidesToTheChosenPageAndBack() {
        let (_, pages, container, pilot) = make()
        container.select(2)
        #expect(container.isTransitioning)
        pilot.advance(by: 0.15)
        #expect(pages[0].view.frame.minX < 0 && pages[2].view.frame.minX > 0, "mid-slide, both pages move left")
        pilot.settle()
        #expect(container.shownPage === pages[2] && container.children.count == 1)
        #expect(pages[2].appearancePhase == .didAppear && pages[0].appearancePhase == .didDisappear)

        container.select(0)
        pilot.advance(by: 0.15)
        #expect(pages[0].view.frame.minX < 0, "back: the earlier page comes in from the left")
        pilot.settle()
        #expect(container.shownPage === pages[0])
    }

    @Test func requestsDuringASlideWaitAndTheLastWins() {
        let (recorder, pages, container, pilot) = make()
        container.select(1)
        container.select(2)
        container.select(0)  // replaces the waiting 2; runs once the slide to 1 has ended
        pilot.settle()
        #expect(container.shownPage === pages[0])
        #expect(!pages[2].isViewLoaded, "the request that was replaced never ran")
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        #expect(checker.violations.isEmpty, "\(checker.violations)")
        #expect(checker.settledViolations().isEmpty)
        #expect(LifecycleChecker.treeViolations(window: pilot.window).isEmpty)
    }
}
