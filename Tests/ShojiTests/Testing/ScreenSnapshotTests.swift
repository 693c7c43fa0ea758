import Foundation
import Testing
@testable import ShojiSnapshotTesting

/// The snapshot formats (`ScreenSnapshot`) written out by hand, so the tests document them,
/// and the `Pilot` strategies' promise that a snapshot is of a current frame.
@MainActor
struct ScreenSnapshotTests {
    /// A 10x4 surface: a wide character, a bold word, a reverse bar past the text, a blank row.
    static func sample() -> Surface {
        var surface = Surface(size: Size(width: 10, height: 4))
        _ = surface.write("日本 ok", at: .zero)
        _ = surface.write("bold", at: Point(x: 3, y: 0), style: Style(attributes: .bold))
        _ = surface.write("Save", at: Point(x: 0, y: 1), style: Style(attributes: .reverse))
        surface.fill(Rect(x: 4, y: 1, width: 3, height: 1), style: Style(attributes: .reverse))
        _ = surface.write(
            "漢字", at: Point(x: 1, y: 3), style: Style(foreground: .ansi(1), background: .rgb(255, 128, 0)))
        return surface
    }

    @Test func plainTextIsOneLinePerRowWithoutTrailingBlanks() {
        // 日 takes columns 0-1, so "bold" written at column 3 covers the blank and "ok".
        #expect(ScreenSnapshot.plain(Self.sample()) == "日 bold\nSave\n\n 漢字\n")
        #expect(ScreenSnapshot.plain(Surface(size: Size(width: 3, height: 2))) == "\n\n", "blank rows stay")
    }

    @Test func styledTextMarksEachStyledColumnAndNamesTheStyles() {
        var surface = Self.sample()
        surface.cursor = Point(x: 2, y: 2)
        #expect(
            ScreenSnapshot.styled(surface) == """
                screen 10x4, cursor at (2, 2)
                |日 bold
                    aaaa
                |Save
                 bbbbbbb
                |
                | 漢字
                  cccc
                styles:
                a = bold
                b = reverse
                c = fg=red bg=#ff8000

                """)
        surface.cursor = nil
        #expect(ScreenSnapshot.styled(surface).hasPrefix("screen 10x4, cursor hidden\n"))
        #expect(
            ScreenSnapshot.styled(Surface(size: Size(width: 2, height: 1))) == "screen 2x1, cursor hidden\n|\n",
            "no styles, no legend")
    }

    @Test func lettersStayOneColumnWidePastTheAlphabet() {
        let letters = (0..<200).map(ScreenSnapshot.letter)
        #expect(Set(letters).count == 200, "one letter per style")
        #expect(letters.prefix(3) == ["a", "b", "c"] && letters[62] == "À")
        #expect(letters.allSatisfy { $0.isLetter || $0.isNumber }, "no space, no |, nothing that reads as markup")
        #expect(letters.allSatisfy { $0.unicodeScalars.count == 1 && $0.unicodeScalars.first!.value < 0x250 })
    }

    @Test func aPilotsSnapshotIsOfTheFrameAfterAChangeMadeDirectly() {
        let label = Label(text: "before", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        let pilot = pilot(showing: label, size: Size(width: 8, height: 2))
        label.text = "after"  // asks for a frame that is not drawn yet
        #expect(pilot.line(0) == "before  " && pilot.loop.needsDisplay)
        assertSnapshot(of: pilot, as: .screen)
        #expect(pilot.line(0) == "after   ", "the snapshot ran to the pending frame, as a key press does")
        #expect(pilot.clock.seconds <= pilot.loop.frameInterval)
    }

    @Test func aSnapshotDuringAnAnimationTakesTheFrameShownAndMovesNoTime() {
        let host = HostController([])
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 20, height: 3))
        let pane = Label(text: "pane", frame: Rect(x: 0, y: 1, width: 4, height: 1))
        host.view.addSubview(pane)
        pilot.settle()
        pane.animateFrame(to: Rect(x: 16, y: 1, width: 4, height: 1), duration: 1, curve: .linear)
        pilot.advance(by: 0.5)
        let shown = pilot.text
        let time = pilot.clock.seconds
        #expect(pilot.loop.isTicking)
        assertSnapshot(of: pilot, as: .styledScreen)
        #expect(pilot.clock.seconds == time && pilot.text == shown, "halfway, as the test stepped to it")
    }

    /// What CI relies on: with recording off (`SNAPSHOT_TESTING_RECORD=never`, which `make test`
    /// sets), a missing reference fails the test and nothing is written.
    @Test func aMissingReferenceFailsAndIsNotWrittenWhenRecordingIsOff() {
        let label = Label(text: "x", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let pilot = pilot(showing: label, size: Size(width: 2, height: 1))
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ScreenSnapshotTests").path
        withKnownIssue {
            assertSnapshot(of: pilot, as: .screen, named: "never-recorded", record: .never)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        #expect(!files.contains { $0.contains("never-recorded") })
    }
}
