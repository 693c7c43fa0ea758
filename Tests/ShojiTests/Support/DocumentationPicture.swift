import Shoji
import ShojiTesting
import Testing

/// A picture for a type's documentation page: a scene that shows the type in a small screen, as
/// an app would configure it, and the caption that says what the picture shows.
///
/// The scenes are in `DocumentationPicture+Views.swift` and `DocumentationPicture+Containers.swift`;
/// `DocumentationPictureTests` renders each one and compares it with its page
/// (`DocumentationPage`).
struct DocumentationPicture: Sendable, CustomTestStringConvertible {
    /// The `Shoji` type the page documents (the page is `Pictures/<typeName>.md`).
    let typeName: String
    /// The screen's size in cells.
    let size: Size
    /// What the picture shows, a noun phrase: the page's caption is this, the size and a colon.
    let caption: String
    /// Builds the scene headlessly at `size`, in its final state (animations run to their end);
    /// throws what a container's set-up throws (a broken scene).
    let scene: @MainActor @Sendable (Size) throws -> Pilot

    var testDescription: String { typeName }

    /// The caption line of the page: text captures cannot show styles, so captions say when
    /// reverse video or dimming matters.
    var captionLine: String { "\(caption), in \(size.width)x\(size.height) cells:" }

    /// The picture part of the page as the scene draws it now.
    @MainActor
    func render() throws -> String {
        let pilot = try scene(size)
        return DocumentationPage.picture(caption: captionLine, rows: pilot.lines)
    }

    /// Every picture, one per public view and container of `Shoji`.
    static let all: [DocumentationPicture] = views + containers
}
