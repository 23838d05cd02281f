/// The settings page in the session: it opens over the keys (a long press on the hide key,
/// `clavier settings`), takes every press while open, and each tap changes one setting at
/// once: the session applies what is its own (the entry's `session` part: dwell, glide,
/// autocorrect, auto-show, the keys loaded) and says
/// `.settingChanged` for the host to keep the page's settings and apply the rest.
extension Session {
    /// The settings page's part of the session: the settings in effect and where each comes
    /// from, whether the page shows over the keys, and whether it may open at all.
    public struct SettingsPane: Sendable {
        /// The settings in effect and where each comes from; nil: none told (a session made
        /// in a test), then there is no settings page either.
        public internal(set) var sources: SettingsSources?
        /// Whether the page shows over the keys.
        public internal(set) var isOpen = false
        /// Whether the page's "Forget what I typed" was tapped since it opened.
        var forgot = false
        /// Whether the page may open at all (Session+Kiosk.swift decides).
        public let opens: Bool
        /// Whether the host offers words: autocorrection the page turns on needs them.
        let offersWords: Bool

        init(_ options: Options) {
            sources = options.settings
            opens = options.settingsPageAllowed
            offersWords = options.words
        }
    }

    public var settingsSources: SettingsSources? { pane.sources }
    public var settingsOpen: Bool { pane.isOpen }
    public var opensSettings: Bool { pane.opens }

    /// The page as it shows now; nil while it is closed.
    public var settingsPage: SettingsPage? {
        guard pane.isOpen, let sources = pane.sources else { return nil }
        return SettingsPage(sources, size: keyboard.geometry.size, forgot: pane.forgot)
    }

    /// Opens the page over the keys, every press ended first (a held key must not repeat under it).
    mutating func openSettings(at now: ContinuousClock.Instant) -> [Effect] {
        guard pane.opens, pane.sources != nil, !pane.isOpen else { return [] }
        let ended = keyboard.handle(.cancelAll, at: now, typing: &typing)
        pane.isOpen = true
        pane.forgot = false
        return ended + [.redrawAll]
    }

    /// A press on the page acts on its cell at once, as a key acts on its press; releases,
    /// motions and ticks do nothing here.
    mutating func settingsInput(_ input: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        guard case .press(let point, _) = input, let page = settingsPage, let cell = page.cell(at: point) else { return [] }
        switch cell.action {
        case .done:
            pane.isOpen = false
            return [.playClick, .redrawAll]
        case .forget:
            pane.forgot = true
            return [.playClick] + forgetLearning() + [.redrawAll]
        case .setting(let name):
            guard !cell.locked, let entry = PageSetting.named(name), var sources = pane.sources else { return [] }
            let text = entry.next(after: sources.settings, back: SettingsPage.stepsBack(cell, at: point),
                                  among: sources.choices(of: entry))
            let before = sources.settings.layoutName
            guard sources.set(name, to: text) else { return [] }
            pane.sources = sources
            let fields = take(entry.session, of: sources.settings, at: now)
            return [.playClick] + fields + [.settingChanged(name)] + loads(after: entry.session, layoutWas: before) + [.redrawAll]
        }
    }

    /// The keys a change loads (its entry's `part`), after the host has carried it out: a
    /// layout comes as `clavier layout NAME`'s does (the page stays open over it); languages
    /// bring their globe (or take it away) and, when no layout is given, the layout they make
    /// the default (`xkb`, whose letters follow the keymap's group), else the one shown again.
    func loads(after part: PageSetting.SessionPart, layoutWas before: String) -> [Effect] {
        guard let settings = pane.sources?.settings else { return [] }
        let layout = settings.layoutName
        switch part {
        case .layout:
            return [.loadLayout(layout, .request(layout))]
        case .languages:
            return [layout == before ? .loadLayout(keyboard.layout.id, .refresh) : .loadLayout(layout, .request(layout))]
        case .none, .dwell, .glide, .autocorrect, .autoShow:
            return []
        }
    }

    /// Takes the session's part of a change (its entry's `part`) to `settings`, at once.
    mutating func take(_ part: PageSetting.SessionPart, of settings: Settings, at now: ContinuousClock.Instant) -> [Effect] {
        switch part {
        case .dwell:
            let delay = settings[.dwell].map { Duration.milliseconds($0) }
            if delay != aids.dwell?.delay { aids.dwell = delay.map(DwellAid.init(delay:)) }
        case .glide:
            typing.glideTyping = settings[.glide]
        case .autocorrect:
            if pane.offersWords { typing.autocorrect = settings.autocorrects }
        case .autoShow:
            return followAutoShow(settings, at: now)
        case .none, .layout, .languages:
            break
        }
        return []
    }

    /// Auto-show turned on or off (the host starts or stops its focus watch, `applySetting`):
    /// on, the keyboard follows the focus and, where the host has no other way to tell the
    /// field (X: the focus watch is auto-show's), asks which field has it, private until told;
    /// off, it no longer hides with the focus, and a field told only by the watch is `.unknown`
    /// again, as at a start without auto-show.
    mutating func followAutoShow(_ settings: Settings, at now: ContinuousClock.Instant) -> [Effect] {
        let acts = settings.autoShowActs
        guard acts != (visibility.autoShow != nil) else { return [] }
        visibility.autoShow = acts ? AutoShow() : nil
        guard !visibility.fieldsTold else { return [] }
        if acts {
            visibility.watchesField = true
            return askField()
        }
        visibility.watchesField = false
        return followField(.unknown, before: nil, moved: true, at: now)
    }
}
