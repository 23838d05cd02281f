import ClavierCore

/// `--auto-show`: the keyboard follows the accessibility bus's focus, through the same show
/// and hide as `clavier show` and `clavier hide` (hiding ends every press first).
extension KeyboardApp {
    /// Carries out what the focus watch has said since the loop last looked.
    func followFocus() {
        guard let watch = focus?.watch else { return }
        for message in watch.messages() {
            switch message {
            case .ready:
                Log.debug("auto-show: listening for focus changes on the accessibility bus")
            case .noBus:
                Log.warning("auto-show is off: no accessibility bus (AT-SPI: a session bus and at-spi2-core's bus launcher)")
                focus = nil
                return
            case .focus(let change):
                Log.debug("auto-show: \(change)")
                guard focus?.decisions.focusChanged(change, shown: isShown, at: clock.now) == .show else { continue }
                showAgain()
            }
        }
    }

    /// Hides the keyboard when the focus left text fields long enough ago.
    func hideIfDue(now: ContinuousClock.Instant) {
        guard focus?.decisions.due(at: now) == .hide, isShown else { return }
        Log.debug("auto-show: the focus left text fields: hiding")
        hide()
    }
}
