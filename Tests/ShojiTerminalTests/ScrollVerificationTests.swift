import Glibc
import Shoji
import Testing
@testable import ShojiTerminal
import ShojiTesting
import TestSupport

/// Vertical motion on the terminal, checked after every frame with `RenderVerifier` (the
/// incremental picture equals one drawn from scratch, equals the surface; the scroll region is
/// the whole screen after every frame): a text pane scrolled by one line and by pages, a list
/// narrower than the screen beside other content, a box sliding up while the text scrolls, a
/// resize in the middle of scrolling; wide characters, emoji and colours at the edges of what
/// scrolls. Terminals with a scroll region (`csr`) scroll; `ansi` (none) writes the rows.
@Suite(.serialized)
@MainActor
struct ScrollVerificationTests {
    nonisolated static let terminals = [
        "xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100", CustomTerminfo.characterAtATime
    ]

    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// A scene of `kind` in a window on a verified terminal, its first frame drawn.
    private func makeScene(_ term: String, _ kind: ScrollScene.Kind, size: Size = Size(width: 72, height: 16)) throws
        -> (Pilot, ScrollScene, RenderVerifier)
    {
        try CustomTerminfo.prepare()
        let scene = ScrollScene(kind)
        let pilot = Pilot(Window(rootViewController: scene), size: size)
        let verifier = try RenderVerifier(term: term, size: size)
        pilot.screen.mirror = verifier
        pilot.send(.redraw)
        pilot.advance(by: 0.1)
        return (pilot, scene, verifier)
    }

    private func scrolled(_ verifier: RenderVerifier) -> Int { verifier.scrolledLines.reduce(0, +) }

    /// One line at a time down and up, then pages, then jumps to either end.
    @Test(arguments: terminals + ["ansi"])
    func textPaneScrollsByLinesAndPages(term: String) throws {
        let (pilot, scene, verifier) = try makeScene(term, .text)
        defer { verifier.close() }
        let text = scene.textView
        let before = verifier.frameBytes.count
        for _ in 0..<8 {
            text.scroll(to: text.scrollOffset + 1)
            pilot.advance(by: 0.05)
        }
        let oneLine = Array(verifier.frameBytes[before...])
        for _ in 0..<3 {
            text.scroll(to: text.scrollOffset - 1)
            pilot.advance(by: 0.05)
        }
        for step in [13, 13, -13, 5, -2, 30] {
            text.scroll(to: text.scrollOffset + step)
            pilot.advance(by: 0.05)
        }
        text.scroll(to: text.maximumScrollOffset)
        pilot.advance(by: 0.05)
        text.scroll(to: 0)
        pilot.advance(by: 0.05)
        verifier.expectClean("text pane")
        if term == "ansi" {
            #expect(scrolled(verifier) == 0, "ansi has no scroll region")
        } else {
            #expect(scrolled(verifier) >= 8, "\(term) scrolled \(verifier.scrolledLines)")
            // A one-line scroll writes one row of text, not the pane: 14 rows of 72 columns.
            #expect(oneLine.allSatisfy { $0 < 72 * 3 }, "\(term) bytes per one-line scroll: \(oneLine)")
        }
    }

    /// A list narrower than the screen: what the scroll region moves beside it is written back.
    @Test(arguments: terminals)
    func partialWidthListBesideOtherContent(term: String) throws {
        for kind in [ScrollScene.Kind.list, .sparseList] {
            let (pilot, scene, verifier) = try makeScene(term, kind)
            defer { verifier.close() }
            for row in [14, 15, 16, 20, 33, 32, 31, 3, 0, 60, 119] {
                scene.listView.scrollToRow(row)
                pilot.advance(by: 0.05)
            }
            verifier.expectClean("\(kind) list")
            if kind == .sparseList {
                #expect(scrolled(verifier) > 0, "\(term): the sparse scene pays to scroll")
            }
        }
    }

    /// A box slides up over the right half (a view moving vertically) while the text scrolls a
    /// line every frame or two.
    @Test(arguments: terminals)
    func scrollsDuringAnAnimation(term: String) throws {
        let (pilot, scene, verifier) = try makeScene(term, .text)
        defer { verifier.close() }
        scene.slideBox(duration: 0.4)
        for step in 0..<20 {
            scene.textView.scroll(to: scene.textView.scrollOffset + (step % 3 == 2 ? -1 : 1))
            pilot.advance(by: 0.025)
        }
        pilot.settle()
        verifier.expectClean("scroll during a slide")
    }

    /// Resizes between scrolls and in the middle of a slide.
    @Test(arguments: terminals)
    func resizeMidScroll(term: String) throws {
        let (pilot, scene, verifier) = try makeScene(term, .text)
        defer { verifier.close() }
        scene.slideBox(duration: 0.3)
        for (index, size) in [Size(width: 60, height: 20), Size(width: 90, height: 12), Size(width: 40, height: 9)]
            .enumerated()
        {
            scene.textView.scroll(to: scene.textView.scrollOffset + 2)
            pilot.advance(by: 0.03)
            pilot.resize(to: size)
            scene.textView.scroll(to: scene.textView.scrollOffset + index + 1)
            pilot.advance(by: 0.03)
            scene.textView.scroll(to: scene.textView.scrollOffset - 1)
            pilot.advance(by: 0.03)
        }
        pilot.settle()
        verifier.expectClean("resizes while scrolling")
    }

    /// Panes pushed and covered from the bottom and the top in a placeholder: views moving up
    /// and down as a whole. Not on `ansi`, which cannot write the bottom-right cell the panes
    /// fill.
    @Test(arguments: terminals)
    func verticalTransitions(term: String) throws {
        try CustomTerminfo.prepare()
        let container = PlaceholderViewController()
        let size = Size(width: 64, height: 14)
        let pilot = Pilot(Window(rootViewController: container), size: size)
        let verifier = try RenderVerifier(term: term, size: size)
        defer { verifier.close() }
        pilot.screen.mirror = verifier
        try container.setInsetViewController(ScenePane("First", wide: true), animated: false)
        pilot.send(.redraw)
        pilot.advance(by: 0.1)
        let styles: [TransitionStyle] = [
            .push(from: .bottom), .cover(from: .bottom), .push(from: .top), .uncover(to: .top)
        ]
        for (index, style) in styles.enumerated() {
            let pane = ScenePane(
                "Pane \(index)", background: Style(background: .palette(UInt8(52 + index * 20))), wide: index % 2 == 0)
            try container.setInsetViewController(pane, transition: style, animated: true)
            pilot.settle()
        }
        verifier.expectClean("vertical transitions")
        #expect(scrolled(verifier) > 0, "\(term) scrolled \(verifier.scrolledLines)")
    }
}
