import ClavierCore
import ClavierX11
import ArgumentParser
import Glibc

/// GNOME on Wayland (issue 49): mutter offers clients no layer-shell, virtual-keyboard or
/// input method, so the keyboard is an X window on XWayland (it never takes the focus) and
/// types into the focused native window through mutter's RemoteDesktop (`RemoteDesktopTypist`).
/// Chosen by `--backend gnome`, or by `auto` when the X server is XWayland and the desktop is
/// GNOME or mutter's RemoteDesktop is on the session bus; plain XTest otherwise. Says in one
/// line at start which way it types and what it cannot do.
enum GnomeTyping {
    /// `XDG_CURRENT_DESKTOP` names GNOME (`GNOME`, `ubuntu:GNOME`, `GNOME-Classic:GNOME` …).
    static var isGnome: Bool {
        guard let value = getenv("XDG_CURRENT_DESKTOP") else { return false }
        return String(cString: value).split(separator: ":").contains { $0.hasPrefix("GNOME") }
    }

    /// The typist to plug into the X host's `Typist`, or nil to type through XTest. Throws when
    /// `--backend gnome` asks for it and mutter does not offer it.
    static func typist(_ settings: Settings, display: Display, keymap: @escaping () -> KeyInjector) throws -> RemoteDesktopTypist? {
        let backend = settings[.backend]
        guard backend == .gnome || backend == .auto else { return nil }
        if backend == .auto {
            guard display.isXWayland else { return nil }
            if !isGnome {
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
                throw ExitCode.failure
            }
        }
        Log.note("typing into GNOME's native windows through mutter's RemoteDesktop (GNOME Shell shows its screen-sharing "
                 + "indicator while the keyboard runs); characters outside the keyboard layout cannot be typed there")
        let typist = RemoteDesktopTypist(keymap: keymap, warn: { Log.warning($0) })
        typist.open()
        return typist
    }
}
