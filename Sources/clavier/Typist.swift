import ClavierCore
import ClavierX11
import Glibc

/// Sends what the keyboard types to the focused window: the XTest injector (made when first
/// needed), kiosk mode's filter, markdown formatting around the selection, and giving back
/// borrowed keycodes on time.
final class Typist {
    private let display: Display
    private let kiosk: Bool
    private var made: KeyInjector?

    init(display: Display, kiosk: Bool) {
        self.display = display
        self.kiosk = kiosk
    }

    /// The injector, made on first use: reading the keymap waits until the first picture is
    /// on screen (or the first press) unless the layout's labels need it.
    var injector: KeyInjector {
        if let made { return made }
        let injector = KeyInjector(display: display)
        made = injector
        return injector
    }

    /// Types every `.type` of `effects` that kiosk mode allows; says whether anything was typed.
    func type(_ effects: [Effect]) -> Bool {
        var typed = false
        for case .type(let sym, let modifiers) in effects {
            if kiosk && Kiosk.blocks(sym, modifiers: modifiers) {
                Log.debug("kiosk mode: not typing a blocked combination")
                continue
            }
            injector.type(sym, modifiers: modifiers)
            typed = true
        }
        return typed
    }

    /// Wraps the selected text of the focused window (PRIMARY, read onto `window`) in
    /// `formatting`'s delimiters by typing the wrapped text, which replaces a selection in
    /// most applications; with nothing selected, types the pair and puts the cursor between
    /// them with Left.
    func format(_ formatting: Formatting, window: KeyboardWindow) {
        let d = formatting.delimiter
        let selection = display.primarySelection(requestor: window.id).flatMap { $0.isEmpty ? nil : $0 }
        for sym in KeySym.sequence(typing: d + (selection ?? "") + d) { injector.type(sym, modifiers: []) }
        if selection == nil {
            for _ in d.unicodeScalars { injector.type(.left, modifiers: []) }
        }
    }

    /// When a borrowed keycode is next due back, if one is lent.
    var nextRestore: ContinuousClock.Instant? { made?.nextRestore }

    /// Gives back the borrowed keycodes that are due at `now`.
    func restoreDue(now: ContinuousClock.Instant) { made?.restoreDue(now: now) }

    /// The server's keymap changed: an injector made later reads it as it is then.
    func keymapChanged(first: UInt8, count: Int) { made?.keymapChanged(first: first, count: count) }

    /// Gives back every borrowed keycode, the last only once clients have had time to read
    /// it (a keycode changed under a client still reading its key event types the wrong key).
    func restoreAll(clock: ContinuousClock) {
        guard let made else { return }
        if let safe = made.allRestorable, case let wait = safe - clock.now, wait > .zero {
            let (seconds, attos) = wait.components
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attos / 1_000_000_000))
            nanosleep(&pause, nil)
        }
        made.restoreAll()
    }
}
