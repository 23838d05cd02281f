import ClavierCore

/// `--auto-show`: the keyboard follows the accessibility bus's focus, through the same show
/// and hide as `clavier show` and `clavier hide` (hiding ends every press first).
extension KeyboardApp {
    /// Carries out what the focus watch has said since the loop last looked.
    func followFocus() {
        guard let watch = focusWatch else { return }
        for message in watch.messages() {
            switch message {
            case .ready:
                Log.debug("auto-show: listening for focus changes on the accessibility bus")
            case .noBus:
                Log.warning("auto-show is off: no accessibility bus (AT-SPI: a session bus and at-spi2-core's bus launcher)")
                focusWatch = nil
                autoShow = nil
                return
            case .focus(let focus):
                Log.debug("auto-show: \(focus)")
                guard autoShow?.focusChanged(focus, shown: isShown, at: clock.now) == .show else { continue }
                showAgain()
            }
        }
    }

    /// Hides the keyboard when the focus left text fields long enough ago.
    func hideIfDue(now: ContinuousClock.Instant) {
        guard autoShow?.due(at: now) == .hide, isShown else { return }
        Log.debug("auto-show: the focus left text fields: hiding")
        hide()
    }
}
