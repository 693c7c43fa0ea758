/// A pasteboard kept in the process: copying stores the text, pasting reads it back, and no
/// other program sees it. A window's pasteboard when its screen has none (headless, or a
/// terminal that does not take OSC 52).
@MainActor
public final class InAppPasteboard: Pasteboard {
    /// The text last copied, exactly as given.
    public var string: String?

    /// An empty pasteboard (or one holding `string`).
    public init(string: String? = nil) { self.string = string }
}
