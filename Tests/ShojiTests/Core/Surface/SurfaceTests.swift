import Testing
import ShojiTesting
@testable import Shoji

private let red = Style(foreground: .red)
private let blue = Style(attributes: .bold, background: .blue)
private let green = Style(attributes: [.underline], foreground: .rgb(0, 200, 0))

/// A narrow cell.
private func n(_ grapheme: String, _ style: Style = .plain) -> [Cell] {
    [Cell(grapheme: grapheme, width: 1, style: style)]
}

/// A wide grapheme's lead and continuation.
private func w(_ grapheme: String, _ style: Style = .plain) -> [Cell] {
    [Cell(grapheme: grapheme, width: 2, style: style), Cell(grapheme: "", width: 0, style: style)]
}

/// `count` blanks.
private func b(_ style: Style = .plain, _ count: Int = 1) -> [Cell] {
    Array(repeating: .blank(style), count: count)
}

private func row(_ surface: Surface, _ y: Int = 0) -> [Cell] {
    (0..<surface.size.width).map { surface[$0, y] }
}

/// Checks the guarantees `Surface` documents, for any content.
private func expectInvariants(_ surface: Surface, sourceLocation: SourceLocation = #_sourceLocation) {
    let width = surface.size.width
    for y in 0..<surface.size.height {
        for x in 0..<width {
            let cell = surface[x, y]
            let place = "(\(x), \(y)) \(cell)"
            for scalar in cell.grapheme.unicodeScalars {
                #expect(
                    !TextSanitizer.isControl(scalar.value), "control scalar at \(place)", sourceLocation: sourceLocation
                )
            }
            switch cell.width {
            case 0:
                #expect(
                    cell.grapheme.isEmpty && x > 0 && surface[x - 1, y].width == 2, "orphan continuation at \(place)",
                    sourceLocation: sourceLocation)
            case 2:
                #expect(
                    x + 1 < width && surface[x + 1, y].isContinuation, "lead without continuation at \(place)",
                    sourceLocation: sourceLocation)
                #expect(
                    DisplayWidth.of(cell.grapheme) == 2 && cell.grapheme.count == 1, "bad wide grapheme at \(place)",
                    sourceLocation: sourceLocation)
            default:
                #expect(
                    cell.width == 1 && DisplayWidth.of(cell.grapheme) == 1 && cell.grapheme.count == 1,
                    "bad cell at \(place)", sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite struct SurfaceBasicsTests {
    @Test func startsBlankInTheGivenStyle() {
        let surface = Surface(size: Size(width: 3, height: 2), style: blue)
        #expect(surface.cells == b(blue, 6))
        #expect(surface.bounds == Rect(x: 0, y: 0, width: 3, height: 2))
        #expect(surface.plainText == "   \n   ")
    }

    @Test func writesASCIIAndReturnsTheNextColumn() {
        var surface = Surface(size: Size(width: 6, height: 2))
        let end = surface.write("abc", at: Point(x: 1, y: 1), style: red)
        #expect(end == 4)
        #expect(row(surface, 0) == b(.plain, 6))
        #expect(row(surface, 1) == b() + n("a", red) + n("b", red) + n("c", red) + b(.plain, 2))
        #expect(surface.write("", at: Point(x: 2, y: 0)) == 2)
        #expect(row(surface, 0) == b(.plain, 6))
    }

    @Test func writesWideGraphemesAsLeadAndContinuation() {
        var surface = Surface(size: Size(width: 7, height: 1))
        let end = surface.write("a漢b😀", at: Point(x: 1, y: 0), style: green)
        #expect(end == 7)
        #expect(row(surface) == b() + n("a", green) + w("漢", green) + n("b", green) + w("😀", green))
        expectInvariants(surface)
    }

    @Test func storesWholeClusters() {
        var surface = Surface(size: Size(width: 10, height: 1))
        let family = "👨\u{200D}👩\u{200D}👧"
        let end = surface.write("e\u{301}\(family)🇯🇵❤\u{FE0F}x", at: .zero)
        #expect(end == 8)
        #expect(row(surface) == n("e\u{301}") + w(family) + w("🇯🇵") + w("❤\u{FE0F}") + n("x") + b() + b())
        expectInvariants(surface)
    }

    @Test func clustersWithoutABaseAreNotDrawn() {
        var surface = Surface(size: Size(width: 4, height: 1))
        #expect(surface.write("\u{301}a\u{200B}b\u{202E}c", at: .zero, style: red) == 3)
        #expect(row(surface) == n("a", red) + n("b", red) + n("c", red) + b())
        #expect(surface.write("\u{301}", at: Point(x: 3, y: 0), style: red) == 3)
        #expect(row(surface)[3] == .blank())
    }

    @Test func plainTextShowsAWideGraphemeOnce() {
        var surface = Surface(size: Size(width: 5, height: 2))
        surface.write("a漢b", at: .zero)
        surface.write("字字", at: Point(x: 1, y: 1))
        #expect(surface.text(row: 0) == "a漢b ")
        #expect(surface.text(row: 0).count == 4)
        #expect(surface.text(row: 1) == " 字字")
        #expect(surface.plainText == "a漢b \n 字字")
    }

    @Test func returnValueIsTheDisplayWidth() {
        let samples = [
            "plain", "Cafe\u{301}", "漢字かな", "😀 ok", "🇯🇵🇫🇷", "\u{1B}[31mred", "tab\there", "\r\n", "\u{9B}1m",
            "\u{301}", "ＡＢ", "❤\u{FE0F}1\u{FE0F}\u{20E3}", ""
        ]
        for sample in samples {
            for x in [-5, 0, 3, 20] {
                var surface = Surface(size: Size(width: 10, height: 2))
                #expect(
                    surface.write(sample, at: Point(x: x, y: 1)) == x + DisplayWidth.of(sample),
                    "\(sample.debugDescription) at \(x)")
                #expect(
                    surface.write(sample, at: Point(x: x, y: 5)) == x + DisplayWidth.of(sample),
                    "\(sample.debugDescription) off-surface")
                expectInvariants(surface)
            }
        }
    }
}

