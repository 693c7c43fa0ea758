/// What a window's queue of presentations is asked to do (see `ViewController.present` and
/// `dismiss`); resolved against the window's presentations when it runs, not when asked.
@MainActor
enum PresentationRequest {
    /// `presenter` presents `controller`.
    case present(ViewController, presenter: ViewController, animated: Bool, completion: (() -> Void)?)
    /// Dismisses what `requester` presented, or the presentation it is part of, and all above.
    case dismiss(ViewController, animated: Bool, completion: (() -> Void)?)
}
