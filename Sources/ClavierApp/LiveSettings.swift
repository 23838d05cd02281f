import ClavierCore
import ClavierLayouts

/// The settings in effect as the settings page changes them, shared by the closures a host
/// was made with (its placement, its layouts' bar, its keys' repeat), so that they read the
/// value of now rather than the value at start; and the page's file, kept on each change.
package final class LiveSettings {
    package var current: Settings
    package init(_ settings: Settings) { current = settings }

    /// Writes the page's settings to settings.yaml (`SettingsFile`); a failure is one warning,
    /// and the change still holds until the keyboard ends.
    package static func keep(_ lines: [(name: String, text: String)]) {
        guard let path = SettingsFile.defaultPath() else { return Log.warning("no home directory: the settings page's changes are not kept") }
        do {
            try SettingsFile.save(lines, to: path)
        } catch {
            Log.warning("cannot keep the settings page's changes in \(path): \(error)")
        }
    }

    /// Takes `settings` and says what the change of the setting `name` asks of the host: its
    /// page entry's host part (`PageSetting.host`; SettingChange.swift).
    package func take(_ settings: Settings, changed name: String) -> PageSetting.HostPart {
        current = settings
        return PageSetting.named(name)?.host ?? .none
    }

    /// The layout named `name` as the settings in effect show it (`Settings.shaping`): the
    /// bar's slots and the globe as the settings page has them now.
    package func layout(named name: String) throws(LayoutError) -> Layout { current.shaping(try LayoutLoader.layout(named: name)) }

    /// The theme the settings in effect name; nil (said) when it cannot be loaded.
    package func theme() -> Theme? {
        do {
            return try LayoutLoader.theme(named: current[.theme])
        } catch {
            Log.error("theme '\(current[.theme])': \(error)")
            return nil
        }
    }
}
