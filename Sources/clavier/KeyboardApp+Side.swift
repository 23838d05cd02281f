import ClavierCore

/// The side connection in the loop (SideConnection.swift): after each turn the show button
/// follows the keyboard's visibility, whatever hid it (the hide key, `clavier hide`, a rule,
/// auto-show, a hardware key); what the button, the tray icon and the hardware key watch ask
/// goes to the session as a request, which decides (a kiosk keyboard is only shown).
extension KeyboardApp {
    /// Shows the button iff the keyboard is hidden, then serves what is queued on the side.
    func followShown(_ x: XHost) {
        guard let side = x.side else { return }
        side.follow(keyboardShown: session.shown)
        // Xlib may have read the side connection's events into its queue while waiting for a
        // reply there (docking asks who owns the tray), and queued events never wake poll.
        serveSide(x)
    }

    /// Handles the side connection's events: a tap on the button shows the keyboard, a click
    /// on the tray icon shows or hides it, a hardware key hides it.
    func serveSide(_ x: XHost) {
        switch x.side?.serve() {
        case .show?: send(.request(.show))
        case .toggle?: send(.request(.toggle))
        case .hide? where session.shown && session.refusal(of: .hide) == nil: send(.request(.hide))
        case .hide?, nil: break
        }
    }
}
