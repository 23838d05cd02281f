import ClavierX11

/// The side connection in the loop (SideConnection.swift): after each turn the show button
/// follows the keyboard's visibility, whatever hid it (the hide key, `clavier hide`, a rule,
/// auto-show, a hardware key).
extension KeyboardApp {
    /// What follows the keyboard's visibility after each turn of the loop: the input aids
    /// (KeyboardApp+Aids.swift), and the button, shown while the keyboard is hidden.
    func followShown() {
        followAids()
        side?.follow(keyboardShown: isShown)
        // Xlib may have read the side connection's events into its queue while waiting for a
        // reply there (docking asks who owns the tray), and queued events never wake poll.
        serveSide()
    }

    /// Handles the side connection's events: a tap on the button shows the keyboard, a click
    /// on the tray icon shows or hides it, a hardware key hides it (a kiosk keyboard is only shown).
    func serveSide() {
        switch side?.serve() {
        case .show?: show()
        case .toggle? where isShown, .hide?: if !kiosk && isShown { hide() }
        case .toggle?: show()
        case nil: break
        }
    }
}
