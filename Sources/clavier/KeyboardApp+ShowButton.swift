import ClavierX11

/// `--show-button` in the loop (ShowButton.swift): after each turn the button follows the
/// keyboard's visibility, whatever hid it (the hide key, `clavier hide`, a rule, auto-show).
extension KeyboardApp {
    /// What follows the keyboard's visibility after each turn of the loop: the input aids
    /// (KeyboardApp+Aids.swift), and the button, shown while the keyboard is hidden.
    func followShown() {
        followAids()
        showButton?.follow(keyboardShown: isShown)
        // Xlib may have read the side connection's events into its queue while waiting for a
        // reply there (docking asks who owns the tray), and queued events never wake poll.
        serveShowButton()
    }

    /// Handles the button's and the tray icon's events: a tap on the button shows the
    /// keyboard, a click on the icon shows or hides it (a kiosk keyboard is only shown).
    func serveShowButton() {
        switch showButton?.serve() {
        case .show?: show()
        case .toggle? where isShown: if !kiosk { hide() }
        case .toggle?: show()
        case nil: break
        }
    }
}
