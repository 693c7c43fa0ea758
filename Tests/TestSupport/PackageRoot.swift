import Foundation

/// The checkout's root directory (the one holding `Package.swift`), found by walking up from
/// the calling test file, so a test that reads a source file or an article keeps working
/// when test files move between folders.
public func packageRoot(from file: StaticString = #filePath) -> URL {
    var directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            return directory
        }
        directory.deleteLastPathComponent()
    }
    preconditionFailure("no Package.swift above \(file)")
}