@Suite struct SurfaceClippingTests {
    @Test func clipsAtTheRightEdge() {
        var surface = Surface(size: Size(width: 5, height: 1))
        #expect(surface.write("hello", at: Point(x: 3, y: 0), style: red) == 8)
        #expect(row(surface) == b(.plain, 3) + n("h", red) + n("e", red))
    }

    @Test func clipsAtTheLeftEdgeFromANegativeOrigin() {
        var surface = Surface(size: Size(width: 5, height: 1))
        #expect(surface.write("hello", at: Point(x: -2, y: 0), style: red) == 3)
        #expect(row(surface) == n("l", red) + n("l", red) + n("o", red) + b(.plain, 2))
        // Entirely left of the surface: nothing drawn, columns still counted.
        #expect(surface.write("漢字", at: Point(x: -4, y: 0), style: blue) == 0)
        #expect(row(surface) == n("l", red) + n("l", red) + n("o", red) + b(.plain, 2))
    }

    @Test func negativeOriginCountsWideColumns() {
        var surface = Surface(size: Size(width: 6, height: 1))
        // 漢 covers columns -1 and 0: its visible half becomes a blank.
        #expect(surface.write("漢字ab", at: Point(x: -1, y: 0), style: red) == 5)
        #expect(row(surface) == b(red) + w("字", red) + n("a", red) + n("b", red) + b())
        expectInvariants(surface)
    }

    @Test func rowsAboveAndBelowAreNotDrawn() {
        var surface = Surface(size: Size(width: 4, height: 2))
        #expect(surface.write("abc", at: Point(x: 0, y: -1)) == 3)
        #expect(surface.write("漢字", at: Point(x: 1, y: 2)) == 5)
        #expect(surface.cells == b(.plain, 8))
    }

