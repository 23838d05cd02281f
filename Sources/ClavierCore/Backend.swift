/// Which window system the keyboard runs on (`--backend`).
public enum Backend: String, CaseIterable, Hashable, Sendable {
    /// Wayland when `WAYLAND_DISPLAY` names a compositor with layer-shell and a way to type
    /// (virtual-keyboard or input-method-v2, or KWin's input-method-v1 when KWin started
    /// Clavier as its input method, or KWin's fake input when started by hand), else X11.
    case auto
    case wayland
    /// Wayland on KWin (issue 49): insists on KWin's input-method-v1 or, started by hand, its fake input.
    case kwin
    case x11
    /// X11 on GNOME's XWayland, typing into native windows through mutter's RemoteDesktop
    /// (what `auto` chooses on XWayland under GNOME, or when mutter offers it on the bus).
    case gnome
}

extension Backend: SettingValue {}

extension Setting<Backend> {
    public static let backend = Setting("backend", .text, default: .auto,
        help: "The window system to run on and the way to type: auto (default: Wayland when $WAYLAND_DISPLAY names a compositor with layer-shell and virtual-keyboard or input-method-v2, such as sway, labwc, Wayfire or Hyprland, or KWin when it started Clavier as its input method or gave it fake input; on GNOME's XWayland, X11 typing into native windows through mutter's RemoteDesktop; else X11), wayland, kwin (KWin only: its input method, or its fake input when started by hand), x11 or gnome.",
        valueName: "auto|wayland|kwin|x11|gnome") { named($0) }
}
