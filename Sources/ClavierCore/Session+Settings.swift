/// The settings page in the session: it opens over the keys (a long press on the hide key,
/// `clavier settings`), takes every press while open, and each tap changes one setting at
/// once: the session applies what is its own (dwell, glide, autocorrect) and says
/// `.settingChanged` for the host to keep the page's settings and apply the rest.
extension Session {
    /// The page as it shows now; nil while it is closed.
    public var settingsPage: SettingsPage? {
        guard settingsOpen, let settingsSources else { return nil }
        return SettingsPage(settingsSources, size: keyboard.geometry.size, forgot: forgotOnPage)
    }

    /// Opens the page over the keys, every press ended first (a held key must not repeat under it).
    mutating func openSettings(at now: ContinuousClock.Instant) -> [Effect] {
        guard opensSettings, settingsSources != nil, !settingsOpen else { return [] }
        let ended = keyboard.handle(.cancelAll, at: now, typing: &typing)
        settingsOpen = true
        forgotOnPage = false
        return ended + [.redrawAll]
    }

    /// A press on the page acts on its cell at once, as a key acts on its press; releases,
    /// motions and ticks do nothing here.
    mutating func settingsInput(_ input: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        guard case .press(let point, _) = input, let page = settingsPage, let cell = page.cell(at: point) else { return [] }
        switch cell.action {
        case .done:
            settingsOpen = false
            return [.playClick, .redrawAll]
        case .forget:
            forgotOnPage = true
            return [.playClick] + forgetLearning() + [.redrawAll]
        case .setting(let name):
            guard !cell.locked, let entry = PageSetting.named(name), var sources = settingsSources else { return [] }
            let text = entry.next(after: sources.settings, back: SettingsPage.stepsBack(cell, at: point),
                                  among: sources.choices(of: entry))
            let before = sources.settings.layoutName
            guard sources.set(name, to: text) else { return [] }
            settingsSources = sources
            follow(sources.settings, at: now)
            let fields = followAutoShow(sources.settings, at: now)
            return [.playClick] + fields + [.settingChanged(name)] + loads(after: name, layoutWas: before) + [.redrawAll]
        }
    }

    /// The keys a change of the setting `name` loads, after the host has carried it out: a
    /// layout comes as `clavier layout NAME`'s does (the page stays open over it); languages
    /// bring their globe (or take it away) and, when no layout is given, the layout they make
    /// the default (`xkb`, whose letters follow the keymap's group), else the one shown again.
    func loads(after name: String, layoutWas before: String) -> [Effect] {
        guard let settings = settingsSources?.settings else { return [] }
        let layout = settings.layoutName
        switch name {
        case Setting.layout.name:
            return [.loadLayout(layout, .request(layout))]
        case Setting.languages.name:
            return [layout == before ? .loadLayout(keyboard.layout.id, .refresh) : .loadLayout(layout, .request(layout))]
        default:
            return []
        }
    }

    /// Takes what of the new settings is the session's own.
    mutating func follow(_ settings: Settings, at now: ContinuousClock.Instant) {
        let delay = settings[.dwell].map { Duration.milliseconds($0) }
        if delay != dwell?.delay { dwell = delay.map(DwellAid.init(delay:)) }
        typing.glideTyping = settings[.glide]
        if offersWords { typing.autocorrect = settings.autocorrects }
    }

    /// Auto-show turned on or off (the host starts or stops its focus watch, `applySetting`):
    /// on, the keyboard follows the focus and, where the host has no other way to tell the
    /// field (X: the focus watch is auto-show's), asks which field has it, private until told;
    /// off, it no longer hides with the focus, and a field told only by the watch is `.unknown`
    /// again, as at a start without auto-show.
    mutating func followAutoShow(_ settings: Settings, at now: ContinuousClock.Instant) -> [Effect] {
        let acts = settings.autoShowActs
        guard acts != (autoShow != nil) else { return [] }
        autoShow = acts ? AutoShow() : nil
        guard !fieldsTold else { return [] }
        if acts {
            watchesField = true
            return askField()
        }
        watchesField = false
        return followField(.unknown, before: nil, moved: true, at: now)
    }

    /// Scanning as the host's grab now has it (`SessionEvent.scanSwitches`): no switch, no
    /// scanning (its marks go, `followAids`); the same switches at the page's interval, the
    /// highlight going on; new switches, a scan from the first row.
    mutating func followScan(switches: Int, at now: ContinuousClock.Instant) {
        let interval = settingsSources?.settings[.scan].map { Duration.milliseconds($0) }
        guard switches > 0 else { return scan = nil }
        if var same = scan, same.switches == switches {
            same.retime(interval, at: now)
            scan = same
            return
        }
        var next = ScanAid(switches: switches, interval: interval)
        next.follow(shown: shown, on: picture, at: now)
        scan = next
    }
}
