import Foundation
import TestSupport
import Testing

/// The real `shoji-demo` binary in tmux on each terminal type Shoji supports: after every kind
/// of motion (open, close, reversals mid-way, a replacement, a resize mid-slide) the picture
/// its frames built, colours and attributes included (`capture-pane -e`), shows what a full
/// repaint of the same screen (Ctrl-L) shows: every glyph, and the colours and attributes that
/// show (a blank's only its background, reverse and underline; tmux leaves erased cells out of
/// a capture, so a cell missing from it is a default blank). Frame-by-frame checks of the same motions are in
/// `TmuxMotionTests` (the backend in-process, into tmux) and `FrameVerificationTests` (a
/// terminal model); the real binary gives no hook between its frames, so it is checked where
/// each motion ends.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct DemoRenderingTests {
    static let terminals = ["xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100"]

    /// The screen once it stopped changing (two captures 0.2 s apart alike).
    private func settled(_ tmux: TmuxSession) throws -> String {
        var last = try tmux.captureStyledWithBlanks()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            usleep(200_000)
            let now = try tmux.captureStyledWithBlanks()
            if now == last { return now }
            last = now
        }
        Issue.record("the screen kept changing")
        return last
    }

    /// The picture the incremental frames left equals a full repaint's.
    private func expectSameAsRepaint(
        _ tmux: TmuxSession, _ what: String, _ term: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let incremental = try settled(tmux)
        try tmux.send("C-l")
        let repainted = try settled(tmux)
        let columns = Int(try tmux.format("pane_width")) ?? 80, rows = Int(try tmux.format("pane_height")) ?? 24
        let left = Self.model(incremental, columns: columns, rows: rows),
            right = Self.model(repainted, columns: columns, rows: rows)
        for y in 0..<rows {
            for x in 0..<columns {
                let a = left[x, y], b = right[x, y]
                if a.text != b.text
                    || TerminalModel.visible(text: a.text, a.rendition)
                        != TerminalModel.visible(text: b.text, b.rendition)
                {
                    let message =
                        "\(term), \(what): (\(x), \(y)) shows \(a.text.debugDescription) \(a.rendition) after the frames, "
                        + "\(b.text.debugDescription) \(b.rendition) after a repaint\n  frames:  \(left.text(row: y))\n  repaint: \(right.text(row: y))"
                    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    /// A capture (rows of text and SGR, the rendition carried from row to row) in a model.
    private static func model(_ capture: String, columns: Int, rows: Int) -> TerminalModel {
        let model = TerminalModel(columns: columns, rows: rows)
        for (y, row) in capture.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).enumerated() {
            model.feed(Array("\u{1B}[\(y + 1);1H".utf8))
            model.feed(Array(row.utf8))
        }
        return model
    }

    @Test(arguments: terminals)
    func everyMotionEndsAsAFullRepaintDrawsIt(term: String) throws {
        let tmux = try TmuxSession(
            [demoBinary(), "--duration", "0.3"], width: 80, height: 24,
            environment: ["TERM": term, "LANG": "C.UTF-8"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try expectSameAsRepaint(tmux, "first screen", term)
        try tmux.send("F2")
        try expectSameAsRepaint(tmux, "opened", term)
        try tmux.send("Escape")
        try expectSameAsRepaint(tmux, "closed", term)
        try tmux.send(keys: ["F2", "F2", "F2"])  // reversed twice mid-way
        try expectSameAsRepaint(tmux, "reversals", term)
        try tmux.send("Down", "Down", "Enter")  // replacement
        try expectSameAsRepaint(tmux, "replaced", term)
        try tmux.send("F2")
        usleep(100_000)
        try tmux.resize(width: 100, height: 30)  // mid-slide
        try expectSameAsRepaint(tmux, "resized mid-slide", term)
        try tmux.send("Escape")
        usleep(100_000)
        try tmux.resize(width: 70, height: 20)
        try expectSameAsRepaint(tmux, "closed, resized mid-slide", term)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
