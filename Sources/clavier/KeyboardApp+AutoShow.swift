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
            case .report:
                guard let report = focus?.watch?.take(), let last = focus?.last else { continue }
                focus?.last = report
                if report.focusSerial != last.focusSerial {
                    // Only the last of the changes since the loop last looked matters.
                    Log.debug("auto-show: \(report.focus) (\(report.kind)), \(report.focusSerial &- last.focusSerial) change(s)")
                    followField(report.kind, before: report.before, moved: true)
                    guard focus?.decisions.focusChanged(report.focus, shown: isShown, at: clock.now) == .show else { continue }
                    showAgain()
                } else if report.textSerial != last.textSerial {
                    followField(report.kind, before: report.before, moved: false)
                }
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
