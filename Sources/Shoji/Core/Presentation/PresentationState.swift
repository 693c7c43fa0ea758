/// What a controller keeps about modal presentations: weak links to the window's records it
/// takes part in. The window's stack of `Presentation`s owns the presented controllers; these
/// links only find them. The window clears them when a presentation ends
/// (`Presentation.endLinks()`); being weak, they also clear if a window goes away with its
/// presentations.
struct PresentationState {
    /// The presentation this controller started (it is the presenter).
    weak var presenting: Presentation?
    /// The presentation that shows this controller (it is presented).
    weak var presentation: Presentation?
    /// The window whose queue holds a `present` of this controller that has not run yet, so a
    /// `dismiss` asked for meanwhile finds the queue to wait in.
    weak var pendingWindow: Window?
}
