import ClavierCore

/// What the settings page asks of the X host: its settings kept, and each change carried out
/// at once (the click, the window's height, the theme, a new keyboard).
extension XHost {
    func keepSettings(_ lines: [(name: String, text: String)]) { LiveSettings.keep(lines) }

    func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool {
        switch live.take(settings, changed: name) {
        case .sound(let on):
            keyClick.soundChanged(on: on)
        case .volume:
            keyClick.volumeChanged()
        case .place:
            screenChanged()
        case .theme(let theme):
            retheme(theme)
            paint(picture, damaged: [], whole: true, bar: false)
        case .keyboard:
            return true
        case .none:
            break
        }
        previewer.mode = settings[.preview]
        suggester?.learns = settings.learnsWords
        suggester?.autocorrect = settings.autocorrects
        if settings[.dwell] != nil, !screen.window.watchesHover { screen.window.watchHover() }
        return false
    }
}