    @Test func clipsToTheClipRect() {
        var surface = Surface(size: Size(width: 8, height: 3))
        let clip = Rect(x: 2, y: 1, width: 3, height: 1)
        #expect(surface.write("abcdef", at: Point(x: 0, y: 1), style: red, clip: clip) == 6)
        #expect(surface.write("abcdef", at: Point(x: 0, y: 0), style: red, clip: clip) == 6)
        #expect(surface.write("abcdef", at: Point(x: 0, y: 2), style: red, clip: clip) == 6)
        #expect(row(surface, 0) == b(.plain, 8))
        #expect(row(surface, 1) == b(.plain, 2) + n("c", red) + n("d", red) + n("e", red) + b(.plain, 3))
        #expect(row(surface, 2) == b(.plain, 8))
    }

    @Test func clipRectIsLimitedToTheSurface() {
        var surface = Surface(size: Size(width: 4, height: 1))
        let end = surface.write(
            "abcdef", at: Point(x: -1, y: 0), style: red, clip: Rect(x: -10, y: -10, width: 100, height: 100))
        #expect(end == 5)
        #expect(row(surface) == n("b", red) + n("c", red) + n("d", red) + n("e", red))
        // A clip rect that misses the surface draws nothing.
        surface.write("zz", at: .zero, style: blue, clip: Rect(x: 10, y: 0, width: 5, height: 1))
        #expect(row(surface) == n("b", red) + n("c", red) + n("d", red) + n("e", red))
    }

    @Test func wideGraphemeCutByTheClipsRightEdgeBecomesABlank() {
        var surface = Surface(size: Size(width: 6, height: 1))
        surface.write("ZZZZZZ", at: .zero, style: green)
        let end = surface.write("ab漢c", at: Point(x: 1, y: 0), style: red, clip: Rect(x: 0, y: 0, width: 4, height: 1))
        #expect(end == 6)
        // Column 3 (inside) is blank in the write's style; column 4 (outside) is untouched.
        #expect(row(surface) == n("Z", green) + n("a", red) + n("b", red) + b(red) + n("Z", green) + n("Z", green))
        expectInvariants(surface)
    }

    @Test func wideGraphemeCutByTheClipsLeftEdgeBecomesABlank() {
        var surface = Surface(size: Size(width: 6, height: 1))
        surface.write("ZZZZZZ", at: .zero, style: green)
        let end = surface.write("漢字", at: Point(x: 1, y: 0), style: red, clip: Rect(x: 2, y: 0, width: 4, height: 1))
        #expect(end == 5)
        // Column 1 (outside) is untouched, column 2 (inside) blank in the write's style.
        #expect(row(surface) == n("Z", green) + n("Z", green) + b(red) + w("字", red) + n("Z", green))
        expectInvariants(surface)
    }

    @Test func wideGraphemeCutByTheSurfaceEdgeBecomesABlank() {
        var surface = Surface(size: Size(width: 5, height: 1))
        #expect(surface.write("abcd漢", at: .zero, style: red) == 6)
        #expect(row(surface) == n("a", red) + n("b", red) + n("c", red) + n("d", red) + b(red))
        expectInvariants(surface)
    }

    @Test func wideGraphemeThatExactlyFitsTheClipIsDrawn() {
        var surface = Surface(size: Size(width: 5, height: 1))
        #expect(surface.write("漢", at: Point(x: 1, y: 0), style: red, clip: Rect(x: 1, y: 0, width: 2, height: 1)) == 3)
        #expect(row(surface) == b() + w("漢", red) + b(.plain, 2))
        // A one-column clip can never hold it.
        #expect(
            surface.write("字", at: Point(x: 3, y: 0), style: blue, clip: Rect(x: 3, y: 0, width: 1, height: 1)) == 5)
        #expect(row(surface) == b() + w("漢", red) + b(blue) + b())
    }

    @Test func clippedWideGraphemeOverAnotherWideGraphemeKeepsTheInvariant() {
        var surface = Surface(size: Size(width: 6, height: 1))
        surface.write("漢字中", at: .zero, style: green)
        // The clip ends in the middle of 字; the write's 中 at 2-3 is cut, its column 2 blanks,
        // and 字's continuation at 3 (outside the clip) must go too.
        surface.write("ab中", at: .zero, style: red, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(row(surface) == n("a", red) + n("b", red) + b(red) + b(green) + w("中", green))
        expectInvariants(surface)
    }
}

