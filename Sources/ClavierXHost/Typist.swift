import ClavierApp
import ClavierCore
import ClavierX11
import Glibc

/// Sends what the keyboard types to the focused window: the XTest injector (made when first
/// needed), the session's typing filter (kiosk mode's), markdown formatting around the selection, and giving back
/// borrowed keycodes on time.
package final class Typist: HostTypist {
    private let display: Display
    /// The window the selection is read onto (`format`): the keyboard's, as it is now.
    var requestor: (() -> KeyboardWindow)?
    /// What may be typed, with the modifiers it will really be sent with (`Session.typingFilter`); nil: anything.
    private let allow: (@Sendable (KeySym, ModifierSet) -> Bool)?
    private var made: KeyInjector?

    init(display: Display, allow: (@Sendable (KeySym, ModifierSet) -> Bool)?) {
        self.display = display
        self.allow = allow
    }

    /// The injector, made on first use: reading the keymap waits until the first picture is
    /// on screen (or the first press) unless the layout's labels need it. Made while the keyboard
    /// shows, it lends the shown layout's letters at once (`prepare(for:)`).
    package var injector: KeyInjector {
        if let made { return made }
        let injector = KeyInjector(display: display)
        injector.pages = pages
        made = injector
        if showing { injector.lendPages(allow: allow) }
        return injector
    }

    /// Types every `.type` of `effects` that kiosk mode allows; when anything was typed, waits
    /// until the server has it and says which window has the input focus.
    package func type(_ effects: [Effect]) -> UInt64? {
        var typed = false
        for case .type(let sym, let modifiers) in effects where send(sym, modifiers: modifiers) { typed = true }
        // A round trip: wait until the server has taken the keys before painting and clicking.
        // On two cores our paint and the click thread otherwise compete with the X server and
        // the focused client just as the key reaches them (BENCHMARKS.md). The paint starts one
        // round trip later. It is XSync's own request, XGetInputFocus, whose answer says which
        // window the keys went to, for nothing more.
        return typed ? UInt64(display.inputFocus()) : nil
    }

    /// What `keyboard`'s pages type: a keysym the keymap lacks borrows a spare keycode as it
    /// is typed, with its page's other keysyms the keymap lacks (`KeyInjector.pages`). While the
    /// keyboard shows, its letters page's are lent at once, as far as the pool goes, in one keymap
    /// change that also gives back the last layout's (`KeyInjector.lendPages`), and kept while it
    /// shows: a word typed on it changes the keymap nowhere midway.
    package func prepare(for keyboard: Keyboard) {
        let new = PageKeysyms(keyboard)
        guard new != pages else { return }
        pages = new
        made?.pages = pages
        if showing { made?.lendPages(allow: allow) }
    }
    private var pages = PageKeysyms()
    /// Whether the keyboard shows (`shown`, `hidden`): only then are its letters lent ahead.
    private var showing = false

    /// The keyboard shows: its letters are lent again, as far as they went back (once the
    /// injector is made: not before the first picture, `injector`).
    func shown() {
        showing = true
        made?.lendPages(allow: allow)
    }

    /// The keyboard hid: its loans go back once idle (`restoreDue`).
    func hidden() {
        showing = false
        made?.releasePages()
    }

    package var typingName: String { "xtest" }

    package func format(_ formatting: Formatting) {
        guard let window = requestor?() else { return }
        format(formatting, window: window)
    }

    /// Types one keysym, through the typing filter when there is one: every path that types
    /// (keys, accessory cells, formatting) comes here.
    @discardableResult
    private func send(_ sym: KeySym, modifiers: ModifierSet = []) -> Bool {
        guard let allow else { return injector.type(sym, modifiers: modifiers) }
        let typed = injector.type(sym, modifiers: modifiers, allow: allow)
        if !typed { Log.debug("kiosk mode: not typing a blocked combination (only what a kiosk needs is typed)") }
        return typed
    }

    /// Wraps the selected text of the focused window (PRIMARY, read onto `window`) in
    /// `formatting`'s delimiters by typing the wrapped text, which replaces a selection in
    /// most applications. With nothing selected, or a selection that is not one short line of
    /// printable text (`Formatting.wrapping`), types the pair and puts the cursor between
    /// them with Left.
    func format(_ formatting: Formatting, window: KeyboardWindow) {
        let selection = display.primarySelection(requestor: window.id)
        if let wrapped = formatting.wrapping(selection) {
            for sym in KeySym.sequence(typing: wrapped) { send(sym) }
            return
        }
        if let selection, !selection.isEmpty { Log.debug("the selection is not one short line of text: typing only the pair") }
        for sym in formatting.pairKeys { send(sym) }
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
