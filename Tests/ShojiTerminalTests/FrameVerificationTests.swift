import Glibc
import Shoji
import Testing
@testable import ShojiTerminal
import ShojiTesting
import TestSupport

/// The terminal backend, checked after every frame of every kind of motion: the bytes it sends
/// are replayed into a terminal model, which must show what a full redraw of the same surface
/// shows, and that must be the surface (see `RenderVerifier`), on each terminal type Shoji
/// supports: those with insert/delete character shift rows, vt100 (without) rewrites them.
@Suite(.serialized)
@MainActor
struct FrameVerificationTests {
    nonisolated static let terminals = ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100"]
    /// Terminals whose terminfo has insert- and delete-character.
    nonisolated static let shifting: Set<String> = ["xterm-256color", "screen-256color", "tmux-256color", "linux"]

    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// A side menu of three panes in a window on a verified terminal, its first frame drawn.
    private func makeMenu(
        _ term: String, size: Size = Size(width: 72, height: 16), wide: Bool = false,
        background: Style? = Style(background: .palette(24)),
        widthRule: TerminalModel.WidthRule = .clusters,
        useColor: Bool = true
    ) throws -> (Pilot, SideMenuController, RenderVerifier) {
        let panes = ["Alpha", "Beta", "Gamma"].map { ScenePane($0, background: background, wide: wide) }
        let menu = try SideMenuController(viewControllers: panes)
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        let verifier = try RenderVerifier(term: term, size: size, widthRule: widthRule, useColor: useColor)
        pilot.screen.mirror = verifier
        pilot.send(.redraw)
        pilot.advance(by: 1)
        return (pilot, menu, verifier)
    }

    /// Shifts were used where the terminal has them, and never where it has not.
    private func expectShifts(_ verifier: RenderVerifier, sourceLocation: SourceLocation = #_sourceLocation) {
        let shifted = verifier.shiftedRows.reduce(0, +)
        if Self.shifting.contains(verifier.term) {
            #expect(shifted > 0, "\(verifier.term) shifted no row", sourceLocation: sourceLocation)
        } else {
            #expect(shifted == 0, "\(verifier.term) has no insert/delete character", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: terminals)
    func openingAndClosing(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
        let opened = verifier.frames
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible)
        #expect(verifier.frames > opened + 5)
        verifier.expectClean("open and close")
        expectShifts(verifier)
    }

    @Test(arguments: terminals)
    func reversalMidway(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.advance(by: 0.12)
        pilot.press(.function(2))  // back before it is open
        pilot.advance(by: 0.05)
        pilot.press(.function(2))  // and forth again
        pilot.settle()
        #expect(menu.isMenuVisible)
        verifier.expectClean("reversals")
    }

    @Test(arguments: terminals)
    func replacement(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.down)
        pilot.press(.enter)  // the pane slides off, the views swap, the new one slides in
        pilot.settle()
        #expect(menu.selectedIndex == 1)
        #expect(pilot.text.contains("Beta: line 3"))
        verifier.expectClean("replacement")
    }

    @Test(arguments: terminals)
    func pushAndPop(term: String) throws {
        let navigation = NavigationController(rootViewController: ScenePane("Root"))
        let size = Size(width: 64, height: 14)
        let pilot = Pilot(Window(rootViewController: navigation), size: size)
        let verifier = try RenderVerifier(term: term, size: size)
        defer { verifier.close() }
        pilot.screen.mirror = verifier
        pilot.send(.redraw)
        navigation.pushViewController(
            ScenePane("Pushed", background: Style(background: .palette(52)), wide: true), animated: true)
        pilot.settle()
        #expect(pilot.text.contains("Pushed: line 2"))
        _ = navigation.popViewController(animated: true)
        pilot.settle()
        #expect(pilot.text.contains("Root: line 2"))
        verifier.expectClean("push and pop")
        expectShifts(verifier)
    }

