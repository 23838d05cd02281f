import ClavierCore
import ClavierLayouts

/// The running keyboard: the session (Core's one reducer over the whole state), a loop over
/// its host's events (KeyboardApp+Loop.swift) and an interpreter of its effects on that host
/// (`KeyboardHost`'s parts: `XHost`'s on an X server, `WaylandHost`'s on a Wayland compositor, recording ones in the
/// app tests), which is its only way out.
/// Every event goes through `send`.
final class KeyboardApp {
    private(set) var session: Session
    let host: KeyboardHost
    /// Deals a PIN pad's digits each time the keyboard is shown.
    var shuffleSource: any RandomNumberGenerator
    let now: () -> ContinuousClock.Instant
    private(set) var running = true
    /// When the language models' pages are given back unless input comes
    /// first (the loop's `trimPagesWhenIdle`); nil: given back, until the next input.
    var pagesIdleAt: ContinuousClock.Instant?
    /// How the last request went wrong (refused by kiosk mode, a layout that does not load).
    private(set) var problem: ControlReply?
    /// The voice (`--speech on`, or the settings page's Speech); nil: nothing is spoken.
    private(set) var speaker: Speaker?
    /// Issue 50: whether the keys are served as AT-SPI objects (`AccessibleKeys`, started by
    /// `run` once the first picture is up), and the server once started.
    let servesAccessibleKeys: Bool
    var accessible: AccessibleKeys?

    init(session: Session, host: KeyboardHost, shuffleSource: any RandomNumberGenerator, speaker: Speaker? = nil,
         accessibleKeys: Bool = false, now: @escaping () -> ContinuousClock.Instant) {
        self.session = session
        self.host = host
        self.speaker = speaker
        servesAccessibleKeys = accessibleKeys
        self.shuffleSource = shuffleSource
        self.now = now
    }

    /// Hands one event to the session and carries out what it says. Where a key may take a
    /// correction back, the session hears first which window has the focus (it may have moved
    /// with no window manager to say so): the undo is for the window it was made in.
    func send(_ event: SessionEvent) {
        if session.asksFocusedWindow(before: event), let window = host.focus?.focusedWindow() {
            apply(session.handle(.focusedWindow(window), at: now()))
        }
        apply(session.handle(event, at: now()))
    }

    /// Carries out a control request; the reply says how it went.
    func respond(to request: SessionRequest) -> ControlReply {
        problem = nil
        send(.request(request))
        return problem ?? .ok(nil)
    }

    func quit() { running = false }

    /// Carries out effects: typing first (it is what the user waits for), then painting only
    /// what changed, the preview, the click; then what changes the keyboard itself.
    private func apply(_ effects: [Effect]) {
        guard !effects.isEmpty else { return }
        let typedInto = host.type(effects)
        var damaged: [Key.ID] = [], whole = false, bar = false, trail = false
        var tapped: [Key] = [], later: [Effect] = [], glides: [[Point]] = [], suggest = false, searched: String?
        for effect in effects {
            switch effect {
            case .redraw(let ids): damaged += ids
            case .redrawAll, .switchPage: whole = true
            case .redrawAccessory: bar = true
            case .type, .playClick, .searchTyped: break
            case .searchEmoji(let query): searched = query
            case .redrawTrail: trail = true
            case .decodeGlide(let points): glides.append(points)
            case .tapped(let key): tapped.append(key)
            case .learn(let text): host.words.learn(text, on: session.keyboard.layout)
            case .forgetLearned: host.words.forgetLearned()
            case .suggest: suggest = true
            case .switchLanguage(let index): host.keymap?.switchLanguage(index)
            case .askField: host.loop.askField()
            case .format(let formatting): host.typist.format(formatting)
            case .hide: host.screen.hideWindow(); host.words.saveLearning()
            case .recreateWindow: host.screen.recreateWindow(session.picture)
            case .quit: running = false
            case .refused(let why): problem = .refused(why)
            case .keepPins(let texts): host.settings.keepPins(texts)
            case .speak(let text, let language): speaker?.speak(text, language: language)
            case .echo(let text, let language), .sayTyped(let text, let language): speaker?.speak(text, language: language, whole: true)
            case .keepPhrase(let phrase): PhraseBank.keep(phrase)
            case .openSettings, .pinClip, .speakSentence, .saveSentence: break  // The session's: never come out of it.
            case .show, .loadLayout, .settingChanged: later.append(effect)
            }
        }
        host.screen.paint(session.picture, damaged: damaged, whole: whole, bar: bar)
        followAccessibleKeys()  // Issue 50: what shows, to an accessibility client (AccessibleKeys.swift).
        if !damaged.isEmpty || whole { host.screen.followPreview(session.picture) }
        if effects.contains(.playClick) { host.loop.click() }
        // Counted after the key is typed and painted: saving the counts syncs a file.
        tapped.forEach(host.words.tapped)
        // The trail whole where keys under it were just repainted; a glide decoded at the lift.
        if trail { host.screen.paintTrail(session.picture, at: now(), whole: whole || !damaged.isEmpty) }
        for points in glides { send(.glided(host.words.glideWords(session.keyboard, points, after: session.typing.glideContext.before))) }
        // The window the keys went to: another than the last forgets the text before the caret.
        if let typedInto { send(.focusedWindow(typedInto)) }
        if session.typing.mayTakeCorrectionBack { host.focus?.hearKeysTypedElsewhere() }
        for effect in later {
            switch effect {
            case .loadLayout(let name, let change): load(name, change)
            case .settingChanged(let name): changeSetting(name)
            default: showAgain()
            }
        }
        // After typing, painting and the click, so asking the model delays none of them.
        if suggest, host.words.suggests { send(wordsNow()) }
        if let query = searched { send(.emojiMatches(query, host.words.emojiMatches(for: query, on: session.keyboard.layout))) }
    }

