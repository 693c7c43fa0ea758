import Testing
import TestSupport
@testable import Shoji
@testable import ShojiTerminal
import ShojiTesting

/// A terminal at the other end of a connection: the app's frames reach a terminal model through
/// a sink, the client's bytes come back pushed, all driven by a `MainLoopGroup` on a manual clock.
@MainActor
struct TerminalConnectionTests {
    /// The transport: bytes go to a terminal model; it can refuse them as a stalled client does.
    final class ModelSink: ConnectionSink {
        let model: TerminalModel
        var sent: [[UInt8]] = []
        var isAcceptingBytes = true

        init(columns: Int, rows: Int) { model = TerminalModel(columns: columns, rows: rows) }

        func send(_ bytes: [UInt8]) {
            sent.append(bytes)
            model.feed(bytes)
        }

        var allBytes: [UInt8] { sent.flatMap { $0 } }
    }

    final class ManualWaiter: LoopWaiter {
        func wait(timeout: Double?) {}
        nonisolated func wake() {}
    }

    let clock = ManualClock()
    let group = MainLoopGroup(waiter: ManualWaiter())
    let sink = ModelSink(columns: 60, rows: 12)

    func makeConnection(environment: [String: String] = [:]) throws -> (TerminalConnection, SideMenuController) {
        let panes = (0..<3).map { index in
            let pane = ViewController()
            pane.title = "Pane \(index)"
            return pane
        }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        let connection = try TerminalConnection(
            terminalType: "xterm-256color", size: Size(width: 60, height: 12), environment: environment, sink: sink,
            waiter: group.waiter, clock: clock)
        return (connection, menu)
    }

    /// Passes as the group would make them, for `seconds` of the manual clock.
    func run(for seconds: Double) {
        let end = clock.seconds + seconds
        group.runPass(waiting: false)
        while let timeout = group.waitTimeout, clock.seconds + timeout <= end {
            clock.advance(by: max(timeout, 0.001))
            group.runPass(waiting: false)
        }
        clock.advance(to: end)
        group.runPass(waiting: false)
    }

    func screenText() -> String { (0..<sink.model.rows).map { sink.model.text(row: $0) }.joined(separator: "\n") }

    @Test func theClientsTerminalShowsTheAppAndItsKeysWorkIt() throws {
        let (connection, menu) = try makeConnection()
        connection.start(Application(rootViewController: menu), in: group) {}
        run(for: 0.2)
        #expect(sink.allBytes.starts(with: Array("\u{1B}[?1049h".utf8)), "full-screen mode first")
        #expect(sink.model.text(row: 0).contains("Menu"), "\(screenText())")
        connection.input.push(Array("\u{1B}[12~".utf8))  // F2
        run(for: 1)
        #expect(menu.isMenuVisible)
        #expect(sink.model.text(row: 1).hasPrefix(" Pane 0"), "\(screenText())")
        connection.input.reportResize(Size(width: 40, height: 8))
        run(for: 0.2)
        #expect(connection.screen.size == Size(width: 40, height: 8) && menu.view.frame.size.width == 40)
    }

    @Test func startUpAnswersAreTakenOutOfTheStreamAndKeysTypedMeanwhileKept() throws {
        let (connection, menu) = try makeConnection()
        connection.start(Application(rootViewController: menu), in: group) {}
        #expect(sink.allBytes.suffix(SynchronizedOutputProbe.query.count).elementsEqual(SynchronizedOutputProbe.query))
        connection.input.push(Array("\u{1B}[?2026;2$y".utf8) + Array("m".utf8) + Array("\u{1B}[?62;22c".utf8))
        let events = connection.input.nextEvents(timeout: 0)
        #expect(events == [.key(KeyEvent(.character("m")))])
        #expect(connection.screen.usesSynchronizedUpdates)
    }

