import Glibc

/// The desktop the keyboard runs on, as the session names it: the X host's GNOME typing and the
/// Wayland host's start (which leaves GNOME to X11) both ask.
package enum Desktop {
    /// `XDG_CURRENT_DESKTOP` names GNOME (`GNOME`, `ubuntu:GNOME`, `GNOME-Classic:GNOME` …).
    package static var isGnome: Bool {
        guard let value = getenv("XDG_CURRENT_DESKTOP") else { return false }
        return String(cString: value).split(separator: ":").contains { $0.hasPrefix("GNOME") }
    }
}
