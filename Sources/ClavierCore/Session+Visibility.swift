extension Session {
    /// Whether the keyboard is up, and what follows the focus: kiosk mode (decided in
    /// Session+Kiosk.swift), auto-show's decisions, the window rules, whether the focused
    /// field is told and awaited (Session+Field.swift), and a press elsewhere that forgets the
    /// text before the caret (Session+Suggestions.swift).
    public struct Visibility: Sendable {
        /// A kiosk keyboard cannot be hidden, quit or switched from outside (Session+Kiosk.swift).
        public let kiosk: Bool
        /// Whether the window is up: as asked (show, hide; it starts shown) and as the window system
        /// says (an unmap or an iconify from outside): what `clavier status` reports.
        public internal(set) var shown = true
        /// Auto-show's decisions when `--auto-show` acts (`Options.autoShowActs`).
        public internal(set) var autoShow: AutoShow?
        public internal(set) var rules: WindowRuleFollower
        /// Whether a focus watch tells the focused field (`--auto-show`, until it ends), and whether
        /// its answer is awaited: from the start and from each show until it says which field has
        /// the focus; the field is private until then (Session+Field.swift).
        public internal(set) var watchesField: Bool
        public internal(set) var awaitsField: Bool
        /// Whether the host tells the focused field without auto-show's watch (`Options.fieldsTold`).
        let fieldsTold: Bool
        /// When a press seen elsewhere on the screen forgets the text before the caret, unless
        /// the window's own press comes first.
        var elsewhereDue: ContinuousClock.Instant?

        init(_ options: Options) {
            kiosk = options.kiosk
            autoShow = options.autoShowActs ? AutoShow() : nil
            watchesField = options.autoShowActs || options.fieldsTold
            awaitsField = options.autoShowActs || options.fieldsTold
            rules = WindowRuleFollower(rules: options.rules, layout: options.layoutName)
            fieldsTold = options.fieldsTold
        }

        /// When auto-show hides, or a press elsewhere forgets the text; nil: neither is due.
        var nextDeadline: ContinuousClock.Instant? {
            [autoShow?.nextDeadline, elsewhereDue].compactMap { $0 }.min()
        }

        /// A press the keys never see (`SessionEvent.press`): one elsewhere forgets the text
        /// before the caret `Timing.ownPressWait` later, unless the window's own press follows.
        mutating func pressed(elsewhere: Bool, at now: ContinuousClock.Instant) {
            if !elsewhere { elsewhereDue = nil } else if elsewhereDue == nil { elsewhereDue = now + Timing.ownPressWait }
        }

        /// Whether a press elsewhere is due by `now` (it is then done with).
        mutating func elsewhereDone(at now: ContinuousClock.Instant) -> Bool {
            guard let due = elsewhereDue, due <= now else { return false }
            elsewhereDue = nil
            return true
        }
    }

    public var kiosk: Bool { visibility.kiosk }
    public var shown: Bool { visibility.shown }
    public var autoShow: AutoShow? { visibility.autoShow }
    public var watchesField: Bool { visibility.watchesField }
    public var awaitsField: Bool { visibility.awaitsField }
    /// The window rules (settable: a test asks them as the session would).
    public internal(set) var rules: WindowRuleFollower {
        get { visibility.rules }
        set { visibility.rules = newValue }
    }

    /// Shows the keyboard; `byHand` (a request, a switch) keeps auto-show from hiding it
    /// until the focus changes next, even when it was up already. The focus watch is asked
    /// which field has the focus (`askField`), unless its report is what shows the keyboard.
    mutating func show(byHand: Bool, askField asks: Bool = true, at now: ContinuousClock.Instant) -> [Effect] {
        if byHand { visibility.autoShow?.shownByHand() }
        guard !visibility.shown else { return [] }
        visibility.shown = true
        return [.show] + (asks ? askField() : [])
    }

    /// Hides the window, ending every press first: a key held as the keyboard goes must not
    /// stay pressed, repeat, nor its preview stay up.
    mutating func hide(at now: ContinuousClock.Instant) -> [Effect] {
        let ended = keyboard.handle(.cancelAll, at: now, typing: &typing)
        visibility.shown = false
        pane.isOpen = false
        return ended + forgetTyping() + forgetSearch() + [.hide]
    }

    /// Auto-show's report of the focus (the report that came with it told the field: nothing to ask).
    mutating func followFocus(_ focus: AutoShow.Focus, at now: ContinuousClock.Instant) -> [Effect] {
        guard visibility.autoShow?.focusChanged(focus, shown: visibility.shown, at: now) == .show else { return [] }
        return show(byHand: false, askField: false, at: now)
    }

    /// Another window is active: the text before the caret is forgotten, and its rules decide
    /// the layout and whether the keyboard shows.
    mutating func followActiveWindow(_ identity: WindowIdentity, at now: ContinuousClock.Instant) -> [Effect] {
        var effects = forgetTyping()
        let decision = visibility.rules.decide(for: identity)
        if let wanted = decision.layout { effects.append(.loadLayout(wanted, .rule(wanted))) }
        switch decision.visibility {
        case .show?: effects += show(byHand: false, at: now)
        case .hide? where mayHide(.rule): if visibility.shown { effects += hide(at: now) }
        default: break
        }
        return effects
    }

    /// The window system mapped the window, the pointer over `pointer` of the keys (dwell's).
    mutating func windowMapped(pointer: Point?, at now: ContinuousClock.Instant) {
        visibility.shown = true
        let seen = picture
        aids.dwell?.shown(under: pointer, on: seen, at: now)
    }

    /// The window went from the screen without our asking (unmapped, iconified, destroyed):
    /// every press ends and the preview goes; a kiosk keyboard comes back at once.
    mutating func windowWent(at now: ContinuousClock.Instant) -> [Effect] {
        guard visibility.shown || !keyboard.pressed.isEmpty else { return [] }
        var effects = hide(at: now)
        if outlivesItsWindow { effects += show(byHand: false, at: now) }
        return effects
    }

    /// Another program destroyed the window: it is made again, and a kiosk's shown.
    mutating func windowDestroyed(at now: ContinuousClock.Instant) -> [Effect] {
        var effects = windowWent(at: now) + [.recreateWindow]
        if outlivesItsWindow { effects += show(byHand: false, at: now) }
        return effects
    }
}
