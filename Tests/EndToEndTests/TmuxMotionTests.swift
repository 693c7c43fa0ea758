import Foundation
import Shoji
@testable import ShojiTerminal
import ShojiTesting
import Testing

/// Every motion pattern of issue 11 drawn by Shoji's terminal backend into tmux, on each
/// terminal type Shoji supports (the bytes come from that type's terminfo; tmux interprets them),
/// and compared with tmux's picture after every frame: the text of every row and, for the
/// types tmux itself is (`tmux-256color`, `screen-256color`), the colours and attributes of
/// every glyph and blank (`capture-pane -e`). tmux is not xterm, a Linux console nor a vt100:
/// it does not paint the background into the blanks delete-character brings in as xterm's
/// `bce` says, and shows attributes a vt100 lacks; those types' colours are checked against
/// their own model in `FrameVerificationTests`. Coloured backgrounds, wide characters and emoji
/// crossing the pane's edge, and a glyph in the bottom-right cell.
@Suite(.serialized)
@MainActor
struct TmuxMotionTests {
    nonisolated static let terminals = ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100"]
    /// The types whose every rendition tmux shows as the type says.
    nonisolated static let tmuxTypes: Set<String> = ["screen-256color", "tmux-256color"]

    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    @Test(arguments: terminals)
    func everyMotionMatchesTmuxAfterEveryFrame(term: String) throws {
        let titles = ["Alpha 漢字", "Beta 😀 wide", "Gamma かな"]
        let panes = titles.map {
            NavigationController(rootViewController: TitledPane($0, background: Style(background: .palette(24))))
        }
        let menu = try SideMenuController(viewControllers: panes)
        let size = Size(width: 70, height: 16)
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        let screen = try TmuxScreen(size: size, term: term)
        defer { screen.close() }
        var failures: [String] = []
        screen.checkEveryFrame = { surface, rows in
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
            if Self.tmuxTypes.contains(term), let problem = screen.styleMismatches(surface, term: term).first {
                failures.append("frame \(screen.frames): \(problem)\n  bytes: \(screen.lastFrameText)")
            }
        }
        pilot.screen.mirror = screen
        pilot.send(.redraw)
        pilot.advance(by: 0.5)

        pilot.press(.function(2))  // open
        pilot.settle()
        pilot.press(.escape)  // close
        pilot.settle()
        pilot.press(.function(2))
        pilot.advance(by: 0.12)
        pilot.press(.function(2))  // reversed mid-way
        pilot.advance(by: 0.05)
        pilot.press(.function(2))  // and again
        pilot.settle()
        pilot.press(.down)
        pilot.press(.enter)  // replacement: the pane slides off and the next one in
        pilot.settle()
        let navigation = try #require(menu.selectedViewController as? NavigationController)
        navigation.pushViewController(
            TitledPane("Pushed 漢 😀", background: Style(background: .palette(52))), animated: true)
        pilot.settle()
        _ = navigation.popViewController(animated: true)
        pilot.settle()
        pilot.press(.function(2))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 80, height: 18))  // a resize mid-slide
        pilot.settle()
        pilot.press(.function(2))
        pilot.settle()

        #expect(!menu.isMenuVisible)
        #expect(screen.frames > 40, "frames were checked")
        #expect(failures.isEmpty, "\(term):\n\(failures.joined(separator: "\n"))")
    }
}
