/// Which window system the keyboard runs on (`--backend`).
public enum Backend: String, CaseIterable, Hashable, Sendable {
    /// Wayland when `WAYLAND_DISPLAY` names a compositor with layer-shell and a way to type
    /// (virtual-keyboard or input-method-v2), else X11.
    case auto
    case wayland
    case x11
    /// X11 on GNOME's XWayland, typing into native windows through mutter's RemoteDesktop
    /// (what `auto` chooses on XWayland under GNOME, or when mutter offers it on the bus).
    case gnome
}

extension Backend: SettingValue {}

extension Setting<Backend> {
    public static let backend = Setting("backend", .text, default: .auto,
        help: "The window system to run on: auto (default: Wayland when $WAYLAND_DISPLAY names a compositor with layer-shell and virtual-keyboard or input-method-v2, such as sway, labwc, Wayfire or Hyprland; on GNOME's XWayland, X11 typing into native windows through mutter's RemoteDesktop; else X11), wayland, x11 or gnome.",
        valueName: "auto|wayland|x11|gnome") { named($0) }
}
