import Foundation
import Testing
import Shoji
import ShojiTesting

/// Each public view and container of `Shoji` has a documentation extension page,
/// `Sources/Shoji/Shoji.docc/Pictures/<Type>.md`, that adds a picture to the type's page: a
/// caption and a text capture of the type in a small screen (`DocumentationPicture`). These
/// tests draw every scene headlessly and check that its page shows exactly that, so the
/// pictures cannot go stale.
///
/// Record mode: `SHOJI_RECORD_PICTURES=1 swift test --filter DocumentationPicture` rewrites
/// each page's caption and picture from the scene (creating missing pages) instead of
/// comparing, and keeps the rest of the page; review the change with `git diff`. Rows are
/// stored with their trailing spaces cut.
@MainActor
struct DocumentationPictureTests {
    static let isRecording = ProcessInfo.processInfo.environment["SHOJI_RECORD_PICTURES"] == "1"

    @Test(arguments: DocumentationPicture.all)
    func thePageShowsWhatTheTypeDraws(_ picture: DocumentationPicture) throws {
        let url = DocumentationPage.url(of: picture.typeName)
        let drawn = try picture.render()
        let existing = try? String(contentsOf: url, encoding: .utf8)
        if Self.isRecording, existing == nil {
            try DocumentationPage(typeName: picture.typeName, picture: drawn).text
                .write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let existing else {
            Issue.record("No page \(url.path); record it with SHOJI_RECORD_PICTURES=1")
            return
        }
        // A page that is not one is reported, never overwritten: it may hold hand-written text.
        guard var page = DocumentationPage(text: existing) else {
            Issue.record("\(url.lastPathComponent) has no title followed by a fenced picture")
            return
        }
        if Self.isRecording {
            page.picture = drawn
            if page.text != existing { try page.text.write(to: url, atomically: true, encoding: .utf8) }
            return
        }
        // Recorded by hand rather than with #expect(==), which would print both whole pictures
        // before the diff.
        if page.picture != drawn {
            Issue.record(
                """
                \(url.lastPathComponent)'s picture is not what \(picture.typeName) draws (- page, + drawn; \
                SHOJI_RECORD_PICTURES=1 rewrites it):
                \(DocumentationPage.diff(page: page.picture, drawn: drawn))
                """)
        }
    }

    /// The public classes of `Shoji` that descend from `View` or `ViewController`, read from
    /// the sources: a new public view or container fails this test until it has a picture.
    @Test func everyPublicViewAndContainerHasAPictureAndEveryPageAScene() throws {
        let sources = DocumentationPage.directory.deletingLastPathComponent().deletingLastPathComponent()
        var superclass: [String: String] = [:]
        let declaration = /^(?:public|open) (?:final )?class (\w+)(?:<[^>]*>)?: (\w+)/.anchorsMatchLineEndings()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                superclass[String(match.1)] = String(match.2)
            }
        }
        func descends(_ name: String) -> Bool {
            var current = superclass[name]
            while let type = current {
                if type == "View" || type == "ViewController" { return true }
                current = superclass[type]
            }
            return false
        }
        // `View` and `ViewController` themselves have no look of their own to show.
        let types = Set(superclass.keys.filter(descends))
        let pictured = Set(DocumentationPicture.all.map(\.typeName))
        #expect(types.count > 20, "the sources were read")
        #expect(types.subtracting(pictured).isEmpty, "public views and containers without a picture")
        #expect(pictured.subtracting(types).isEmpty, "pictures of types that are not public views or containers")
        #expect(pictured.count == DocumentationPicture.all.count, "one picture per type")
        let pages = try FileManager.default.contentsOfDirectory(atPath: DocumentationPage.directory.path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        if !Self.isRecording {
            #expect(Set(pages) == pictured, "pages without a scene, or scenes without a page")
        }
    }

    /// Recording replaces the caption and the picture only: the title and what is written after
    /// the picture by hand stay as they are.
    @Test func recordingKeepsThePagesTitleAndWhatFollowsThePicture() throws {
        let text = "# ``Shoji/Label``\n\nOld caption:\n\n```text\n old\n```\n\nWritten by hand.\n"
        var page = try #require(DocumentationPage(text: text))
        #expect(page.text == text)
        page.picture = DocumentationPage.picture(caption: "New caption:", rows: ["new   ", ""])
        #expect(page.text == "# ``Shoji/Label``\n\nNew caption:\n\n```text\nnew\n\n```\n\nWritten by hand.\n")
        #expect(DocumentationPage(text: "# ``Shoji/Label``\n\nNo picture.\n") == nil)
    }
}
