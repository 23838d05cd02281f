/// Which window system the keyboard runs on (`--backend`).
public enum Backend: String, CaseIterable, Hashable, Sendable {
    /// Wayland when `WAYLAND_DISPLAY` names a compositor with layer-shell and a way to type
    /// (virtual-keyboard or input-method-v2, or KWin's input-method-v1 when KWin started
    /// Clavier as its input method), else X11.
    case auto
    case wayland
    /// Wayland as KWin's input method (issue 49): insists on KWin's input-method-v1.
    case kwin
    case x11
}

extension Backend: SettingValue {}

extension Setting<Backend> {
    public static let backend = Setting("backend", .text, default: .auto,
        help: "The window system to run on: auto (default: Wayland when $WAYLAND_DISPLAY names a compositor with layer-shell and virtual-keyboard or input-method-v2, such as sway, labwc, Wayfire or Hyprland, or KWin when it started Clavier as its input method; else X11), wayland, kwin (KWin's input method only) or x11.",
        valueName: "auto|wayland|kwin|x11") { named($0) }
}
