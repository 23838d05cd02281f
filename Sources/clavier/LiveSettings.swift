import ClavierCore
import ClavierLayouts

/// The settings in effect as the settings page changes them, shared by the closures a host
/// was made with (its placement, its layouts' bar, its keys' repeat), so that they read the
/// value of now rather than the value at start; and the page's file, kept on each change.
final class LiveSettings {
    var current: Settings
    init(_ settings: Settings) { current = settings }

    /// Writes the page's settings to settings.yaml (`SettingsFile`); a failure is one warning,
    /// and the change still holds until the keyboard ends.
    static func keep(_ lines: [(name: String, text: String)]) {
        guard let path = SettingsFile.defaultPath() else { return Log.warning("no home directory: the settings page's changes are not kept") }
        do {
            try SettingsFile.save(lines, to: path)
        } catch {
            Log.warning("cannot keep the settings page's changes in \(path): \(error)")
        }
    }

    /// The setting changes a host carries out alike: what it must do, by kind.
    enum Change {
        /// The click player opens or closes.
        case sound(Bool)
        /// The click player is opened again, at the new volume.
        case volume
        /// The window is placed again (a docked height follows the key size).
        case place
        /// The keys are painted in another theme.
        case theme(Theme)
        /// The keyboard is made again (its bar's slots, its keys' repeat).
        case keyboard
        /// The keyboard docks or floats: its window (X) or layer surface (Wayland) is made again.
        case float
        /// Auto-show's focus watch, the show button and the hardware keys' watch are made or
        /// let go as the settings now ask (the last two follow auto-show by default).
        case watches
        /// The scan switches are grabbed or let go (the session's scanner follows them).
        case scan
        /// The keymap's groups are made the languages, or the user's keymap given back (X;
        /// the session loads the keys again, with or without the globe).
        case languages([String])
        /// The session took it (dwell, glide); the host's parts that read `current` follow by themselves.
        case none
    }

    /// Takes `settings` and says what the change of the setting `name` asks of the host.
    func take(_ settings: Settings, changed name: String) -> Change {
        current = settings
        switch name {
        case Setting.sound.name: return .sound(settings[.sound])
        case Setting.volume.name: return .volume
        case Setting.keySize.name, Setting.height.name: return .place
        case Setting.suggestions.name, Setting.repeatDelay.name, Setting.repeatInterval.name: return .keyboard
        case Setting.float.name: return .float
        case Setting.autoShow.name, Setting.showButton.name, Setting.hideOnHardwareKeys.name: return .watches
        // The switch too: grabbed again in place of the old one while scanning runs.
        case Setting.scan.name, Setting.scanSwitch.name: return .scan
        case Setting.languages.name: return .languages(settings[.languages])
        case Setting.theme.name:
            do {
                return .theme(try LayoutLoader.theme(named: settings[.theme]))
            } catch {
                Log.error("theme '\(settings[.theme])': \(error)")
                return .none
            }
        default: return .none
        }
    }
}
