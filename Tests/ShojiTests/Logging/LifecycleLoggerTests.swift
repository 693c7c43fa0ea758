import InMemoryLogging
import Logging
import Testing
@testable import Shoji
import ShojiLogging
import ShojiTesting

@MainActor
struct LifecycleLoggerTests {
    private func makeLogger(clock: ManualClock, format: LifecycleLogFormat = .readable) -> (
        LifecycleLogger, InMemoryLogHandler
    ) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test.lifecycle") { _ in handler }
        logger.logLevel = .trace
        return (LifecycleLogger(logger: logger, level: .info, format: format, clock: clock), handler)
    }

    @Test func logsOneLinePerEventWithTimeTitleAndID() {
        let clock = ManualClock(start: 100)
        let (lifecycleLogger, handler) = makeLogger(clock: clock)
        let controller = TestLeaf()
        controller.title = "Colors"
        controller.loadViewIfNeeded()  // before start: not logged
        #expect(handler.entries.isEmpty)
        lifecycleLogger.start()
        clock.advance(by: 0.25)
        controller.beginAppearanceTransition(true, animated: true)
        clock.advance(by: 1.5)
        controller.endAppearanceTransition()
        let parent = TestContainer()
        parent.addChild(controller)
        let id = controller.debugIdentifier
        #expect(
            handler.entries.map(\.message.description) == [
                "0.250 \"Colors\" \(id) viewWillAppear(true)",
                "1.750 \"Colors\" \(id) viewDidAppear(true)",
                "1.750 \"Colors\" \(id) willMove(toParent: \(parent.debugIdentifier))"
            ])
        #expect(handler.entries.allSatisfy { $0.level == .info })
        let first = handler.entries[0].metadata
        #expect(first["controller"] == .string(id))
        #expect(first["event"] == .string("viewWillAppear"))
        #expect(first["args"] == .string("true"))
        #expect(first["title"] == .string("Colors"))
        #expect(first["seconds"] == .string("0.250"))
        lifecycleLogger.stop()
        controller.beginAppearanceTransition(false, animated: false)
        #expect(handler.entries.count == 3)
    }

    @Test func layoutEventsOnlyWhenAsked() {
        let clock = ManualClock()
        let (lifecycleLogger, handler) = makeLogger(clock: clock)
        lifecycleLogger.start()
        let controller = TestLeaf()
        controller.view.layoutIfNeeded()
        #expect(handler.entries.map(\.message.description) == ["0.000 \(controller.debugIdentifier) viewDidLoad"])
        lifecycleLogger.includesLayout = true
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        #expect(handler.entries.count == 3)
    }

    @Test func tabSeparatedLinesHaveFourFields() {
        let clock = ManualClock()
        let (lifecycleLogger, handler) = makeLogger(clock: clock, format: .tabSeparated)
        lifecycleLogger.start()
        let parent = TestContainer()
        let child = TestLeaf()
        child.title = "Tab\tand\nnewline"
        clock.advance(by: 12.3456)
        parent.addChild(child)
        child.loadViewIfNeeded()
        child.willMove(toParent: nil)
        child.removeFromParent()
        let c = child.debugIdentifier
        #expect(
            handler.entries.map(\.message.description) == [
                "12.346\t\(c)\twillMove(toParent:)\t\(parent.debugIdentifier)",
                "12.346\t\(c)\tviewDidLoad\t",
                "12.346\t\(c)\twillMove(toParent:)\tnil",
                "12.346\t\(c)\tdidMove(toParent:)\tnil"
            ])
        for entry in handler.entries {
            #expect(entry.message.description.split(separator: "\t", omittingEmptySubsequences: false).count == 4)
        }
        #expect(LifecycleLogFormat.tabSeparatedHeader.split(separator: "\t").count == 4)
    }

    @Test func secondsAreWrittenWithThreeDecimals() {
        #expect(LifecycleLogFormat.seconds(0) == "0.000")
        #expect(LifecycleLogFormat.seconds(-3) == "0.000")
        #expect(LifecycleLogFormat.seconds(.nan) == "0.000")
        #expect(LifecycleLogFormat.seconds(0.0004) == "0.000")
        #expect(LifecycleLogFormat.seconds(0.0005) == "0.001")
        #expect(LifecycleLogFormat.seconds(1.05) == "1.050")
        #expect(LifecycleLogFormat.seconds(61.9999) == "62.000")
    }

    @Test func readableLinesKeepTitlesOnOneLine() {
        let event = LifecycleEvent(
            controller: ObjectIdentifier(LifecycleLoggerTests.self), controllerID: "Pane#1",
            title: "two\nlines", method: .viewDidDisappear, animated: false)
        #expect(
            LifecycleLogFormat.readable.line(for: event, at: 2) == "2.000 \"two lines\" Pane#1 viewDidDisappear(false)")
    }

    @Test func aClosureSuppliesTheTime() {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "t") { _ in handler }
        logger.logLevel = .debug
        let clock = ManualClock(start: 5)
        let lifecycleLogger = LifecycleLogger(logger: logger, seconds: { clock.seconds })
        lifecycleLogger.start()
        TestLeaf().loadViewIfNeeded()
        clock.advance(to: 7)
        TestLeaf().loadViewIfNeeded()
        #expect(handler.entries.map { $0.metadata["seconds"] } == [.string("5.000"), .string("7.000")])
        #expect(handler.entries.allSatisfy { $0.level == .debug })
    }
}
