/// The running keyboard as one value and one reducer, made of parts by their jobs: the keys
/// (`Keyboard`) and the typing that outlives any keyboard (`Typing`: the text before the caret,
/// the bar's words, the field's keys, what glides typed), the aids (`Aids`: dwell, switch
/// scanning, the voice, their marks), whether the window is up and what follows the focus
/// (`Visibility`: kiosk, auto-show, the window rules, the focused field awaited), the settings
/// page (`SettingsPane`), the clipboard strip, the phrase bank and the emoji search. Each part
/// owns its state and says when it next wants a tick; `handle` routes each event to the part
/// whose job it is (Session+*.swift). Everything that happens to the keyboard comes in as a
/// `SessionEvent` with the time; what is to be done goes out as `Effect`s, which the
/// executable's `KeyboardApp` carries out on its host (X11 or Wayland). A new input source is
/// a case of `SessionEvent`; a new outside action, a case of `Effect`.
public struct Session: Sendable {
    /// The keys: layout, page, presses, modifiers. A new one (`.keyboardReady`) is taken as it comes.
    public internal(set) var keyboard: Keyboard
    /// What was typed and is offered, across keyboards; handed to the key reducer as it types.
    public internal(set) var typing: Typing
    /// Dwell, switch scanning, the voice that says their targets, and the marks they draw (Session+Aids.swift).
    public internal(set) var aids: Aids
    /// Whether the window is up, kiosk, auto-show, the window rules, the field (Session+Visibility.swift).
    public internal(set) var visibility: Visibility
    /// The settings in effect and the page that changes them (Session+Settings.swift).
    public internal(set) var pane: SettingsPane
    /// The user's phrases and abbreviations, offered on the bar (Session+Phrases.swift).
    public internal(set) var phrases: Phrases
    /// The emoji search's own field while its page shows (Session+EmojiSearch.swift).
    public internal(set) var emojiSearch: EmojiSearchField?
    /// The texts copied lately, for the clipboard strip (Session+Clipboard.swift); nil: no
    /// strip (`--clipboard off`, a kiosk: `Options.keepsClipboard`).
    public internal(set) var clipboard: ClipboardHistory?

    /// The keys as they are seen: what the painter paints and the aids aim at.
    public var picture: Picture {
        typing.clips.isEmpty
            ? Picture(keyboard, completions: typing.completions, marks: aids.marks, isPrivate: typing.fieldKeys.isPrivate,
                      correcting: typing.offersCorrection, settingsPage: settingsPage)
            : Picture(keyboard, completions: typing.clips.map(ClipboardHistory.label), marks: aids.marks,
                      isPrivate: typing.fieldKeys.isPrivate, offersClips: true, pinnedClips: pinnedClipsShown,
                      settingsPage: settingsPage)
    }

    /// A session showing `keyboard`, its bar offering `completions` (the words offered before
    /// anything is typed, so that the first picture has them).
    public init(keyboard: Keyboard, completions: [String] = [], options: Options, at now: ContinuousClock.Instant) {
        self.keyboard = keyboard
        typing = Typing(capitalize: options.capitalize, glide: options.glide, autocorrect: options.autocorrect)
        phrases = options.phrases
        _ = typing.setCompletions(phrases.offers(before: typing.context.before, partialWord: "", words: completions), on: keyboard.accessory)
        visibility = Visibility(options)
        pane = SettingsPane(options)
        // Before the scan's first rows: the bar's gear is one of them, and Speak and Save while
        // speech is on.
        self.keyboard.opensSettings = pane.opens
        self.keyboard.sentenceCells = Self.sentenceCells(speech: options.speech, kiosk: options.kiosk)
        aids = Aids(options, on: Picture(self.keyboard, completions: typing.completions), at: now)
        clipboard = options.keepsClipboard ? ClipboardHistory(pinned: options.pinnedClips) : nil
        _ = takeFieldKeys(turnPage: false)
        searchFollowsKeyboard()
    }

