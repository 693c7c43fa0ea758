import Foundation
import Testing

/// The README and the documentation articles show code exactly as it builds and passes here:
/// each code block that follows a `<!-- file: PATH -->` line must equal that file of the package.
struct ReadmeExamplesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// (path, code) for each marked block of the markdown file at `document`, in order.
    static func markedBlocks(in document: String = "README.md") throws -> [(path: String, code: String)] {
        let readme = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var blocks: [(String, String)] = []
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") else { continue }
            let path = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            guard lines.first?.hasPrefix("```") == true else { blocks.append((path, "")); continue }
            lines.removeFirst()
            var code: [Substring] = []
            while let next = lines.popFirst(), !next.hasPrefix("```") { code.append(next) }
            blocks.append((path, code.joined(separator: "\n") + "\n"))
        }
        return blocks
    }

    @Test func theReadmeShowsTheExampleAppAndItsTestAsTheyAre() throws {
        let blocks = try Self.markedBlocks()
        #expect(blocks.map(\.path) == ["Examples/Hello/App/HelloApp.swift", "Examples/Hello/Tests/HelloAppTests.swift"])
        for block in blocks {
            let file = try String(contentsOf: Self.root.appendingPathComponent(block.path), encoding: .utf8)
            #expect(block.code == file, "README's block for \(block.path) differs from the file")
        }
    }

    @Test(arguments: [
        (
            "Sources/Shoji/Shoji.docc/GettingStarted.md",
            ["Examples/Hello/App/HelloApp.swift", "Examples/Hello/Tests/HelloAppTests.swift"]
        ),
        (
            "Sources/Shoji/Shoji.docc/WritingYourOwnContainer.md",
            ["Tests/ShojiTests/Core/ViewControllers/PagesController.swift"]
        )
    ])
    func theArticlesShowTheirExamplesAsTheyAre(article: String, paths: [String]) throws {
        let blocks = try Self.markedBlocks(in: article)
        #expect(blocks.map(\.path) == paths)
        for block in blocks {
            let file = try String(contentsOf: Self.root.appendingPathComponent(block.path), encoding: .utf8)
            #expect(block.code == file, "\(article)'s block for \(block.path) differs from the file")
        }
    }
}