@Suite struct SurfaceHalfWideTests {
    /// `漢` in green at columns 2-3 of a 6-column row of `.`.
    private func surfaceWithWide() -> Surface {
        var surface = Surface(size: Size(width: 6, height: 1))
        surface.write("..漢..", at: .zero, style: green)
        return surface
    }

    @Test func writingOverTheLeadBlanksTheContinuation() {
        var surface = surfaceWithWide()
        surface.write("x", at: Point(x: 2, y: 0), style: red)
        #expect(row(surface) == n(".", green) + n(".", green) + n("x", red) + b(green) + n(".", green) + n(".", green))
        expectInvariants(surface)
    }

    @Test func writingOverTheContinuationBlanksTheLead() {
        var surface = surfaceWithWide()
        surface.write("x", at: Point(x: 3, y: 0), style: red)
        #expect(row(surface) == n(".", green) + n(".", green) + b(green) + n("x", red) + n(".", green) + n(".", green))
        expectInvariants(surface)
    }

    @Test func writingAWideGraphemeOverTheContinuationBlanksTheLead() {
        var surface = surfaceWithWide()
        surface.write("字", at: Point(x: 3, y: 0), style: red)
        #expect(row(surface) == n(".", green) + n(".", green) + b(green) + w("字", red) + n(".", green))
        expectInvariants(surface)
    }

    @Test func writingAWideGraphemeAcrossTwoOthersBlanksBothOuterHalves() {
        var surface = Surface(size: Size(width: 5, height: 1))
        surface.write("漢字", at: .zero, style: green)
        surface.write("中", at: Point(x: 1, y: 0), style: red)
        #expect(row(surface) == b(green) + w("中", red) + b(green) + b())
        expectInvariants(surface)
    }

    @Test func writingExactlyOverAWideGraphemeTouchesNothingElse() {
        var surface = surfaceWithWide()
        surface.write("中", at: Point(x: 2, y: 0), style: red)
        #expect(row(surface) == n(".", green) + n(".", green) + w("中", red) + n(".", green) + n(".", green))
    }

    @Test func writeEndingOnALeadBlanksItsContinuation() {
        var surface = surfaceWithWide()
        surface.write("abc", at: Point(x: 0, y: 0), style: red)
        #expect(row(surface) == n("a", red) + n("b", red) + n("c", red) + b(green) + n(".", green) + n(".", green))
        expectInvariants(surface)
    }

    @Test func fillOverTheLeadBlanksTheContinuation() {
        var surface = surfaceWithWide()
        surface.fill(Rect(x: 0, y: 0, width: 3, height: 1), style: blue)
        #expect(row(surface) == b(blue, 3) + b(green) + n(".", green) + n(".", green))
        expectInvariants(surface)
    }

    @Test func fillOverTheContinuationBlanksTheLead() {
        var surface = surfaceWithWide()
        surface.fill(Rect(x: 3, y: 0, width: 10, height: 1), style: blue)
        #expect(row(surface) == n(".", green) + n(".", green) + b(green) + b(blue, 3))
        expectInvariants(surface)
    }

    @Test func fillEdgesSplittingWideGraphemesOnBothSides() {
        var surface = Surface(size: Size(width: 6, height: 3))
        for y in 0..<3 { surface.write("漢字中", at: Point(x: 0, y: y), style: green) }
        surface.fill(Rect(x: 1, y: 1, width: 4, height: 1), style: blue)
        #expect(row(surface, 0) == w("漢", green) + w("字", green) + w("中", green))
        #expect(row(surface, 1) == b(green) + b(blue, 4) + b(green))
        #expect(row(surface, 2) == w("漢", green) + w("字", green) + w("中", green))
        expectInvariants(surface)
    }

