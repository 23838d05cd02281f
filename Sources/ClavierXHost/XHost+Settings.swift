import ClavierApp
import ClavierCore
import ClavierX11

/// What the settings page asks of the X host: its settings kept, and each change carried out
/// at once (the click, the window's height, the theme, a new keyboard, the window docked or
/// floating, the watches and the scan switches' grab: XHost+Watches.swift; the keymap's
/// groups for the languages: `KeymapGroups`).
extension XHost {
    package func keepSettings(_ lines: [(name: String, text: String)]) { LiveSettings.keep(lines) }

    package func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool {
        var remake = false
        switch live.take(settings, changed: name) {
        case .sound:
            keyClick.soundChanged(on: settings[.sound])
        case .volume:
            keyClick.volumeChanged()
        case .place:
            screenChanged()
        case .theme:
            guard let theme = live.theme() else { break }
            retheme(theme)
            paint(picture, damaged: [], whole: true, bar: false)
        case .keyboard:
            remake = true
        case .float:
            remake = refloat(settings, layout: picture.keyboard.layout)
        case .watches:
            followWatches(settings)
        case .scan:
            grabSwitches(settings, layout: picture.keyboard.layout)
        case .languages:
            // Borrowed keycodes go back first: setxkbmap's new keymap would leave our loans
            // naming keysyms their keycodes no longer have.
            typist.restoreAll(clock: ContinuousClock())
            keymap.follow(settings)
            // The keys the session loads next are labelled from the new keymap, not the old.
            typist.keymapChanged(first: 0, count: 0)
        case .preview:
            previewer.mode = settings[.preview]
        case .learning:
            suggester?.learns = settings.learnsWords
        case .voice, .none:
            break  // The voice is the app's (`AssistiveChannels.followSpeech`).
        }
        if settings[.dwell] != nil, !screen.window.watchesHover { screen.window.watchHover() }
        return remake
    }

    /// How many scan switches are grabbed now (0: none, no scanning).
    package var scanSwitches: Int { grab?.switches.count ?? 0 }
}
