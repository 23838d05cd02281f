/// The running keyboard as one value and one reducer: the keys (`Keyboard`), the typing that
/// outlives any keyboard (`Typing`: the text before the caret, the bar's words, the field's
/// keys, what glides typed), the aids' marks, whether the window is up, auto-show's
/// decisions, dwell, switch scanning, the window rules, and kiosk mode's refusals
/// (Session+Kiosk.swift, the one place kiosk is decided). Everything that happens to the
/// keyboard comes in as a `SessionEvent` with the time; what is to be done goes out as
/// `Effect`s, which the executable's `KeyboardApp` carries out on its host (X11 or Wayland).
/// A new input source is a case of `SessionEvent`; a new outside action, a case of `Effect`.
public struct Session: Sendable {
    /// The keys: layout, page, presses, modifiers. A new one (`.keyboardReady`) is taken as it comes.
    public internal(set) var keyboard: Keyboard
    /// What was typed and is offered, across keyboards; handed to the key reducer as it types.
    public internal(set) var typing: Typing
    /// What dwell and switch scanning draw over the keys (`followAids`).
    public internal(set) var marks = KeyMarks()
    /// The keys as they are seen: what the painter paints and the aids aim at.
    public var picture: Picture {
        typing.clips.isEmpty
            ? Picture(keyboard, completions: typing.completions, marks: marks, isPrivate: typing.fieldKeys.isPrivate,
                      correcting: typing.offersCorrection, settingsPage: settingsPage)
            : Picture(keyboard, completions: typing.clips.map(ClipboardHistory.label), marks: marks,
                      isPrivate: typing.fieldKeys.isPrivate, offersClips: true, pinnedClips: pinnedClipsShown,
                      settingsPage: settingsPage)
    }
    /// A kiosk keyboard cannot be hidden, quit or switched from outside (Session+Kiosk.swift).
    public let kiosk: Bool
    /// Whether the window is up: as asked (show, hide; it starts shown) and as the window system
    /// says (an unmap or an iconify from outside): what `clavier status` reports.
    public internal(set) var shown = true
    /// Auto-show's decisions when `--auto-show` acts (`Options.autoShowActs`).
    public internal(set) var autoShow: AutoShow?
    public internal(set) var dwell: DwellAid?
    public internal(set) var scan: ScanAid?
    /// What the voice said last for the scan and dwell (Session+Speech.swift); nil: speech off.
    public internal(set) var voice: HighlightVoice?
    /// The user's phrases and abbreviations, offered on the bar (Session+Phrases.swift).
    public internal(set) var phrases: Phrases
    public internal(set) var rules: WindowRuleFollower
    /// When a press seen elsewhere on the screen forgets the text before the caret
    /// (Session+Suggestions.swift), unless the window's own press comes first.
    public internal(set) var elsewhereDue: ContinuousClock.Instant?
    /// Whether a focus watch tells the focused field (`--auto-show`, until it ends), and whether
    /// its answer is awaited: from the start and from each show until it says which field has
    /// the focus; the field is private until then (Session+Field.swift).
    public internal(set) var watchesField: Bool
    /// The emoji search's own field while its page shows (Session+EmojiSearch.swift).
    public internal(set) var emojiSearch: EmojiSearchField?
    public internal(set) var awaitsField: Bool
    /// The settings in effect and where each comes from; nil: none told (a session made
    /// in a test), then there is no settings page either.
    public internal(set) var settingsSources: SettingsSources?
    /// Whether the settings page shows over the keys (Session+Settings.swift).
    public internal(set) var settingsOpen = false
    /// Whether the page's "Forget what I typed" was tapped since it opened.
    var forgotOnPage = false
    /// The texts copied lately, for the clipboard strip (Session+Clipboard.swift); nil: no
    /// strip (`--clipboard off`, a kiosk: `Options.keepsClipboard`).
    public internal(set) var clipboard: ClipboardHistory?
    /// Whether the settings page may open at all (Session+Kiosk.swift decides).
    public let opensSettings: Bool
    /// The index among the language key's languages last chosen on a layout that writes one
    /// language (Session+Languages.swift); nil: none chosen yet.
    var languageIndex: Int?
    /// Whether the host offers words: autocorrection the page turns on needs them.
    let offersWords: Bool
    /// Whether the host tells the focused field without auto-show's watch (`Options.fieldsTold`).
    let fieldsTold: Bool

