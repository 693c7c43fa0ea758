/// One entry of a `Menu`, as UIKit's `UIMenuElement`: an action (`MenuAction`) or a submenu
/// (`Menu`). Only those two exist; the class cannot be subclassed outside Shoji.
///
/// Guarantees: the title is drawn inert (control characters show as caret notation, never
/// reach the terminal) and measured as drawn. Main actor only.
@MainActor
public class MenuElement {
    /// The text the menu shows for the element.
    public let title: String

    init(title: String) {
        self.title = title
    }
}
