import Shoji

/// What the buttons on top of a `TwoPaneController` tell their container: a protocol the button
/// controller talks through, instead of holding the container itself.
@MainActor
public protocol TwoPaneButtonsDelegate: AnyObject {
    /// "Show / Hide" was activated.
    func buttonsPaneDidPressShowHide(_ buttonsPane: TwoPaneButtonsPane)
    /// "Swap" was activated (it is disabled while there is nothing to swap).
    func buttonsPaneDidPressSwap(_ buttonsPane: TwoPaneButtonsPane)
}
