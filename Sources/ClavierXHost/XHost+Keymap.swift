import ClavierApp
import ClavierCore
import ClavierX11

/// The X server's keymap (`HostKeymap`: what keys produce, through the injector's reading of
/// it; the languages' groups) and its windows and hardware keyboard (`HostFocus`).
extension XHost: HostKeymap, HostFocus {
    package func keymapChanged(keyboard: Keyboard) -> SessionEvent {
        // The keycodes this change stands for, kept on the display as X said them.
        let change = display.takeKeymapChange()
        typist.keymapChanged(first: change.first, count: change.count)
        grab?.keymapChanged { Log.warning($0) }
        return keymap(for: keyboard)
    }

    /// What the XKB-named keys of `keyboard` produce under the live keymap, group and locks
    /// (its relabelling, as the session's event).
    package func keymap(for keyboard: Keyboard) -> SessionEvent {
        let names = keyboard.xkbKeyNames
        return .keymap(live: names.isEmpty ? nil : typist.injector.liveKeys(named: names),
                       locks: keyboard.showsLocks ? typist.injector.locks : nil)
    }

    package func label(_ keyboard: inout Keyboard) {
        // The injector reads the keymap only when the layout's labels need it (the first picture waits for it).
        let names = keyboard.xkbKeyNames
        if !names.isEmpty { _ = keyboard.setLiveKeys(typist.injector.liveKeys(named: names)) }
        if keyboard.showsLocks { _ = keyboard.setLocks(typist.injector.locks) }
    }

    package var serverRepeat: KeyRepeat? { display.keyRepeat.map { KeyRepeat(delay: $0.delay, interval: $0.interval) } }

    package func switchLanguage(_ index: Int?) {
        let languages = keymap.languages.count
        guard languages > 1 else { return }
        display.lockGroup(index.map { min($0, languages - 1) } ?? (display.group + 1) % languages)
    }

    package var layoutNames: String? { display.currentXKBLayout }

    package func activeWindow() -> WindowIdentity? {
        guard let (id, identity) = display.activeWindow(), id != screen.window.id else { return nil }
        return identity
    }

    package func focusedWindow() -> UInt64? { UInt64(display.inputFocus()) }

    package func hearKeysTypedElsewhere() { side?.hearKeysTypedElsewhere() }
}
