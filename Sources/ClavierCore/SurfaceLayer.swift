/// The layer-shell layer a docked keyboard is on (`--layer`, Wayland): `top`, which a
/// fullscreen window covers (the compositor draws no top layer over it and gives it the
/// pointer), or `overlay`, above fullscreen windows too, whose bottom rows it then covers (a
/// fullscreen window ignores the height it reserves). A kiosk's is `overlay` unless given
/// (`Session.Options.surfaceLayer`); a floating keyboard is always on `overlay`.
public enum SurfaceLayer: String, CaseIterable, Hashable, Sendable {
    case top
    case overlay
}

extension SurfaceLayer: SettingValue {}

extension Setting<SurfaceLayer> {
    public static let layer = Setting("layer", .text, default: .top,
        help: "The Wayland layer a docked keyboard is on: top (default, unless --kiosk: a fullscreen window covers the keyboard) or overlay (the default with --kiosk: above fullscreen windows too, covering their bottom rows).",
        valueName: "top|overlay") { named($0) }
}
