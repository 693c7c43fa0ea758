/// A sheet that lists the keys active right now, as `Window.activeKeyBindings()` reports them:
/// one group per responder, innermost first, each binding's keys beside its title. The
/// `Application` shows it on F1 (and `?` outside text input); Escape or F1 closes it. Any app
/// may present one itself.
///
/// Guarantees:
/// - The list is taken when the controller is made: it shows what the keys did at that
///   moment, not the keys of the sheet itself.
/// - Titles and key names are drawn inert (control characters as caret notation) and cut to
///   the sheet's width; a list taller than the sheet scrolls with the arrows, PageUp/PageDown,
///   Home/End and the mouse wheel.
/// - It is a `.formSheet`, sized to its rows within the window.
@MainActor
open class KeyHelpController: ViewController {
    /// The groups listed, innermost first.
    public let groups: [KeyBindings]

    /// A sheet listing `groups` (usually `window.activeKeyBindings()`).
    public init(groups: [KeyBindings]) {
        self.groups = groups
        super.init()
        title = "Keys"
        modalPresentationStyle = .formSheet
        modalTransitionStyle = .fade
    }

    /// The rows shown: a heading per group, then one row per binding.
    var rows: [KeyHelpView.Row] {
        var rows: [KeyHelpView.Row] = [.heading("Keys (F1 or Escape closes)")]
        for group in groups {
            rows.append(.heading(group.title.isEmpty ? "Other" : group.title))
            for binding in group.bindings {
                rows.append(.binding(keys: Self.keyList(binding.keys), title: binding.title))
            }
        }
        return rows
    }

    /// The keys as the help shows them: "F2, m"; a run of four or more as its ends,
    /// "Alt-1…Alt-9".
    static func keyList(_ keys: [KeyEvent]) -> String {
        let names = keys.map(\.displayName)
        if names.count >= 4, let first = names.first, let last = names.last { return first + "…" + last }
        return names.joined(separator: ", ")
    }

    open override func loadView() {
        view = KeyHelpView(rows: rows)
    }

    /// As wide as the longest row (plus a margin each side, and the scroll bar's column when
    /// the rows do not fit) and as tall as the rows, within `maximum`.
    open override func preferredContentSize(fitting maximum: Size) -> Size {
        let view = (viewIfLoaded as? KeyHelpView) ?? KeyHelpView(rows: rows)
        let natural = view.naturalSize
        let bar = natural.height > maximum.height ? 1 : 0
        return Size(width: min(natural.width + bar, maximum.width), height: min(natural.height, maximum.height))
    }

    /// The list takes the focus, so its scrolling keys work.
    open override var preferredFocusedView: View? { viewIfLoaded }
}
