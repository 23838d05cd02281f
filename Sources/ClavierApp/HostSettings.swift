import ClavierCore

/// The host's part that carries out the settings page: its settings kept, each change done
/// at once on the window system, and the clipboard strip's pins kept.
package protocol HostSettings: AnyObject {
    /// Keeps the settings page's settings (settings.yaml, `SettingsSources.keptLines`).
    func keepSettings(_ lines: [(name: String, text: String)])
    /// Carries out the settings page's change of the setting `name` to `settings` at once
    /// (the click, the window's place, the theme, whose repaint shows `picture`, the window
    /// docked or floating, the focus watch, the show button, the hardware keys' watch, the scan
    /// switches' grab); true when the keyboard is to be made again (its bar's slots, its keys'
    /// repeat, a window of another size).
    func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool
    /// How many scan switches the host has now (0: none, no scanning), which the session's
    /// scanner follows after each change of the settings page.
    var scanSwitches: Int { get }
    /// Keeps the clipboard strip's pinned texts (`Effect.keepPins`; none: the pin file goes).
    func keepPins(_ texts: [String])
}

extension HostSettings {
    package func keepSettings(_ lines: [(name: String, text: String)]) { LiveSettings.keep(lines) }
    package func keepPins(_ texts: [String]) { ClipboardPins.keep(texts) }
}