    /// Shows the keyboard again, with a PIN pad's digits dealt anew and the frequently used
    /// page refilled.
    private func showAgain() {
        host.screen.prepareToShow(session.picture)
        var next: Keyboard?
        if let refreshed = host.words.refreshLayout(session.keyboard.layout) {
            next = host.makeKeyboard(refreshed, page: session.keyboard.page.id)
        }
        if session.keyboard.layout.hasShuffledKeys {
            var shuffled = next ?? session.keyboard
            shuffled.reshuffle(using: &shuffleSource)
            next = shuffled
        }
        if let next { send(.keyboardReady(next, .refresh)) }
        host.screen.showWindow()
    }

    /// The settings page changed the setting `name`: its settings are kept, and the host
    /// carries the change out; scanning follows the switches it grabs, and a keyboard made
    /// again comes to the session as a refresh.
    private func changeSetting(_ name: String) {
        guard let sources = session.settingsSources else { return }
        host.settings.keepSettings(sources.keptLines)
        if name == Setting.speech.name { followSpeech(sources.settings) }
        let remake = host.settings.applySetting(name, sources.settings, picture: session.picture)
        send(.scanSwitches(host.settings.scanSwitches))
        if remake { load(session.keyboard.layout.id, .refresh) }
    }

    /// Speech turned on or off on the page: the voice is made (at the rate and volume of the
    /// settings) or let go, and the session told whether it tells when a prompt ends.
    private func followSpeech(_ settings: Settings) {
        guard settings[.speech] != (speaker != nil) else { return }
        if settings[.speech] {
            speaker = Speaker(rate: settings[.speechRate], volume: settings[.speechVolume])
        } else {
            speaker?.finish()
            speaker = nil
        }
        send(.voice(paced: speaker.map(\.tellsEnds)))
    }

    /// Loads the layout `name` names, from its first page, and hands its keyboard to the
    /// session. Never answers with a file's contents: a diagnostic may quote the file, which
    /// the asking process may not be allowed to read (`clavier layout` checks a file itself).
    private func load(_ name: String, _ change: LayoutChange) {
        let layout: Layout
        do {
            layout = try host.loadLayout(name)
        } catch {
            if case .rule = change { Log.error("a window rule's layout '\(name)': \(error)") }
            guard case .invalid(let diagnostics) = error else { return problem = .failed("\(error)") }
            problem = .failed("'\(name)' is not a layout Clavier can show: \(diagnostics.count) problem"
                              + (diagnostics.count == 1 ? "" : "s") + " (clavier check \(name))")
            return
        }
        var keyboard = host.makeKeyboard(host.words.refreshLayout(layout) ?? layout, page: nil)
        keyboard.reshuffle(using: &shuffleSource)
        send(.keyboardReady(keyboard, change))
    }
}
