import Foundation
import Testing
import ShojiTesting
@testable import SettingsExample

/// The Layout article's picture of the settings screen is what the example draws: the text
/// block after `<!-- capture: settings 44x12 -->` must equal the screen, row for row (trailing
/// blanks aside), so the picture cannot go stale.
@MainActor
struct LayoutArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Shoji/Shoji.docc/Layout.md")

    /// The rows of the code block after `marker` in the article.
    static func capture(after marker: String) throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst(), line != marker {}
        guard lines.popFirst()?.hasPrefix("```") == true else { return [] }
        return lines.prefix { !$0.hasPrefix("```") }.map(String.init)
    }

    private func trimmed(_ rows: [String]) -> [String] {
        rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func theArticleShowsTheSettingsScreenAsItIsDrawn() throws {
        let pilot = Pilot(SettingsApp().makeApplication(), size: Size(width: 44, height: 12))
        try pilot.click(on: "[ Show ]")  // the picture shows the advanced row too
        let shown = try Self.capture(after: "<!-- capture: settings 44x12 -->")
        #expect(
            trimmed(shown) == trimmed(pilot.lines),
            "Layout.md's capture differs from the screen; the screen is:\n\(trimmed(pilot.lines).joined(separator: "\n"))"
        )
    }
}
