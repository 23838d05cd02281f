/// Auto-show's decisions (`--auto-show`): the keyboard comes up when a text field gets the
/// focus, and goes a short delay after the focus leaves one, so moving from field to field
/// does not make it flicker. Time is an argument, as in the reducer, so the delay is tested
/// without sleeping.
public struct AutoShow: Sendable {
    /// What the accessibility bus says got or lost the focus.
    public enum Focus: Equatable, Sendable {
        /// Something one types into got the focus: an editable entry, text, password or terminal.
        case textField
        /// Something else got the focus: a button, a list, a window.
        case other
        /// A text field lost the focus; where it went may say nothing (a program without AT-SPI).
        case textFieldLeft
    }

    /// What to do to the keyboard.
    public enum Action: Equatable, Sendable {
        case show, hide
    }

    /// How long after the focus leaves a text field the keyboard goes (`Timing.autoShowHide`).
    public let hideDelay: Duration
    /// When the keyboard is to hide, if it is.
    public private(set) var nextDeadline: ContinuousClock.Instant?

    public init(hideDelay: Duration = Timing.autoShowHide) {
        self.hideDelay = hideDelay
    }

    /// What `focus` changing at `now` does, with the keyboard `shown` or not: show at once, or
    /// nothing now (a hide is set for `hideDelay` later, or a pending one is cancelled).
    public mutating func focusChanged(_ focus: Focus, shown: Bool, at now: ContinuousClock.Instant) -> Action? {
        switch focus {
        case .textField:
            nextDeadline = nil
            return shown ? nil : .show
        case .other, .textFieldLeft:
            // The first of several events for one move counts: the delay runs from when the focus left.
            if shown && nextDeadline == nil { nextDeadline = now + hideDelay }
            return nil
        }
    }

    /// The user showed the keyboard by hand (`clavier show`): it stays until the focus changes next.
    public mutating func shownByHand() {
        nextDeadline = nil
    }

    /// The hide due by `now`, if one is; it is then done with.
    public mutating func due(at now: ContinuousClock.Instant) -> Action? {
        guard let deadline = nextDeadline, deadline <= now else { return nil }
        nextDeadline = nil
        return .hide
    }
}
