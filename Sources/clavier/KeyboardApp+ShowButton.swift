import ClavierX11

/// `--show-button` in the loop (ShowButton.swift): after each turn the button follows the
/// keyboard's visibility, whatever hid it (the hide key, `clavier hide`, a rule, auto-show).
extension KeyboardApp {
    /// What follows the keyboard's visibility after each turn of the loop: the input aids
    /// (KeyboardApp+Aids.swift), and the button, shown while the keyboard is hidden.
    func followShown() {
        followAids()
        showButton?.follow(keyboardShown: isShown)
    }

    /// Handles the button's events; a tap shows the keyboard.
    func serveShowButton() {
        if showButton?.serve() == true { show() }
    }
}
