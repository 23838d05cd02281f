import ClavierApp
import ClavierCore
import ClavierX11
import Glibc

/// GNOME on Wayland (issue 49): mutter offers clients no layer-shell, virtual-keyboard or
/// input method, so the keyboard is an X window on XWayland (it never takes the focus) and
/// types into the focused native window through mutter's RemoteDesktop (`RemoteDesktopTypist`).
/// Chosen by `--backend gnome`, or by `auto` when the X server is XWayland and the desktop is
/// GNOME or mutter's RemoteDesktop is on the session bus; plain XTest otherwise. Says in one
/// line at start which way it types and what it cannot do.
package enum GnomeTyping {
    /// The X host's typist on GNOME, or nil to type through XTest. Throws when `--backend gnome`
    /// asks for it and mutter does not offer it. `allow`: the session's typing filter (kiosk).
    package static func typist(_ settings: Settings, display: Display, allow: (@Sendable (KeySym, ModifierSet) -> Bool)?,
                       keymap: @escaping () -> KeyInjector) throws -> GnomeTypist? {
        let backend = settings[.backend]
        guard backend == .gnome || backend == .auto else { return nil }
        if backend == .auto {
            guard display.isXWayland else { return nil }
            if !Desktop.isGnome {
                // Another compositor's XWayland (KDE's, sway's): asked of the bus, ~1 ms and libgio.
                let offered = RemoteDesktopTypist.offered()
                guard offered.yes else {
                    Log.debug("no mutter RemoteDesktop (\(offered.why)): typing through XTest")
                    return nil
                }
            }
        } else {
            let offered = RemoteDesktopTypist.offered()
            guard offered.yes else {
                Log.error("--backend gnome: \(offered.why)")
                throw XStartEnded()
            }
        }
        Log.note("typing into GNOME's native windows through mutter's RemoteDesktop (GNOME Shell shows its screen-sharing "
                 + "indicator while the keyboard runs); characters outside the keyboard layout cannot be typed there")
        let remote = RemoteDesktopTypist(keymap: keymap, warn: { Log.warning($0) })
        remote.open()
        return GnomeTypist(remote, allow: allow)
    }
}

/// The host's typist on GNOME's XWayland (issue 49): each key through mutter's RemoteDesktop
/// session (`RemoteDesktopTypist`), kiosk mode's filter applied; XTest would reach XWayland's
/// windows only.
package final class GnomeTypist: HostTypist {
    private let remote: RemoteDesktopTypist
    private let allow: (@Sendable (KeySym, ModifierSet) -> Bool)?

    init(_ remote: RemoteDesktopTypist, allow: (@Sendable (KeySym, ModifierSet) -> Bool)?) {
        self.remote = remote
        self.allow = allow
    }

    /// Types every `.type` of `effects`; mutter says nothing of the window they went to.
    package func type(_ effects: [Effect]) -> UInt64? {
        for case .type(let sym, let modifiers) in effects { _ = send(sym, modifiers) }
        return nil
    }

    /// No selection is read from a native window: the pair, the caret between.
    package func format(_ formatting: Formatting) {
        for sym in formatting.pairKeys { _ = send(sym, []) }
    }

    /// Nothing to learn before the first key: mutter types the keysyms XWayland's keymap has.
    package func prepare(for keyboard: Keyboard) {}

    package var typingName: String { "gnome-remote-desktop" }

    /// Ends mutter's session (the keyboard ends).
    package func stop() { remote.stop() }

    private func send(_ sym: KeySym, _ modifiers: ModifierSet) -> Bool {
        remote.type(sym, modifiers: modifiers, allow: allow)
    }
}
