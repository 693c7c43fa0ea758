import Testing
import Shoji
import ShojiTesting

/// `GlyphSet`: which terminal gets which symbols, and the window's setting reaching its views.
@MainActor
struct GlyphSetTests {
    @Test func theEnvironmentDecidesWhenItSaysSo() {
        for type in ["xterm-256color", "linux"] {
            for utf8 in [true, false] {
                #expect(GlyphSet.forTerminal(type: type, localeIsUTF8: utf8, environmentValue: "ascii") == .ascii)
                #expect(GlyphSet.forTerminal(type: type, localeIsUTF8: utf8, environmentValue: " Unicode ") == .unicode)
            }
        }
    }

    @Test func aLocaleThatWasNotUTF8OrTheLinuxConsoleMeanASCII() {
        #expect(GlyphSet.forTerminal(type: "xterm-256color", localeIsUTF8: true, environmentValue: nil) == .unicode)
        #expect(GlyphSet.forTerminal(type: "tmux-256color", localeIsUTF8: true, environmentValue: "") == .unicode)
        #expect(GlyphSet.forTerminal(type: "xterm-256color", localeIsUTF8: false, environmentValue: nil) == .ascii)
        #expect(GlyphSet.forTerminal(type: "linux", localeIsUTF8: true, environmentValue: nil) == .ascii)
        #expect(GlyphSet.forTerminal(type: "linux-16color", localeIsUTF8: true, environmentValue: "other") == .ascii)
        #expect(GlyphSet.forTerminal(type: "linuxish", localeIsUTF8: true, environmentValue: nil) == .unicode)
    }

    @Test func viewsReadTheirWindowsSetting() {
        let view = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(view.glyphSet == .unicode, "outside a window")
        let pilot = pilot(showing: view, size: Size(width: 2, height: 1))
        #expect(view.glyphSet == .unicode)
        pilot.window.glyphSet = .ascii
        #expect(view.glyphSet == .ascii)
        #expect(pilot.loop.needsDisplay, "a change asks for a frame")
    }
}