    /// A focused text field in the sliding pane: the terminal's cursor shows at its insertion
    /// point after every frame, hides while the menu has the focus, and comes back.
    @Test(arguments: terminals)
    func theCursorOfAFocusedFieldThroughSlides(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term)
        defer { verifier.close() }
        let field = TextField(text: "abc", frame: Rect(x: 4, y: 2, width: 20, height: 1))
        let pane = menu.selectedViewController
        pane.view.addSubview(field)
        #expect(pilot.window.makeFirstResponder(field))
        pilot.advance(by: 0.1)
        pilot.type("de")
        pilot.advance(by: 0.1)
        let shown = verifier.framesWithCursor
        #expect(shown > 0, "the field's cursor showed")
        pilot.press(.function(2))
        pilot.advance(by: 0.1)
        pilot.press(.function(2))  // reversed mid-way
        pilot.settle()
        pilot.type("f")
        pilot.settle()
        #expect(field.text == "abcdef")
        #expect(verifier.framesWithCursor > shown)
        verifier.expectClean("a cursor in a sliding pane")
    }

    @Test(arguments: terminals)
    func resizeMidSlide(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 90, height: 20))
        pilot.advance(by: 0.05)
        pilot.resize(to: Size(width: 50, height: 12))
        pilot.settle()
        #expect(menu.isMenuVisible)
        pilot.press(.function(2))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 70, height: 15))
        pilot.settle()
        verifier.expectClean("resizes while sliding")
    }

    @Test(arguments: terminals)
    func wideCharactersAndEmojiCrossingThePaneEdge(term: String) throws {
        let (pilot, menu, verifier) = try makeMenu(term, wide: true)
        defer { verifier.close() }
        for _ in 0..<2 {
            pilot.press(.function(2))
            pilot.settle()
        }
        pilot.press(.function(2))
        pilot.press(.down)
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(menu.selectedIndex == 2)
        verifier.expectClean("wide characters at the pane's edges")
        expectShifts(verifier)
    }

    /// A terminal that measures each scalar on its own (VS16 does not widen, a skin tone and
    /// each member of a ZWJ family is a glyph of its own): every other glyph stays in place
    /// and nothing is left behind.
    @Test(arguments: ["xterm-256color", "tmux-256color", "vt100"])
    func wideCharactersOnATerminalThatMeasuresScalars(term: String) throws {
        let (pilot, _, verifier) = try makeMenu(term, wide: true, widthRule: .scalars)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        verifier.expectClean("per-scalar widths")
    }

    /// Panes on the default background: erasing is safe on every terminal, coloured or not.
    @Test(arguments: terminals)
    func defaultBackground(term: String) throws {
        let (pilot, _, verifier) = try makeMenu(term, background: nil)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        verifier.expectClean("default background")
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func withoutColour(term: String) throws {
        let (pilot, _, verifier) = try makeMenu(term, useColor: false)
        defer { verifier.close() }
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        verifier.expectClean("NO_COLOR")
    }

    /// Terminals with fewer ways to shift a row: one character at a time (`ich1`, `dch1`), or
    /// inserting only in insert mode (`smir`/`rmir`). Rows slide both ways with what the
    /// terminal has, several columns a frame, and every frame is right.
    @Test(arguments: [CustomTerminfo.characterAtATime, CustomTerminfo.insertModeOnly])
    func terminalsWithoutParameterisedInsertAndDelete(term: String) throws {
        try CustomTerminfo.prepare()
        let (pilot, menu, verifier) = try makeMenu(term, wide: true)
        defer { verifier.close() }
        pilot.loop.framesPerSecond = 20  // a few columns a frame
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
        pilot.press(.escape)
        pilot.settle()
        pilot.press(.function(2))
        pilot.advance(by: 0.1)
        pilot.press(.function(2))
        pilot.settle()
        #expect(!menu.isMenuVisible)
        verifier.expectClean(term)
        #expect(terminfoString("ich") == nil && terminfoString("dch") == nil, "the entry is the one compiled")
        let dch1 = try #require(terminfoString("dch1"))
        #expect(verifier.timesSent(dch1) > 0, "rows slid left")
        if term == CustomTerminfo.characterAtATime {
            let ich1 = try #require(terminfoString("ich1"))
            #expect(terminfoString("smir") == nil)
            #expect(verifier.timesSent(ich1) > 0, "rows slid right")
        } else {
            let smir = try #require(terminfoString("smir")), rmir = try #require(terminfoString("rmir"))
            #expect(terminfoString("ich1") == nil)
            #expect(
                verifier.timesSent(smir) > 0 && verifier.timesSent(smir) == verifier.timesSent(rmir), "rows slid right")
        }
    }

    /// Repeated toggles at random moments, with random sizes now and then.
    @Test(arguments: ["xterm-256color", "tmux-256color", "linux"])
    func randomToggles(term: String) throws {
        let (pilot, _, verifier) = try makeMenu(term, wide: true)
        defer { verifier.close() }
        var generator = SeededGenerator(seed: 0x5EED_0011)
        for _ in 0..<40 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                pilot.resize(
                    to: Size(
                        width: Int.random(in: 30...90, using: &generator),
                        height: Int.random(in: 6...20, using: &generator)))
            case 1: pilot.press(.down)
            case 2: pilot.press(.enter)
            default: pilot.press(.function(2))
            }
            pilot.advance(by: Double.random(in: 0...0.35, using: &generator))
        }
        pilot.settle()
        verifier.expectClean("random toggles")
    }
}