    /// A session showing `keyboard`, its bar offering `completions` (the words offered before
    /// anything is typed, so that the first picture has them).
    public init(keyboard: Keyboard, completions: [String] = [], options: Options, at now: ContinuousClock.Instant) {
        self.keyboard = keyboard
        typing = Typing(capitalize: options.capitalize, glide: options.glide, autocorrect: options.autocorrect)
        phrases = options.phrases
        _ = typing.setCompletions(phrases.offers(before: typing.context.before, partialWord: "", words: completions), on: keyboard.accessory)
        kiosk = options.kiosk
        autoShow = options.autoShowActs ? AutoShow() : nil
        watchesField = options.autoShowActs || options.fieldsTold
        awaitsField = options.autoShowActs || options.fieldsTold
        dwell = options.dwell.map(DwellAid.init(delay:))
        opensSettings = options.settingsPageAllowed
        // Before the scan's first rows: the bar's gear is one of them.
        self.keyboard.opensSettings = opensSettings
        if options.scanSwitches > 0 {
            var scan = ScanAid(switches: options.scanSwitches, interval: options.scanInterval)
            scan.follow(shown: true, on: Picture(self.keyboard, completions: typing.completions), at: now)
            self.scan = scan
        }
        voice = options.speech ? HighlightVoice(paced: options.speechPaced, echoes: options.speechEcho) : nil
        rules = WindowRuleFollower(rules: options.rules, layout: options.layoutName)
        settingsSources = options.settings
        offersWords = options.words
        fieldsTold = options.fieldsTold
        clipboard = options.keepsClipboard ? ClipboardHistory(pinned: options.pinnedClips) : nil
        _ = takeFieldKeys(turnPage: false)
        searchFollowsKeyboard()
    }

