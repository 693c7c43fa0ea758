import Foundation
import TestSupport
import Testing
import Shoji
import ShojiTesting

/// The pictures in the Controls article (`Shoji.docc/Controls.md`, its plain code blocks) are
/// what the controls draw, captured here from a window.
@MainActor
struct ControlsArticleTests {
    static let article = packageRoot().appendingPathComponent("Sources/Shoji/Shoji.docc/Controls.md")

    /// The article's code blocks without a language (text captures), in order.
    static func captures() throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var blocks: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("```") else { continue }
            var body: [Substring] = []
            while let next = lines.popFirst(), !next.hasPrefix("```") { body.append(next) }
            if line == "```" { blocks.append(body.joined(separator: "\n")) }
        }
        return blocks
    }

    /// The text of row 0 of a window of `width` showing `views` (at their frames), trailing
    /// blanks cut.
    func draw(_ views: View..., width: Int, glyphs: GlyphSet = .unicode) -> String {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: 1))
        for view in views { root.addSubview(view) }
        let pilot = pilot(showing: root, size: Size(width: width, height: 1))
        pilot.window.glyphSet = glyphs
        pilot.advance(by: 0.1)
        return String(pilot.lines[0].reversed().drop { $0 == " " }.reversed())
    }

    @Test func thePicturesAreWhatTheControlsDraw() throws {
        let off = Switch(frame: Rect(x: 0, y: 0, width: 7, height: 1))
        let on = Switch(isOn: true, frame: Rect(x: 11, y: 0, width: 7, height: 1))
        let switches = draw(off, on, width: 20)
        let segments = SegmentedControl(items: ["Small", "Medium", "Large"])
        segments.sizeToFit()
        let stepper = Stepper()
        stepper.sizeToFit()
        let copies = Label(text: "Copies: 3", frame: Rect(x: 11, y: 0, width: 9, height: 1))
        func bar() -> ProgressView {
            let bar = ProgressView(progress: 0.37, frame: Rect(x: 0, y: 0, width: 40, height: 1))
            bar.caption = .percentage
            return bar
        }
        let drawn = [
            switches, draw(segments, width: 30), draw(stepper, copies, width: 24), draw(bar(), width: 40),
            draw(bar(), width: 40, glyphs: .ascii)
        ]
        #expect(try Self.captures() == drawn)
    }
}
