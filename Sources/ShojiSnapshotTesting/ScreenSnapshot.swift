import ShojiTesting
import SnapshotTesting

/// The text formats of a screen snapshot, shared by the `Snapshotting` strategies on `Pilot`
/// and `Surface`. Public so that a test can look at what a snapshot would record (or build a
/// strategy of its own on the same format) without recording one.
public enum ScreenSnapshot {
    /// The surface as plain text: one line per row, top to bottom, every line ended by a
    /// newline (so an editor that adds a final newline changes nothing).
    ///
    /// - Each row is the row's graphemes as `Surface.text(row:)` gives them: a wide character
    ///   once (it takes two columns in a terminal, as in a monospaced editor), styles left out.
    /// - Trailing blanks are cut from every row, so a file survives editors that strip them and
    ///   a diff shows no invisible change; blank rows stay, as empty lines, so the height shows.
    ///   A blank that only a background colour or reverse video makes visible is therefore
    ///   not in this format: `styled(_:)` shows it.
    /// - The cursor is left out.
    public static func plain(_ surface: Surface) -> String {
        (0..<surface.size.height).map { trimmed(surface.text(row: $0)) + "\n" }.joined()
    }

    /// The surface as text with its styles, readable in a diff and the same on every run:
    ///
    /// ```text
    /// screen 20x3, cursor at (6, 1)
    /// |Name: Ada
    /// |[ Save ]  Cancel
    ///  aaaaaaaa
    /// |
    /// styles:
    /// a = reverse
    /// ```
    ///
    /// - The first line gives the size and where the terminal's cursor shows (`cursor hidden`
    ///   when it does not).
    /// - Every row follows as a line starting with `|`: the row's text as in `plain(_:)`
    ///   (trailing blanks cut).
    /// - A row with any cell not in the plain style is followed by a marks line starting with a
    ///   space: one character per column of the row, a space under plain cells and a letter
    ///   naming the style under the others (both columns of a wide character), trailing spaces
    ///   cut. So a styled blank (a reverse-video bar) shows as marks past the row's text.
    /// - When any row has marks, `styles:` and one line per style follow, `letter = style` in
    ///   `StyledText.describe(_:)`'s words (`bold underline fg=red bg=#ff8000`). Letters are
    ///   given in the order styles first show, reading rows top to bottom and each left to
    ///   right (`a`, `b`, … `z`, `A`… `Z`, `0`… `9`, then Latin letters with accents), so a
    ///   style that appears elsewhere renames no other.
    public static func styled(_ surface: Surface) -> String {
        let cursor = surface.cursor.flatMap { point -> String? in
            guard point.x >= 0, point.y >= 0, point.x < surface.size.width, point.y < surface.size.height else {
                return nil
            }
            return "cursor at (\(point.x), \(point.y))"
        }
        var out = "screen \(surface.size.width)x\(surface.size.height), \(cursor ?? "cursor hidden")\n"
        var letters: [Style: Character] = [:]
        var legend: [(Character, Style)] = []
        for y in 0..<surface.size.height {
            out += "|" + trimmed(surface.text(row: y)) + "\n"
            var marks = ""
            var styleOfColumn = Style.plain
            for x in 0..<surface.size.width {
                let cell = surface[x, y]
                // A continuation column is marked with its wide character's style.
                if !cell.isContinuation { styleOfColumn = cell.style }
                guard styleOfColumn != .plain else {
                    marks.append(" ")
                    continue
                }
                if let letter = letters[styleOfColumn] {
                    marks.append(letter)
                } else {
                    let letter = Self.letter(legend.count)
                    letters[styleOfColumn] = letter
                    legend.append((letter, styleOfColumn))
                    marks.append(letter)
                }
            }
            let cut = trimmed(marks)
            if !cut.isEmpty { out += " " + cut + "\n" }
        }
        if !legend.isEmpty {
            out += "styles:\n"
            for (letter, style) in legend { out += "\(letter) = \(StyledText.describe(style))\n" }
        }
        return out
    }

    /// The letter naming the `index`th style (0-based): ASCII letters and digits, then the
    /// Latin letters of U+00C0… (one column wide each), skipping × and ÷.
    static func letter(_ index: Int) -> Character {
        let ascii = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        if index < ascii.count { return ascii[index] }
        var scalar = 0xC0 + (index - ascii.count)
        if scalar >= 0xD7 { scalar += 1 }  // ×
        if scalar >= 0xF7 { scalar += 1 }  // ÷
        return Character(Unicode.Scalar(UInt32(scalar)).map(String.init) ?? "?")
    }

    private static func trimmed(_ row: String) -> String {
        var row = row
        while row.last == " " { row.removeLast() }
        return row
    }
}

extension Snapshotting where Value == Surface, Format == String {
    /// The surface as plain text (`ScreenSnapshot.plain(_:)`), in a `.txt` file compared line by
    /// line: a failure shows the rows that differ as a diff.
    public static var screen: Snapshotting {
        SimplySnapshotting<String>.lines.pullback(ScreenSnapshot.plain)
    }

    /// The surface as text with its styles and cursor (`ScreenSnapshot.styled(_:)`), in a
    /// `.txt` file compared line by line.
    public static var styledScreen: Snapshotting {
        SimplySnapshotting<String>.lines.pullback(ScreenSnapshot.styled)
    }
}

extension Snapshotting where Value == Pilot, Format == String {
    /// What the pilot's user sees now, as plain text (`ScreenSnapshot.plain(_:)`):
    /// `assertSnapshot(of: pilot, as: .screen)`. The reference is a `.txt` file under
    /// `__Snapshots__/<test file>/` beside the test, compared line by line.
    ///
    /// The snapshot is of a current frame: when the app asked for a redraw that is not drawn yet
    /// (the test changed a view directly, or delivered an event with `Pilot.deliver(_:)`) and
    /// nothing animates, the pilot first runs to that frame, at most one frame interval ahead,
    /// as it does after a key press. While something animates, the frame last presented is
    /// taken as it is, so a test that steps an animation snapshots the frame it stepped to.
    /// Must be called on the main actor (a `Pilot` lives there).
    public static var screen: Snapshotting {
        Snapshotting<Surface, String>.screen.pullback(currentFrame)
    }

    /// What the pilot's user sees now, with styles and the cursor (`ScreenSnapshot.styled(_:)`):
    /// `assertSnapshot(of: pilot, as: .styledScreen)`. The frame is made current first, as for
    /// `screen`.
    public static var styledScreen: Snapshotting {
        Snapshotting<Surface, String>.styledScreen.pullback(currentFrame)
    }

    /// The pilot's last frame once any pending redraw is drawn (see `screen`); an empty
    /// surface before the first frame.
    private static func currentFrame(_ pilot: Pilot) -> Surface {
        MainActor.assumeIsolated {
            let loop = pilot.loop
            let limit = pilot.clock.seconds + loop.frameInterval
            var passes = 0
            while loop.needsDisplay, !loop.isTicking, let due = loop.nextDeadline, due <= limit {
                // Timers due before the frame run on the way; one that fires again and again at
                // one instant would keep the frame waiting: stop as `advance` does.
                passes += 1
                precondition(passes < Pilot.livelockBound, "screen snapshot: the pending frame never came")
                pilot.advance(to: max(due, pilot.clock.seconds))
            }
            return pilot.screen.lastFrame ?? Surface(size: .zero)
        }
    }
}