    @Test func fillClipsToTheSurface() {
        var surface = Surface(size: Size(width: 3, height: 2))
        surface.fill(Rect(x: -2, y: 1, width: 4, height: 9), style: blue)
        #expect(row(surface, 0) == b(.plain, 3))
        #expect(row(surface, 1) == b(blue, 2) + b())
        surface.fill(Rect(x: 5, y: 0, width: 2, height: 2), style: red)
        surface.fill(Rect(x: 0, y: 0, width: 0, height: 2), style: red)
        #expect(row(surface, 0) == b(.plain, 3))
        #expect(row(surface, 1) == b(blue, 2) + b())
    }

    @Test func settingACellOverEitherHalfBlanksTheOther() {
        var surface = surfaceWithWide()
        surface.set(Cell(grapheme: "x", width: 1, style: red), at: Point(x: 3, y: 0))
        #expect(row(surface) == n(".", green) + n(".", green) + b(green) + n("x", red) + n(".", green) + n(".", green))
        surface = surfaceWithWide()
        surface.set(Cell(grapheme: "x", width: 1, style: red), at: Point(x: 2, y: 0))
        #expect(row(surface) == n(".", green) + n(".", green) + n("x", red) + b(green) + n(".", green) + n(".", green))
        expectInvariants(surface)
    }

    @Test func settingAContinuationStoresABlank() {
        var surface = surfaceWithWide()
        surface.set(Cell(grapheme: "", width: 0, style: red), at: Point(x: 2, y: 0))
        #expect(row(surface) == n(".", green) + n(".", green) + b(red) + b(green) + n(".", green) + n(".", green))
        surface.set(
            Cell(grapheme: "", width: 0, style: red), at: Point(x: 4, y: 0), clip: Rect(x: 0, y: 0, width: 4, height: 1)
        )
        #expect(row(surface)[4] == n(".", green)[0])
        expectInvariants(surface)
    }

    @Test func settingAWideCellPlacesItsContinuationOrABlank() {
        var surface = Surface(size: Size(width: 4, height: 1))
        surface.set(Cell(grapheme: "漢", width: 2, style: red), at: Point(x: 0, y: 0))
        // The last column cannot hold a wide grapheme.
        surface.set(Cell(grapheme: "字", width: 2, style: blue), at: Point(x: 3, y: 0))
        #expect(row(surface) == w("漢", red) + b() + b(blue))
        expectInvariants(surface)
    }

    @Test func settingAHandMadeCellMeasuresAndSanitizesIt() {
        var surface = Surface(size: Size(width: 4, height: 1))
        surface.set(Cell(grapheme: "漢", width: 1, style: red), at: .zero)
        surface.set(Cell(grapheme: "\u{1B}", width: 1, style: blue), at: Point(x: 2, y: 0))
        #expect(row(surface) == w("漢", red) + n("^", blue) + n("[", blue))
        expectInvariants(surface)
    }
}

@Suite struct SurfaceControlCharacterTests {
    @Test func titleEscapeSequenceIsDrawnInertly() {
        var surface = Surface(size: Size(width: 14, height: 1))
        let end = surface.write("\u{1B}]0;pwned\u{07}", at: Point(x: 1, y: 0), style: red)
        #expect(end == 13)
        #expect(surface.text(row: 0) == " ^[]0;pwned^G ")
        #expect(Array(row(surface)[1...3]) == n("^", red) + n("[", red) + n("]", red))
        expectInvariants(surface)
    }

    @Test func caretNotationForC0AndDEL() {
        var surface = Surface(size: Size(width: 16, height: 1))
        #expect(surface.write("\u{1B}[2J\t\u{0}\u{1F}\u{7F}", at: .zero) == 13)
        #expect(surface.text(row: 0) == "^[[2J^I^@^_^?   ")
        expectInvariants(surface)
    }

