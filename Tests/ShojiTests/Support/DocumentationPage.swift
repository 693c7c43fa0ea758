import Foundation
import TestSupport

/// A documentation extension page in `Sources/Shoji/Shoji.docc/Pictures/`, one per public view
/// and container, read and written by `DocumentationPictureTests`.
///
/// A page has three parts, in this order:
/// - the header: the symbol's title (`# ``Shoji/TableView`` `), which makes the page a
///   documentation extension of that type. DocC appends an extension's content to the doc
///   comment by default (the doc comments stay in the Swift files); the page says nothing more
///   about it, because DocC warns that `@DocumentationExtension(mergeBehavior: append)` has no
///   effect, and `make docs` fails on warnings;
/// - the picture: a blank line, a one-line caption, a blank line and a fenced `text` block of
///   the screen's rows, trailing spaces cut (so editors that strip them change nothing); blank
///   rows at the bottom stay, so the block is as tall as the screen;
/// - the rest: whatever is written after the picture by hand, kept as it is when recording.
///
/// Guarantees: `text` is `header + picture + rest`, so writing a page back after replacing the
/// picture changes nothing else; a page without the title or without a closed fenced block
/// after it is not a page (`init` returns `nil`).
struct DocumentationPage: Equatable {
    /// `Sources/Shoji/Shoji.docc/Pictures`, found from this file's place in the source tree
    /// (the tests read and record the pages in the checkout they were built from).
    static let directory = packageRoot().appendingPathComponent("Sources/Shoji/Shoji.docc/Pictures")

    /// The page of the type named `typeName`.
    static func url(of typeName: String) -> URL { directory.appendingPathComponent("\(typeName).md") }

    var header: String
    var picture: String
    var rest: String

    var text: String { header + picture + rest }

    /// A new page for the `Shoji` type `typeName` showing `picture`.
    init(typeName: String, picture: String) {
        header = "# ``Shoji/\(typeName)``\n"
        self.picture = picture
        rest = ""
    }

    /// Splits a page's text into its parts; `nil` when it lacks the title or a closed fenced
    /// block after it.
    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let title = lines.firstIndex(where: { $0.hasPrefix("# ``") }),
            let opening = lines[(title + 1)...].firstIndex(where: { $0.hasPrefix("```") }),
            let closing = lines[(opening + 1)...].firstIndex(of: "```")
        else { return nil }
        // Each part keeps the newline that ends its last line, so the parts join back exactly.
        func joined(_ range: Range<Int>) -> String { range.map { lines[$0] + "\n" }.joined() }
        header = joined(0..<(title + 1))
        picture = joined((title + 1)..<(closing + 1))
        rest = lines[(closing + 1)...].joined(separator: "\n")
    }

    /// The picture part for `caption` and `rows`: the caption line, then the rows in a fenced
    /// `text` block, each row's trailing spaces cut.
    static func picture(caption: String, rows: [String]) -> String {
        let trimmed = rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        return "\n\(caption)\n\n```text\n" + trimmed.map { $0 + "\n" }.joined() + "```\n"
    }

    /// A line-by-line comparison of two pictures, for a failure message: equal lines indented
    /// by two spaces, differing ones as `- page` then `+ drawn`, with `|` closing each row so
    /// its end shows.
    static func diff(page: String, drawn: String) -> String {
        // Both end with a newline: no empty last line to show.
        let old = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let new = drawn.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return (0..<max(old.count, new.count)).map { index -> String in
            let before = index < old.count ? String(old[old.startIndex + index]) : nil
            let after = index < new.count ? String(new[new.startIndex + index]) : nil
            if before == after { return "  \(before ?? "")|" }
            return [before.map { "- \($0)|" }, after.map { "+ \($0)|" }].compactMap { $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
