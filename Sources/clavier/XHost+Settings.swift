import ClavierCore
import ClavierX11

/// What the settings page asks of the X host: its settings kept, and each change carried out
/// at once (the click, the window's height, the theme, a new keyboard, the scan switch).
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
        case .scanSwitches(let names):
            regrab(names, layout: picture.keyboard.layout)
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

    /// Grabs the switch the page chose in place of the old one, while scanning runs (it is
    /// grabbed at start otherwise); one switch for one, as a second would change how the
    /// session scans. A key X does not know, or a modifier, leaves the old one grabbed.
    private func regrab(_ names: [String], layout: Layout) {
        guard let old = grab, names.count == old.switches.count, names != old.switches.map({ $0.name }) else { return }
        var switches: [SwitchGrab.Switch] = []
        for name in names {
            guard let one = SwitchGrab.Switch(named: name) else {
                return Log.warning("scan-switch: X knows no keysym '\(name)': the switch stays \(old.switches.map { $0.name })")
            }
            if let refused = ScanSwitchKeys.refusal(name: name, sym: one.keysym) { return Log.warning("scan-switch: " + refused) }
            if let taken = ScanSwitchKeys.takenFrom(layout, name: name, sym: one.keysym) { Log.warning("scan-switch: " + taken) }
            switches.append(one)
        }
        old.release()
        grab = SwitchGrab(display: display, switches: switches) { Log.warning($0) }
        Log.debug("scan-switch: grabbed \(names.joined(separator: ","))")
    }
}
