import ClavierApp
import ClavierCore
import ClavierRender

/// What the settings page asks of the Wayland host: its settings kept, and each change carried
/// out at once (the click, the surface's height, the theme, a new keyboard, the surface docked
/// or floating, the show button, scanning's pointer switches). The preview follows the settings
/// as they are (`previewMode`); dwell's hover needs nothing turned on here, nor auto-show
/// (input-method-v2 tells the field whatever it says; the session decides). The hardware
/// keys' watch is the X server's: off on Wayland, as at start.
extension WaylandHost {
    package func keepSettings(_ lines: [(name: String, text: String)]) { LiveSettings.keep(lines) }

    package func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool {
        switch live.take(settings, changed: name) {
        case .sound:
            keyClick.soundChanged(on: settings[.sound])
        case .volume:
            keyClick.volumeChanged()
        case .place:
            screen.shown = picture
            screenChanged()
        case .theme:
            guard let theme = live.theme() else { break }
            screen.retheme(theme)
            paint(picture, damaged: [], whole: true, bar: false)
        case .keyboard:
            return true
        case .float:
            refloat(settings, layout: picture.keyboard.layout, picture: picture)
        case .watches:
            showsButton = settings.showsButton
            // Turned off while the keyboard is hidden (a page opened by `clavier settings` shows it first).
            if !showsButton, connection.buttonShown { connection.hideButton() }
        case .scan:
            followScan(settings)
        case .learning:
            suggester?.learns = settings.learnsWords
        case .languages, .preview, .voice, .none:
            // The languages' cell is locked "not on Wayland": they are the X keymap's groups.
            // The preview reads the settings as they are (`previewMode`); the voice is the app's.
            break
        }
        return false
    }

    /// How many of the pointer's buttons are scan switches now (0: no scanning).
    package var scanSwitches: Int { switches.buttons.count }

    /// Docks or floats the keyboard as `settings` now say (`FloatPlace.floats`): its layer surface
    /// made again, where its frame was left when it floated before (`WaylandStart.chooseFloat`
    /// otherwise); the keys are laid out anew for its size (`WaylandScreen.newSize`).
    func refloat(_ settings: Settings, layout: Layout, picture: Picture) {
        let floats = screen.floats
        let floating = FloatPlace.floats(settings, layout: layout)
        guard floating != floats.floating else { return }
        floats.floating = floating
        if floating && floats.rect == nil {
            screen.frame = WaylandStart.chooseFloat(settings, layout: layout, for: floats, movable: movable, connection: connection)
        }
        Log.debug(floating ? "floating the keyboard" : "docking the keyboard")
        screen.shown = picture
        screen.replaceSurface()
    }
}

/// Scanning on Wayland: the pointer's buttons and the fingers on the surface are the
/// switches (`PointerSwitches`), a client seeing keys only with the focus.
extension WaylandHost {
    /// The surface's event as scanning takes it: nil, on to the keys as it is; `.some(nil)`: nothing.
    func scanned(_ outcome: PointerSwitches.Outcome) -> HostEvent?? {
        switch outcome {
        case .pass: nil
        case .drop: .some(nil)
        case .switched(let index, let down): .window(.switchPressed(index, down: down))
        }
    }

    /// Takes the switches `settings` ask for (none: scanning off), saying what they are when they change.
    func followScan(_ settings: Settings) {
        let wanted = PointerSwitches.buttons(for: settings)
        guard wanted.buttons != switches.buttons else { return }
        switches.buttons = wanted.buttons
        Log.debug(wanted.buttons.isEmpty ? "scanning off" : "scanning: " + PointerSwitches.describe(wanted.buttons))
    }
}
