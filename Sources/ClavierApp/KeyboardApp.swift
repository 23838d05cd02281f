import ClavierCore
import ClavierLayouts

/// The running keyboard: the session (Core's one reducer over the whole state), a loop over
/// its host's events (KeyboardApp+Loop.swift) and an interpreter of its effects on that host
/// (`KeyboardHost`'s parts: `XHost`'s on an X server, `WaylandHost`'s on a Wayland compositor, recording ones in the
/// app tests), which is its only way out.
/// Every event goes through `send`.
package final class KeyboardApp {
    private(set) var session: Session
    let host: KeyboardHost
    /// Makes the keyboards a layout's load and a showing hand the session.
    private var dealer: KeyboardDealer
    let now: () -> ContinuousClock.Instant
    private(set) var running = true
    /// When the language models' pages are given back unless input comes first.
    var idlePages = IdlePages()
    /// How the last request went wrong (refused by kiosk mode, a layout that does not load).
    private(set) var problem: ControlReply?
    /// The voice and the keys served as AT-SPI objects (issue 50), started by `run`.
    let assistive: AssistiveChannels

    package init(session: Session, host: KeyboardHost, shuffleSource: any RandomNumberGenerator, speaker: Speaker? = nil,
         accessibleKeys: Bool = false, now: @escaping () -> ContinuousClock.Instant) {
        self.session = session
        self.host = host
        assistive = AssistiveChannels(speaker: speaker, accessibleKeys: accessibleKeys)
        dealer = KeyboardDealer(shuffleSource: shuffleSource)
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
            case .speak(let text, let language): assistive.speak(text, language: language)
            case .echo(let text, let language), .sayTyped(let text, let language): assistive.speak(text, language: language, whole: true)
            case .keepPhrase(let phrase): PhraseBank.keep(phrase)
            case .openSettings, .pinClip, .speakSentence, .saveSentence: break  // The session's: never come out of it.
            case .show, .loadLayout, .settingChanged: later.append(effect)
            }
        }
        host.screen.paint(session.picture, damaged: damaged, whole: whole, bar: bar)
        assistive.follow(session, on: host.screen)
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
        if let next = dealer.refreshed(session.keyboard, on: host) { send(.keyboardReady(next, .refresh)) }
        host.screen.showWindow()
    }

    /// The settings page changed the setting `name`: its settings are kept, and the host
    /// carries the change out; scanning follows the switches it grabs, and a keyboard made
    /// again comes to the session as a refresh.
    private func changeSetting(_ name: String) {
        guard let sources = session.settingsSources else { return }
        host.settings.keepSettings(sources.keptLines)
        if PageSetting.named(name)?.host == .voice, let voice = assistive.followSpeech(sources.settings) { send(voice) }
        let remake = host.settings.applySetting(name, sources.settings, picture: session.picture)
        send(.scanSwitches(host.settings.scanSwitches))
        if remake { load(session.keyboard.layout.id, .refresh) }
    }

    /// Loads the layout `name` names, from its first page, and hands its keyboard to the session.
    private func load(_ name: String, _ change: LayoutChange) {
        switch dealer.load(name, change, on: host) {
        case .success(let keyboard): send(.keyboardReady(keyboard, change))
        case .failure(let why): problem = .failed(why.message)
        }
    }

    // MARK: The suggestion bar: the session asks for words (`Effect.suggest`), the host has them.

    /// The keymap's group or its layouts changed: suggestions follow its language. With
    /// nothing typed yet the bar asks too: it offers a sentence's first words.
    func followKeymapLanguage() {
        guard host.words.suggests else { return }
        let changed = host.words.followKeymapLanguage(on: session.keyboard)
        guard changed || session.typing.context.before.isEmpty else { return }
        send(wordsNow())
    }

    /// The words changed (their model is there, or the keymap's language came): the bar asks again.
    func fillSuggestions() { send(wordsNow()) }

    /// The bar's words for the text before the caret, and what the word before the caret
    /// would be corrected to as it ends, when its taps are known and it may be corrected.
    func wordsNow() -> SessionEvent {
        // A query reads the model: its pages are given back after the next idle spell.
        if host.words.suggests { idlePages.delay(from: now()) }
        let words = host.words.suggestions(for: session.keyboard, after: session.typing.context, corrects: session.typing.corrects)
        let correction = session.typing.correctable.flatMap { host.words.correction(of: $0.taps, on: session.keyboard, before: $0.before) }
        return .completions(words, correction: correction)
    }

    /// The keyboard quits: what was typed is learned and saved first, without the window
    /// system (it may be gone).
    func finishSuggestions() {
        if host.words.suggests { send(.finishTyping) }
        host.words.saveLearning()
    }
}
