/// A window's announcements for assistive technology: the notifications the app posts, and in
/// the screen-reader mode what focus and the focused element's value say as they change; the
/// text of the status row (see `Window.isScreenReaderModeOn`).
///
/// Guarantees:
/// - Every posted notification and every spoken change is recorded in `log`, in order (the
///   newest `logLimit` kept).
/// - In the screen-reader mode, each frame (`frameWillDraw()`) adds what the focus says when it
///   moved since the last frame (the groups it entered, outermost first, then the element), or
///   the parts of the focused element that changed (its value, or all of it when its label
///   changed); the status row then shows everything said since the last frame, oldest first,
///   joined by ". ", and keeps showing it until something new is said. Outside the mode nothing
///   is computed per frame.
/// - Main actor only; owned by its window, which it holds unowned.
@MainActor
final class AccessibilityAnnouncer {
    private unowned let window: Window

    /// The most recent announcements kept in `log`.
    static let logLimit = 200

    /// What was said, oldest first.
    private(set) var log: [String] = []

    /// What the status row shows.
    private(set) var status = ""

    /// Said since the last frame, waiting to be shown.
    private var pending: [String] = []

    /// The focused element the last frame spoke of, and what it said then.
    private weak var spokenFocus: View?
    private var spokenDescription: AccessibilityDescription?

    /// Set by `.screenChanged`: the next frame says the focus with all its groups.
    private var sayAllGroups = false
    /// Set by `.layoutChanged`: the next frame says the focused element even if unchanged.
    private var sayFocusAgain = false

    init(window: Window) {
        self.window = window
    }

    func post(_ notification: AccessibilityNotification) {
        switch notification {
        case .announcement(let text):
            say(text)
        case .screenChanged(let view):
            if let view { window.makeFirstResponder(view) }
            sayAllGroups = true
        case .layoutChanged(let view):
            if let view { window.makeFirstResponder(view) }
            sayFocusAgain = true
        }
        if window.isScreenReaderModeOn { window.setNeedsDisplay() }
    }

    /// The mode was turned on: the next frame says where the focus is, from the top.
    func screenReaderModeDidStart() {
        spokenFocus = nil
        spokenDescription = nil
        sayAllGroups = true
    }

    /// Adds what the focus says now (see the type's guarantees) and moves what was said since
    /// the last frame to the status row. Called by the window after layout, before drawing.
    func frameWillDraw() {
        guard window.isScreenReaderModeOn else { return }
        speakFocus()
        if !pending.isEmpty {
            status = pending.joined(separator: ". ")
            pending = []
        }
    }

    private func speakFocus() {
        defer {
            sayAllGroups = false
            sayFocusAgain = false
        }
        guard let focus = window.firstResponder else {
            spokenFocus = nil
            spokenDescription = nil
            return
        }
        let description = focus.accessibility
        if focus !== spokenFocus || sayAllGroups {
            let groups = Self.groups(around: focus)
            let entered: [String]
            if sayAllGroups {
                entered = groups.map(\.label)
            } else {
                let old = spokenFocus.map(Self.groups(around:)) ?? []
                entered = groups.filter { group in !old.contains { $0.view === group.view } }.map(\.label)
            }
            say((entered + [description.spoken]).filter { !$0.isEmpty }.joined(separator: ". "))
        } else if sayFocusAgain {
            say(description.spoken)
        } else if let previous = spokenDescription, previous != description {
            if previous.label != description.label || previous.traits != description.traits {
                say(description.spoken)
            } else if let value = description.value, !value.isEmpty, value != previous.value {
                say(value)
            }
        }
        spokenFocus = focus
        spokenDescription = description
    }

    /// The accessibility groups `view` lies in (`View.accessibilityGroupLabel`), outermost
    /// first; a group named as the one around it is said once.
    private static func groups(around view: View) -> [(view: View, label: String)] {
        var result: [(view: View, label: String)] = []
        var current = view.superview
        while let shown = current {
            if let label = shown.accessibilityGroupLabel, !label.isEmpty { result.append((shown, label)) }
            current = shown.superview
        }
        result.reverse()
        return result.enumerated().filter { index, group in index == 0 || result[index - 1].label != group.label }
            .map(\.element)
    }

    private func say(_ text: String) {
        guard !text.isEmpty else { return }
        log.append(text)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
        if window.isScreenReaderModeOn { pending.append(text) }
    }
}