    @Test func c1ControlsBecomeReplacementCharacters() {
        var surface = Surface(size: Size(width: 6, height: 1))
        #expect(surface.write("\u{9B}31m\u{80}\u{A0}", at: .zero, style: red) == 6)
        #expect(
            row(surface) == n("\u{FFFD}", red) + n("3", red) + n("1", red) + n("m", red) + n("\u{FFFD}", red)
                + n("\u{A0}", red))
        expectInvariants(surface)
    }

    @Test func crlfClusterIsTwoCaretPairs() {
        var surface = Surface(size: Size(width: 6, height: 1))
        #expect(surface.write("a\r\nb", at: .zero) == 6)
        #expect(surface.text(row: 0) == "a^M^Jb")
        expectInvariants(surface)
    }

    @Test func controlFollowedByCombiningMarksStaysInert() {
        var surface = Surface(size: Size(width: 4, height: 1))
        #expect(surface.write("\u{1B}\u{301}\u{302}x", at: .zero, style: red) == 3)
        #expect(row(surface) == n("^", red) + n("[\u{301}\u{302}", red) + n("x", red) + b())
        expectInvariants(surface)
    }

    @Test func bidiControlsAreNeverStored() {
        var surface = Surface(size: Size(width: 5, height: 1))
        let bidi: [UInt32] = [
            0x61C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069
        ]
        var text = ""
        for value in bidi { text += "a\(Unicode.Scalar(value)!)" }
        #expect(surface.write(text, at: .zero) == bidi.count)
        for cell in surface.cells {
            #expect(cell.grapheme.unicodeScalars.allSatisfy { !bidi.contains($0.value) })
        }
        #expect(surface.text(row: 0) == "aaaaa")
    }

    @Test func noControlScalarEverReachesACell() {
        // Every C0, DEL and C1 scalar, alone, after a letter, and before a combining mark.
        var surface = Surface(size: Size(width: 40, height: 3))
        for value in UInt32(0)...0x9F where TextSanitizer.isControl(value) {
            let control = String(Unicode.Scalar(value)!)
            surface.write(control, at: Point(x: Int(value % 7), y: 0))
            surface.write(
                "a" + control + "b", at: Point(x: Int(value % 5), y: 1), clip: Rect(x: 1, y: 0, width: 30, height: 3))
            surface.write(control + "\u{301}漢", at: Point(x: Int(value % 3) - 1, y: 2))
            expectInvariants(surface)
        }
    }
}

@Suite struct SurfaceFuzzTests {
    @Test func randomDrawingKeepsEveryGuarantee() {
        let pieces = [
            "a", "xyz", "漢", "字中", "😀", "🇯🇵", "❤\u{FE0F}", "e\u{301}", "\u{301}", "\u{1B}[2J", "\r\n", "\u{9B}",
            "\u{202E}", "👨\u{200D}👩\u{200D}👧", "ＡＢ", "\t", "─│", "\u{200B}"
        ]
        let styles = [Style.plain, red, blue, green]
        var random = SeededGenerator(seed: 42)  // deterministic, so a failure reproduces
        var surface = Surface(size: Size(width: 9, height: 3))
        for _ in 0..<3000 {
            let style = styles.randomElement(using: &random)!
            let point = Point(x: Int.random(in: -3...10, using: &random), y: Int.random(in: -1...3, using: &random))
            let clip: Rect? =
                Bool.random(using: &random)
                ? Rect(
                    x: Int.random(in: -1...8, using: &random), y: Int.random(in: -1...2, using: &random),
                    width: Int.random(in: 0...6, using: &random), height: Int.random(in: 0...3, using: &random))
                : nil
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                surface.fill(clip ?? surface.bounds, style: style)
            case 1:
                let cell = surface[Int.random(in: 0..<9, using: &random), Int.random(in: 0..<3, using: &random)]
                surface.set(cell, at: point, clip: clip)
            default:
                var text = ""
                for _ in 0..<Int.random(in: 1...4, using: &random) { text += pieces.randomElement(using: &random)! }
                let end = surface.write(text, at: point, style: style, clip: clip)
                #expect(end == point.x + DisplayWidth.of(text))
            }
            expectInvariants(surface)
        }
    }
}