    @Test func aClientWithTheKittyProtocolGetsItPushedAndPoppedAtTheEnd() throws {
        let (connection, menu) = try makeConnection()
        connection.start(Application(rootViewController: menu), in: group) {}
        connection.input.push(Array("\u{1B}[?0u\u{1B}[?62;22c".utf8))
        run(for: 0.1)
        #expect(connection.screen.keyboardProtocol == .kitty)
        #expect(String(decoding: sink.allBytes, as: UTF8.self).contains("\u{1B}[>1u"))
        connection.input.push(Array("\u{1B}[12~".utf8))
        run(for: 1)
        connection.input.push(Array("\u{1B}[27u".utf8))  // Escape, as the protocol sends it
        // Less than the decoder's 50 ms wait for a lone Escape: only a whole sequence acts.
        run(for: 0.02)
        #expect(!menu.isMenuVisible || menu.paneView.frame.minX < 20, "Escape acted at once")
        connection.input.reportHangUp()
        run(for: 0.1)
        #expect(String(decoding: sink.sent.last ?? [], as: UTF8.self).hasPrefix("\u{1B}[<u"))
    }

    /// A client in tmux (its XTVERSION answer, without the kitty protocol's) gets modifyOtherKeys
    /// level 1, Shift+Enter then arrives as tmux sends it, no release is asked for, and the way
    /// out resets modifyOtherKeys first.
    @Test func aClientInTmuxGetsModifyOtherKeysAndItsResetAtTheEnd() throws {
        let view = ReleaseView(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let controller = ViewController()
        controller.view.addSubview(view)
        let (connection, _) = try makeConnection()
        connection.start(Application(rootViewController: controller), in: group) {}
        connection.input.push(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8))
        run(for: 0.1)
        var text: String { String(decoding: sink.allBytes, as: UTF8.self) }
        #expect(connection.screen.keyboardProtocol == .modifyOtherKeys)
        #expect(text.components(separatedBy: "\u{1B}[>4;1m").count == 2, "switched on once")
        #expect(
            connection.screen.reportsKeyReleases && !text.contains("\u{1B}[=") && !text.contains("\u{1B}[>3u"),
            "releases wanted, none asked for")
        connection.input.reportHangUp()
        run(for: 0.1)
        #expect(String(decoding: sink.sent.last ?? [], as: UTF8.self).hasPrefix("\u{1B}[>4m"))
    }

    /// A focused view that wants key releases while `wants`, and logs them.
    final class ReleaseView: View {
        var wants = true {
            didSet { setNeedsKeyReleaseUpdate() }
        }
        var released: [KeyEvent] = []
        override var canBecomeFocused: Bool { true }
        override var wantsKeyReleases: Bool { wants }
        override func keyReleased(_ event: KeyEvent) -> Bool {
            released.append(event)
            return true
        }
    }

    /// While a view on the key route wants releases, the pushed entry's flags have "report event
    /// types" (pushed as `ESC [ > 3 u`, or set with `ESC [ = 3 ; 1 u`) and lose it when none does
    /// (`= 1 ; 1 u`); a release arrives as one, and the way out still pops the one entry pushed.
    /// Without the protocol nothing is sent.
    @Test(arguments: [true, false])
    func releasesAreAskedForOnlyWhileWantedAndOnlyWithTheProtocol(kitty: Bool) throws {
        let view = ReleaseView(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let controller = ViewController()
        controller.view.addSubview(view)
        let (connection, _) = try makeConnection()
        connection.start(Application(rootViewController: controller), in: group) {}
        connection.input.push(Array(((kitty ? "\u{1B}[?0u" : "") + "\u{1B}[?62;22c").utf8))
        run(for: 0.1)
        let on = "\u{1B}[=3;1u"
        let off = "\u{1B}[=1;1u"
        var text: String { String(decoding: sink.allBytes, as: UTF8.self) }
        #expect(view.isFocused)
        #expect(connection.screen.reportsKeyReleases)
        #expect(text.contains("\u{1B}[>3u") == kitty, "wanted before the answer: pushed with flag 2")
        #expect(!text.contains(off) && !text.contains(on))
        connection.input.push(Array("\u{1B}[1;1A\u{1B}[1;1:3A".utf8))
        run(for: 0.1)
        #expect(view.released == [KeyEvent(.up)])
        view.wants = false
        run(for: 0.1)
        #expect(!connection.screen.reportsKeyReleases)
        #expect(text.contains(off) == kitty)
        view.wants = true
        run(for: 0.1)
        #expect(text.contains(on) == kitty)
        let pushes = ["\u{1B}[>1u", "\u{1B}[>3u"].map { text.components(separatedBy: $0).count - 1 }
        #expect(pushes.reduce(0, +) == (kitty ? 1 : 0), "one push")
        connection.input.reportHangUp()
        run(for: 0.1)
        #expect(String(decoding: sink.sent.last ?? [], as: UTF8.self).hasPrefix("\u{1B}[<u") == kitty)
    }

    /// Outside a group (a loop's own `run()`), the input waits on the waiter while nothing was
    /// pushed, no longer than the answers' wait; with bytes waiting it does not wait at all.
    @Test func readAloneItWaitsOnlyWhileNothingWasPushed() throws {
        final class RecordingWaiter: LoopWaiter {
            var waits: [Double?] = []
            func wait(timeout: Double?) { waits.append(timeout) }
            nonisolated func wake() {}
        }
        let waiter = RecordingWaiter()
        let description = try #require(TerminalDescription.named("xterm-256color"))
        let screen = ConnectionScreen(description: description, size: Size(width: 10, height: 2), sink: sink)
        let input = try ConnectionInput(
            terminalType: "xterm-256color", screen: screen, waiter: waiter, clock: clock, awaitingAnswers: true)
        _ = input.nextEvents(timeout: 5)
        #expect(waiter.waits == [SynchronizedOutputProbe.timeout], "until the answers' deadline, not 5 s")
        _ = input.nextEvents(timeout: 0)
        #expect(waiter.waits.count == 1, "a group's read never waits")
        input.push(Array("x".utf8))
        _ = input.nextEvents(timeout: 5)
        #expect(waiter.waits.count == 1, "bytes waiting: no wait")
    }

    /// Links are decided by the client's environment, with its terminal type as `TERM`.
    @Test func linksFollowTheClientsEnvironmentAndTerminalType() throws {
        let xterm = try #require(TerminalDescription.named("xterm-256color"))
        let size = Size(width: 10, height: 2)
        #expect(!ConnectionScreen(description: xterm, size: size, sink: sink).usesHyperlinks)
        #expect(
            ConnectionScreen(
                description: xterm, size: size, sink: sink, hyperlinkEnvironment: ["SHOJI_HYPERLINKS": "1"]
            ).usesHyperlinks)
        #expect(
            !ConnectionScreen(description: xterm, size: size, sink: sink, hyperlinkEnvironment: ["TERM": "xterm-kitty"])
                .usesHyperlinks, "the type the client named counts, not a TERM it sent")
        #expect(try !makeConnection().0.screen.usesHyperlinks)
        #expect(try makeConnection(environment: ["SHOJI_HYPERLINKS": "on"]).0.screen.usesHyperlinks)
    }

    @Test func withoutAnswersKeysComeOutAfterTheWaitAndFramesAreNotWrapped() throws {
        let (connection, _) = try makeConnection()
        connection.input.push(Array("m".utf8))
        #expect(connection.input.nextEvents(timeout: 0).isEmpty, "held while the answers may come")
        #expect(connection.input.inputDeadline == SynchronizedOutputProbe.timeout)
        clock.advance(by: SynchronizedOutputProbe.timeout)
        #expect(connection.input.nextEvents(timeout: 0) == [.key(KeyEvent(.character("m")))])
        #expect(!connection.screen.usesSynchronizedUpdates)
    }

    @Test func aLoneEscapeIsAKeyOnlyOnceTheDecodersWaitPassedOnTheLoopsClock() throws {
        let (connection, _) = try makeConnection()
        clock.advance(by: SynchronizedOutputProbe.timeout)
        _ = connection.input.nextEvents(timeout: 0)
        connection.input.push([0x1B])
        for _ in 0..<5 { #expect(connection.input.nextEvents(timeout: 0).isEmpty) }
        let deadline = try #require(connection.input.inputDeadline)
        #expect(deadline > clock.seconds)
        clock.advance(to: deadline)
        #expect(connection.input.nextEvents(timeout: 0) == [.key(KeyEvent(.escape))])
        connection.input.push(Array("\u{1B}[A".utf8))
        #expect(connection.input.nextEvents(timeout: 0) == [.key(KeyEvent(.up))], "a whole sequence needs no wait")
    }

    @Test func framesSkippedWhileTheClientIsBehindArriveAsOneDifference() throws {
        let (connection, menu) = try makeConnection()
        connection.start(Application(rootViewController: menu), in: group) {}
        run(for: 0.2)
        sink.isAcceptingBytes = false
        let before = sink.sent.count
        connection.input.push(Array("\u{1B}[12~".utf8))
        run(for: 1)
        #expect(menu.isMenuVisible && sink.sent.count == before, "nothing sent while the client is behind")
        #expect(connection.screen.skippedFrameCount > 5 && connection.screen.hasSkippedFrame)
        sink.isAcceptingBytes = true
        connection.input.reportAcceptingBytes()
        run(for: 0.1)
        #expect(sink.sent.count == before + 1, "one frame once it takes bytes again")
        #expect(sink.model.text(row: 1).hasPrefix(" Pane 0"), "it shows the menu open: \(screenText())")
        #expect(!connection.screen.hasSkippedFrame)
        #expect(group.waitTimeout == nil, "idle again")
    }

    @Test func theClientGoingAwayEndsTheAppAndItsTerminalGetsItsModesBack() throws {
        let (connection, menu) = try makeConnection()
        var ended = 0
        connection.start(Application(rootViewController: menu), in: group) { ended += 1 }
        run(for: 0.2)
        connection.input.reportHangUp()
        run(for: 0.1)
        #expect(ended == 1 && group.loops.isEmpty)
        let tail = String(decoding: sink.sent.last ?? [], as: UTF8.self)
        #expect(tail.contains("\u{1B}[?1049l") && tail.contains("\u{1B}[?1000l") && tail.contains("\u{1B}[?25h"))
        let count = sink.sent.count
        connection.screen.present(Surface(size: connection.screen.size))
        #expect(sink.sent.count == count, "nothing is sent after the restore")
    }

    @Test func theClientsEnvironmentSetsItsOwnWindowOnly() throws {
        let (connection, menu) = try makeConnection(environment: [
            "SHOJI_THEME": "monochrome", "SHOJI_ANIMATIONS": "none", "LANG": "C", "NO_COLOR": "1",
            "SHOJI_SCREEN_READER": "1"
        ])
        let app = Application(rootViewController: menu)
        connection.start(app, in: group) {}
        #expect(app.window.theme == .monochrome && !app.window.areAnimationsEnabled && app.window.glyphSet == .ascii)
        #expect(app.isScreenReaderModeOn, "a screen-reader user's client")
        #expect(View.areAnimationsEnabled, "the process-wide setting is untouched")
        #expect(!connection.screen.usesColor)
    }

    @Test func aTerminalTypeNobodyKnowsIsDrawnAsXterm256color() throws {
        let unknown = try #require(TerminalDescription.named("no-such-terminal-type"))
        #expect(unknown.type == "xterm-256color")
        for hostile in ["", "../../../etc/passwd", String(repeating: "x", count: 65), "xterm\u{1B}[2J", "vt100 -e"] {
            let description = try #require(TerminalDescription.named(hostile))
            #expect(description.type == "xterm-256color")
        }
        let vt100 = try #require(TerminalDescription.named("vt100"))
        #expect(vt100.type == "vt100" && vt100.colorCount == nil)
        #expect(TerminalDescription.named("xterm-256color")?.colorCount == 256)
    }
}
