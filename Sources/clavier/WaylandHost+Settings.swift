import ClavierCore
import ClavierRender

/// What the settings page asks of the Wayland host: its settings kept, and each change carried
/// out at once (the click, the surface's height, the theme, a new keyboard). The preview follows
/// the settings as they are (`previewMode`); dwell's hover needs nothing turned on here.
extension WaylandHost {
    func keepSettings(_ lines: [(name: String, text: String)]) { LiveSettings.keep(lines) }

    func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool {
        switch live.take(settings, changed: name) {
        case .sound(let on):
            keyClick.soundChanged(on: on)
        case .volume:
            keyClick.volumeChanged()
        case .place:
            screen.picture = picture
            screenChanged()
        case .theme(let theme):
            screen.theme = theme
            paint(picture, damaged: [], whole: true, bar: false)
        case .keyboard:
            return true
        case .none, .scanSwitches:
            // No switch is grabbed on Wayland: its cell is locked there (RunWayland.swift).
            break
        }
        suggester?.learns = settings.learnsWords
        suggester?.autocorrect = settings.autocorrects
        return false
    }
}
