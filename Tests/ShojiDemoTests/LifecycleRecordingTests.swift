import Foundation
import Shoji
import ShojiLogging
import Testing
import ShojiTesting
@testable import ShojiDemoKit

/// The `--log` writer and the journal lifecycle panes read.
@MainActor
struct LifecycleRecordingTests {
    private func temporaryPath() -> String { NSTemporaryDirectory() + "shoji-log-\(UUID().uuidString).tsv" }

    @Test func logWriterWritesOneTabSeparatedLinePerEventAsItHappens() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let clock = ManualClock(start: 1.25)
        let writer = try LifecycleLogWriter(path: path) { clock.seconds }
        writer.start()
        let parent = ViewController()
        let child = ViewController()
        parent.addChild(child)
        // Read while the writer is open: nothing may wait in a buffer.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["1.250\t\(child.debugIdentifier)\twillMove(toParent:)\t\(parent.debugIdentifier)", ""])
        clock.advance(to: 2)
        child.view.frame = Rect(x: 0, y: 0, width: 3, height: 3)
        child.view.layoutIfNeeded()  // layout events are not logged
        child.didMove(toParent: parent)
        writer.stop()
        _ = ViewController().view  // after stop: not logged
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(
            lines == [
                "1.250\t\(child.debugIdentifier)\twillMove(toParent:)\t\(parent.debugIdentifier)",
                "2.000\t\(child.debugIdentifier)\tviewDidLoad\t",
                "2.000\t\(child.debugIdentifier)\tdidMove(toParent:)\t\(parent.debugIdentifier)"
            ])
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
        #expect(writer.linesWritten == 3)
        #expect(writer.writeFailure == nil)
    }

    @Test func logWriterTruncatesAnExistingFile() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        try "old contents\n".write(toFile: path, atomically: true, encoding: .utf8)
        _ = try LifecycleLogWriter(path: path) { 0 }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    }

    @Test func anUnwritableLogFileIsAnErrorThatNamesIt() {
        #expect(throws: LifecycleLogWriter.OpenError(path: "/nonexistent/log.tsv", reason: "no such file or directory"))
        {
            try LifecycleLogWriter(path: "/nonexistent/log.tsv") { 0 }
        }
        do {
            _ = try LifecycleLogWriter(path: NSTemporaryDirectory()) { 0 }
            Issue.record("a directory was opened for writing")
        } catch {
            #expect(error.description == "\(NSTemporaryDirectory()): cannot write the log file: is a directory")
        }
    }

    /// A FIFO with a reader is a log like any other (a FIFO without one, and a terminal, are
    /// refused: see the end-to-end tests, where a hang is bounded).
    @Test func aFIFOWithAReaderTakesTheLog() throws {
        let path = temporaryPath()
        try #require(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        defer { close(reader); unlink(path) }
        let writer = try LifecycleLogWriter(path: path) { 0 }
        writer.start()
        let controller = ViewController()
        _ = controller.view
        writer.stop()
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(reader, &buffer, buffer.count)
        #expect(
            count > 0
                && String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
                    == "0.000\t\(controller.debugIdentifier)\tviewDidLoad\t\n"
        )
        #expect(writer.writeFailure == nil)
    }

    @Test func aFailedWriteStopsTheLogAndIsKept() throws {
        let writer = try LifecycleLogWriter(path: "/dev/full") { 0 }
        writer.start()
        _ = ViewController().view
        _ = ViewController().view
        #expect(
            writer.writeFailure
                == LifecycleLogWriter.WriteError(path: "/dev/full", reason: "no space left on device", linesWritten: 0))
        #expect(
            writer.writeFailure?.description
                == "/dev/full: could not write the log file: no space left on device; it ends after 0 lines")
        #expect(writer.linesWritten == 0)
    }

    @Test func journalKeepsTheLatestEventsInOrderAndCountsAll() {
        let clock = ManualClock(start: 0.0)
        let journal = LifecycleJournal(capacity: 3) { clock.seconds }
        journal.start()
        defer { journal.stop() }
        var calls = 0
        let owner = NSObject()
        journal.addListener(owner) { calls += 1 }
        let controllers = (0..<5).map { _ in ViewController() }
        for (index, controller) in controllers.enumerated() {
            clock.advance(to: Double(index))
            _ = controller.view
        }
        #expect(journal.totalCount == 5)
        #expect(journal.count == 3)
        #expect(
            journal.entries.map(\.event.controllerID) == controllers[2...].map(\.debugIdentifier),
            "oldest first, the first two dropped")
        #expect(journal.entries.map(\.seconds) == [2, 3, 4])
        #expect(journal[0].line == "2.000 \(controllers[2].debugIdentifier) viewDidLoad")
        #expect(calls == 5, "the listener heard every event")
        withExtendedLifetime(owner) {}
    }

    @Test func journalDropsListenersWhoseOwnerIsGone() {
        let journal = LifecycleJournal { 0 }
        journal.start()
        defer { journal.stop() }
        var calls = 0
        do {
            let owner = NSObject()
            journal.addListener(owner) { calls += 1 }
            _ = ViewController().view
        }
        _ = ViewController().view
        #expect(calls == 1)
        #expect(journal.count == 2)
    }
}
