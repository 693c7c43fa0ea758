import Testing
@testable import ShojiDemoKit

/// The menu in `json`, as if read from a file named `menu.json`.
func parseMenu(_ json: String) throws(MenuFileError) -> MenuFile {
    try MenuFile.parse(Array(json.utf8), source: "menu.json")
}

/// The message `json` is refused with, or a recorded failure if it parses.
func menuMessage(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let menu = try parseMenu(json)
        Issue.record("parsed, but should not have: \(menu)", sourceLocation: sourceLocation)
        return ""
    } catch {
        return error.description
    }
}
