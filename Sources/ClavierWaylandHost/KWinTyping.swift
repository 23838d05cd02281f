import ClavierApp
import ClavierCore
import ClavierWayland

/// `KWinTypist` as the host's typist, on a `WaylandHost` whose connection KWin started as its
/// input method (issue 49): text through input-method-v1, other keys through fake input.
extension KWinTypist: HostTypist {
    package func type(_ effects: [Effect]) -> UInt64? {
        var keys: [(sym: KeySym, modifiers: ModifierSet)] = []
        for case .type(let sym, let modifiers) in effects { keys.append((sym, modifiers)) }
        // The round trip, as `WaylandTypist`'s: the paint waits until KWin has the keys.
        if type(keys) { roundtrip() }
        // input-method-v1 tells the field's activation and its text (`.field` reports), no window.
        return nil
    }

    package func format(_ formatting: Formatting) {
        // No selection is read on Wayland: the pair, the caret between.
        for sym in formatting.pairKeys { type(sym, modifiers: []) }
    }

    package var typingName: String { isInputMethod ? "kwin-input-method" : "kwin-fake-input" }

    package func prepare(for keyboard: Keyboard) {
        // Keys, not text, on the layouts of a PC's keyboard (`pc`, `pc-numpad`); KWin's keymap is
        // its own, so nothing is written before the first key.
        keysOnly = keyboard.layout.isWide
    }
}