    /// When the session next wants a `.tick`; nil: nothing counts (an idle keyboard sleeps).
    public func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        [keyboard.nextDeadline, dwell?.nextDeadline(after: now), scanDeadline, autoShow?.nextDeadline, elsewhereDue]
            .compactMap { $0 }.min()
    }

    /// Turns one event at `now` into what is to be done, in order: typing, painting, the
    /// window, the click are the host's.
    public mutating func handle(_ event: SessionEvent, at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .input(let input):
            if settingsOpen {
                effects += settingsInput(input, at: now)
            } else {
                if case .press = input { elsewhereDue = nil }
                effects += feed([input], at: now)
            }
            // A picture is a copy of the keyboard: made only for an aid that reads it.
            if dwell != nil {
                let seen = picture
                if let inputs = dwell?.real(input, on: seen, at: now) { effects += aided(inputs, at: now) }
            }
        case .hover(let point):
            if dwell != nil {
                let seen = picture
                if let inputs = dwell?.hover(point, on: seen, at: now) { effects += aided(inputs, at: now) }
            }
        case .switchKey(let index, let down):
            // A switch user has no other way to bring back a keyboard a rule or a request hid.
            if down && !shown && scan != nil { effects += show(byHand: true, at: now) }
            if scan != nil {
                let seen = picture
                if let inputs = scan?.switchKey(index, down: down, on: seen, at: now) { effects += aided(inputs, at: now) }
            }
            if !down, scan?.takeSettings() == true { effects += openSettings(at: now) }
        case .scanSwitches(let count):
            followScan(switches: count, at: now)
        case .tick:
            effects += feed([.tick], at: now)
            if dwell != nil {
                let seen = picture
                if let inputs = dwell?.fire(at: now, on: seen) { effects += aided(inputs, at: now) }
            }
            tickScan(at: now)
            if autoShow?.due(at: now) == .hide, shown, mayHide(.autoShow) { effects += hide(at: now) }
            if let due = elsewhereDue, due <= now {
                elsewhereDue = nil
                effects += forgetTyping()
            }
        case .request(let request):
            effects += handle(request, at: now)
        case .focus(let focus):
            // The report that came with it told the field: nothing to ask.
            if autoShow?.focusChanged(focus, shown: shown, at: now) == .show { effects += show(byHand: false, askField: false, at: now) }
        case .activeWindow(let identity):
            effects += forgetTyping()
            let decision = rules.decide(for: identity)
            if let wanted = decision.layout { effects.append(.loadLayout(wanted, .rule(wanted))) }
            switch decision.visibility {
            case .show?: effects += show(byHand: false, at: now)
            case .hide? where mayHide(.rule): if shown { effects += hide(at: now) }
            default: break
            }
        case .keyboardReady(let next, let change):
            effects += keyboard.handle(.cancelAll, at: now, typing: &typing)
            // The same field goes on, on the new layout or the refilled one: nothing to hand over.
            keyboard = next
            keyboard.opensSettings = opensSettings
            searchFollowsKeyboard()
            typing.keyboardChanged(followsWords: next.followsWords)
            marks = KeyMarks()  // The new keys carry none yet: `followAids` puts them back.
            // Made showing no field's keys, it shows the field's, on the field's page when a
            // rule or the field chose the layout.
            let ruled: Bool = if case .rule = change { true } else { false }
            effects += takeFieldKeys(turnPage: ruled, shown: FieldKeys())
            switch change {
            case .rule(let name): rules.showing(name)
            case .request(let name): rules.asked(for: name)
            case .refresh: break
            }
            effects.append(.redrawAll)
        case .completions(let words, let correction):
            // Late words for the text before a glide do not push its alternatives off the bar.
            if typing.glideContext.lastWord == nil, !typing.fieldKeys.isPrivate {
                effects += typing.setCompletions(offered(with: words), correction: correction, on: keyboard.accessory)
            }
        case .emojiMatches(let query, let found):
            effects += takeMatches(found, for: query)
        case .glided(let words):
            effects += keyboard.typeGlided(words, at: now, typing: &typing)
        case .field(let kind, let before, let moved, let multiLine):
            effects += followField(kind, before: before, moved: moved, multiLine: multiLine, at: now)
        case .fieldWatchEnded:
            effects += fieldWatchEnded()
        case .copied(let text):
            copied(text)
        case .press(let elsewhere):
            if !elsewhere { elsewhereDue = nil } else if elsewhereDue == nil { elsewhereDue = now + Timing.ownPressWait }
        case .focusedWindow(let window):
            effects += followFocusedWindow(window)
        case .typedElsewhere:
            effects += typedElsewhere()
        case .finishTyping:
            effects += commitTyping(complete: false)
        case .keymap(let live, let locks):
            if let live { effects += keyboard.setLiveKeys(live) }
            if let locks { effects += keyboard.setLocks(locks) }
        case .resized(let size):
            keyboard.resize(to: size)
            effects.append(.redrawAll)
        case .windowMapped(let pointer):
            shown = true
            let seen = picture
            dwell?.shown(under: pointer, on: seen, at: now)
        case .windowUnmapped:
            effects += windowWent(at: now)
        case .windowDestroyed:
            effects += windowWent(at: now)
            effects.append(.recreateWindow)
            if outlivesItsWindow { effects += show(byHand: false, at: now) }
        case .closeAsked:
            if !outlivesItsWindow { effects.append(.quit) }
        case .spoken:
            promptEnded(at: now)
        case .voice(let paced):
            followVoice(paced: paced)
        }
        effects += echoTyped(effects)
        effects += followAids(at: now)
        effects += suggestions(after: effects)
        return effects + followClips()
    }

    /// Hands input events to the key reducer; its `.hide` (the hide key) is the session's to decide.
    mutating func feed(_ inputs: [InputEvent], at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        for input in inputs {
            let caretMoves = keyboard.caretMoves
            let out = keyboard.handle(input, at: now, typing: &typing)
            effects += languageLayouts(out.filter { effect in
                switch effect {
                case .searchTyped, .pinClip, .speakSentence, .saveSentence: return false
                default: return effect != .hide && effect != .openSettings
                }
            })
            effects += followSearch(out)
            for case .pinClip(let text) in out { effects += togglePin(text) }
            effects += sentenceKeys(out, at: now)
            if out.contains(.hide), mayHide(.hideKey) { effects += hide(at: now) }
            if out.contains(.openSettings) { effects += openSettings(at: now) }
            // A drag on the space bar moved the caret: the text before it is no longer known,
            // as after a click in the application.
            if keyboard.caretMoves != caretMoves { effects += forgetTyping() }
        }
        return effects
    }

    /// Shows the keyboard; `byHand` (a request, a switch) keeps auto-show from hiding it
    /// until the focus changes next, even when it was up already. The focus watch is asked
    /// which field has the focus (`askField`), unless its report is what shows the keyboard.
    mutating func show(byHand: Bool, askField asks: Bool = true, at now: ContinuousClock.Instant) -> [Effect] {
        if byHand { autoShow?.shownByHand() }
        guard !shown else { return [] }
        shown = true
        return [.show] + (asks ? askField() : [])
    }

    /// Hides the window, ending every press first: a key held as the keyboard goes must not
    /// stay pressed, repeat, nor its preview stay up.
    mutating func hide(at now: ContinuousClock.Instant) -> [Effect] {
        let ended = keyboard.handle(.cancelAll, at: now, typing: &typing)
        shown = false
        settingsOpen = false
        return ended + forgetTyping() + forgetSearch() + [.hide]
    }

    /// The window went from the screen without our asking (unmapped, iconified, destroyed):
    /// every press ends and the preview goes; a kiosk keyboard comes back at once.
    mutating func windowWent(at now: ContinuousClock.Instant) -> [Effect] {
        guard shown || !keyboard.pressed.isEmpty else { return [] }
        var effects = hide(at: now)
        if outlivesItsWindow { effects += show(byHand: false, at: now) }
        return effects
    }
}