    /// When the session next wants a `.tick`, the soonest its parts want one; nil: nothing
    /// counts (an idle keyboard sleeps).
    public func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        [keyboard.nextDeadline, aids.nextDeadline(after: now), visibility.nextDeadline].compactMap { $0 }.min()
    }

    /// Turns one event at `now` into what is to be done, in order (typing, painting, the
    /// window, the click are the host's): the part whose job the event is takes it, then the
    /// aids, the voice, the bar and the strip follow what it did.
    public mutating func handle(_ event: SessionEvent, at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .input(let input): effects += take(input, at: now)
        case .hover(let point): effects += hover(point, at: now)
        case .switchKey(let index, let down): effects += switchKey(index, down: down, at: now)
        case .scanSwitches(let count): followScan(switches: count, at: now)
        case .tick: effects += tick(at: now)
        case .request(let request): effects += handle(request, at: now)
        case .focus(let focus): effects += followFocus(focus, at: now)
        case .activeWindow(let identity): effects += followActiveWindow(identity, at: now)
        case .keyboardReady(let next, let change): effects += take(next, change, at: now)
        case .completions(let words, let correction): effects += takeCompletions(words, correction: correction)
        case .emojiMatches(let query, let found): effects += takeMatches(found, for: query)
        case .glided(let words): effects += keyboard.typeGlided(words, at: now, typing: &typing)
        case .field(let kind, let before, let moved, let multiLine):
            effects += followField(kind, before: before, moved: moved, multiLine: multiLine, at: now)
        case .fieldWatchEnded: effects += fieldWatchEnded()
        case .copied(let text): copied(text)
        case .press(let elsewhere): visibility.pressed(elsewhere: elsewhere, at: now)
        case .focusedWindow(let window): effects += followFocusedWindow(window)
        case .typedElsewhere: effects += typedElsewhere()
        case .finishTyping: effects += commitTyping(complete: false)
        case .keymap(let live, let locks):
            if let live { effects += keyboard.setLiveKeys(live) }
            if let locks { effects += keyboard.setLocks(locks) }
        case .resized(let size):
            keyboard.resize(to: size)
            effects.append(.redrawAll)
        case .windowMapped(let pointer): windowMapped(pointer: pointer, at: now)
        case .windowUnmapped: effects += windowWent(at: now)
        case .windowDestroyed: effects += windowDestroyed(at: now)
        case .closeAsked: if !outlivesItsWindow { effects.append(.quit) }
        case .spoken: aids.promptEnded(at: now)
        case .voice(let paced): followVoice(paced: paced)
        }
        effects += echoTyped(effects)
        effects += followAids(at: now)
        effects += suggestions(after: effects)
        return effects + followClips()
    }

    /// A press, a motion or a release: the settings page's while it is open, else the keys';
    /// dwell sees it too.
    mutating func take(_ input: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        if pane.isOpen {
            effects += settingsInput(input, at: now)
        } else {
            if case .press = input { visibility.elsewhereDue = nil }
            effects += feed([input], at: now)
        }
        return effects + dwellSees(input, at: now)
    }

    /// The clock: the keys' (repeat, long press), dwell's, the scan's, auto-show's hide, and
    /// a press elsewhere that forgets the text before the caret.
    mutating func tick(at now: ContinuousClock.Instant) -> [Effect] {
        var effects = feed([.tick], at: now)
        effects += dwellFires(at: now)
        aids.tickScan(at: now)
        if visibility.autoShow?.due(at: now) == .hide, visibility.shown, mayHide(.autoShow) { effects += hide(at: now) }
        if visibility.elsewhereDone(at: now) { effects += forgetTyping() }
        return effects
    }

    /// A new keyboard: another layout, or this one made again (`LayoutChange`).
    mutating func take(_ next: Keyboard, _ change: LayoutChange, at now: ContinuousClock.Instant) -> [Effect] {
        var effects = keyboard.handle(.cancelAll, at: now, typing: &typing)
        // The same field goes on, on the new layout or the refilled one: nothing to hand over.
        keyboard = next
        keyboard.opensSettings = pane.opens
        keyboard.sentenceCells = sentenceCells
        searchFollowsKeyboard()
        typing.keyboardChanged(followsWords: next.followsWords)
        aids.marks = KeyMarks()  // The new keys carry none yet: `followAids` puts them back.
        // Made showing no field's keys, it shows the field's, on the field's page when a
        // rule or the field chose the layout.
        let ruled: Bool = if case .rule = change { true } else { false }
        effects += takeFieldKeys(turnPage: ruled, shown: FieldKeys())
        switch change {
        case .rule(let name): visibility.rules.showing(name)
        case .request(let name): visibility.rules.asked(for: name)
        case .refresh: break
        }
        return effects + [.redrawAll]
    }

    /// The host's words for the bar: late words for the text before a glide do not push its
    /// alternatives off the bar.
    mutating func takeCompletions(_ words: [String], correction: String?) -> [Effect] {
        guard typing.glideContext.lastWord == nil, !typing.fieldKeys.isPrivate else { return [] }
        return typing.setCompletions(offered(with: words), correction: correction, on: keyboard.accessory)
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
}
