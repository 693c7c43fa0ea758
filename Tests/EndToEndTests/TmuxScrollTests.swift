import Foundation
import Shoji
@testable import ShojiTerminal
import ShojiTesting
import TestSupport
import Testing

/// Vertical motion drawn by Shoji's terminal backend into tmux, on each terminal type Shoji
/// supports, compared with tmux's picture after every frame (as `TmuxMotionTests`: the text of
/// every row, and colours and attributes for tmux's own types): a text pane scrolled by one
/// line and by pages, a list narrower than the screen beside busy and sparse content, a box
/// sliding up while the text scrolls, and resizes in the middle of it. Wide characters, emoji
/// and colours sit at the edges of what scrolls.
@Suite(.serialized)
@MainActor
struct TmuxScrollTests {
    nonisolated static let terminals = TmuxMotionTests.terminals

    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// Runs `script` on a scene of `kind` drawn into tmux as `term`, checking every frame;
    /// returns the failures and how many lines the frames scrolled.
    private func run(
        _ term: String, _ kind: ScrollScene.Kind, script: (Pilot, ScrollScene) -> Void
    ) throws -> (failures: [String], scrolled: Int, frames: Int) {
        let scene = ScrollScene(kind, clusters: false)
        return try run(term, root: scene) { script($0, scene) }
    }

    /// Runs `script` on `root` drawn into tmux as `term` (see `run(_:_:script:)`).
    private func run(
        _ term: String, root: ViewController, script: (Pilot) -> Void
    ) throws -> (failures: [String], scrolled: Int, frames: Int) {
        let size = Size(width: 70, height: 16)
        let pilot = Pilot(Window(rootViewController: root), size: size)
        let screen = try TmuxScreen(size: size, term: term)
        defer { screen.close() }
        var failures: [String] = []
        var scrolled = 0
        screen.checkEveryFrame = { surface, rows in
            scrolled += screen.terminal.scrolledLineCount
            guard failures.count < 4 else { return }
            for y in 0..<surface.size.height {
                let expected = TmuxScreen.expectedRow(surface, y, calibration: [:])
                var shown = y < rows.count ? rows[y] : ""
                while shown.hasSuffix(" ") { shown.removeLast() }
                if shown != expected {
                    failures.append(
                        "frame \(screen.frames) row \(y):\n  expected \(expected.debugDescription)\n  tmux     \(shown.debugDescription)\n  bytes: \(screen.lastFrameText)"
                    )
                    return
                }
            }
            if TmuxMotionTests.tmuxTypes.contains(term), let problem = screen.styleMismatches(surface, term: term).first
            {
                failures.append("frame \(screen.frames): \(problem)\n  bytes: \(screen.lastFrameText)")
            }
        }
        pilot.screen.mirror = screen
        pilot.send(.redraw)
        pilot.advance(by: 0.1)
        script(pilot)
        return (failures, scrolled, screen.frames)
    }

    @Test(arguments: terminals)
    func textPaneScrollsMatchTmuxAfterEveryFrame(term: String) throws {
        let result = try run(term, .text) { pilot, scene in
            let text = scene.textView
            for step in [1, 1, 1, -1, 1, 13, 13, -13, 4, -1, 30] {
                text.scroll(to: text.scrollOffset + step)
                pilot.advance(by: 0.05)
            }
            scene.slideBox(duration: 0.3)  // a view moving up while the text scrolls
            for step in 0..<12 {
                text.scroll(to: text.scrollOffset + (step % 3 == 2 ? -1 : 2))
                pilot.advance(by: 0.03)
            }
            pilot.resize(to: Size(width: 80, height: 20))  // mid-scroll
            text.scroll(to: text.scrollOffset + 1)
            pilot.advance(by: 0.05)
            pilot.resize(to: Size(width: 60, height: 12))
            text.scroll(to: text.scrollOffset - 3)
            pilot.settle()
        }
        #expect(result.frames > 25, "frames were checked")
        #expect(result.scrolled > 10, "\(term) scrolled \(result.scrolled) lines")
        #expect(result.failures.isEmpty, "\(term):\n\(result.failures.joined(separator: "\n"))")
    }

    @Test(arguments: terminals)
    func partialWidthListsMatchTmuxAfterEveryFrame(term: String) throws {
        for kind in [ScrollScene.Kind.list, .sparseList] {
            let result = try run(term, kind) { pilot, scene in
                for row in [14, 15, 16, 20, 33, 32, 31, 3, 0, 60, 119] {
                    scene.listView.scrollToRow(row)
                    pilot.advance(by: 0.05)
                }
                pilot.settle()
            }
            #expect(result.frames > 10, "frames were checked")
            if kind == .sparseList { #expect(result.scrolled > 0, "\(term) scrolled beside a sparse side") }
            #expect(result.failures.isEmpty, "\(term) \(kind):\n\(result.failures.joined(separator: "\n"))")
        }
    }

    /// Panes pushed and covered from the bottom and the top: views moving up and down whole.
    @Test(arguments: terminals)
    func verticalTransitionsMatchTmuxAfterEveryFrame(term: String) throws {
        let container = PlaceholderViewController()
        try container.setInsetViewController(
            TitledPane("First 漢字 😀", background: Style(background: .palette(24))), animated: false)
        let styles: [TransitionStyle] = [
            .push(from: .bottom), .cover(from: .bottom), .push(from: .top), .uncover(to: .top)
        ]
        let result = try run(term, root: container) { pilot in
            for (index, style) in styles.enumerated() {
                let pane = TitledPane(
                    "Pane \(index) かな 😀", background: Style(background: .palette(UInt8(52 + index * 20))))
                try? container.setInsetViewController(pane, transition: style, animated: true)
                pilot.settle()
            }
        }
        #expect(result.frames > 20, "frames were checked")
        #expect(result.scrolled > 0, "\(term) scrolled")
        #expect(result.failures.isEmpty, "\(term):\n\(result.failures.joined(separator: "\n"))")
    }
}
