import ClavierApp
import ClavierCore
import ClavierWayland

/// `WaylandTypist` as the host's typist: input-method-v2's text and virtual-keyboard-v1's
/// keys, with the keymap it writes made for each keyboard before its first key.
extension WaylandTypist: HostTypist {
    package func type(_ effects: [Effect]) -> UInt64? {
        var keys: [(sym: KeySym, modifiers: ModifierSet)] = []
        for case .type(let sym, let modifiers) in effects { keys.append((sym, modifiers)) }
        // A round trip, as XSync on X: the paint waits until the compositor has taken the keys,
        // so it does not compete with the compositor and the focused client for the two cores
        // just as the key reaches them (press → key 0.23–0.30 ms with it, 0.59–0.70 without:
        // BENCHMARKS.md, issue 37).
        if type(keys) { connection.roundtrip() }
        // input-method-v2 tells the field's activation and its text (`.field` reports), no window.
        return nil
    }

    package func format(_ formatting: Formatting) {
        // No selection is read on Wayland: the pair, the caret between.
        for sym in formatting.pairKeys { type(sym, modifiers: []) }
    }

    package var typingName: String { connection.hasInputMethod ? "input-method-v2" : "virtual-keyboard" }

    package func prepare(for keyboard: Keyboard) {
        // Its keys are labelled from the keymap this typist writes (`DefaultKeymap`, `KeyboardHost.makeKeyboard`).
        // Keys, not text, on the layouts of a PC's keyboard (`pc`, `pc-numpad`).
        keysOnly = keyboard.layout.isWide
        // Every key of the layout has its keycode before the first is typed: a client given a
        // new keymap may lose the key that follows it (GTK 4 does).
        prepare(Self.keysyms(of: keyboard.layout, live: keyboard.liveKeys))
    }
}
