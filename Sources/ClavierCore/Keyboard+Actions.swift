/// What a key does when it acts: types, latches or locks a modifier, switches the page or hides.
extension Keyboard {
    /// `field`: the focused field's keys, which a page turned to shows too. On the emoji
    /// search page, what any key but a match types goes into the search field instead.
    mutating func act(on key: Key, at now: ContinuousClock.Instant, for field: FieldKeys = FieldKeys()) -> [Effect] {
        let searched = searching && key.keyClass != .symbol
        let effects = perform(key, at: now, for: field)
        return searched ? Self.intoSearch(effects) : effects
    }

    private mutating func perform(_ key: Key, at now: ContinuousClock.Instant, for field: FieldKeys) -> [Effect] {
        // A key with a Shift layer of its own does that layer's action while Shift is on
        // (its text as written: Shift chose it and is not held around it).
        switch shiftLayer(of: key)?.action ?? key.action {
        case .text(let text):
            return typeText(shiftsCase(key) ? shifted(text) : text)
        case .key(let sym):
            // Named keys take every modifier, Shift too (Shift+Tab, Shift+arrows).
            return [.type(sym, modifiers: activeModifiers)] + consumeLatches()
        case .modifier(let modifier):
            switch modifiers[modifier] ?? .off {
            case .off: modifiers[modifier] = .latched
            case .latched:
                let quick = lastModifierTap[modifier].map { now - $0 <= doubleTapInterval } ?? false
                modifiers[modifier] = quick ? .locked : .off
            case .locked: modifiers[modifier] = .off
            }
            lastModifierTap[modifier] = now
            return [.redrawAll]
        case .page(let id):
            guard let next = layout.page(id: id) else { return [] }
            turn(to: next, for: field)
            return [.switchPage(id), .redrawAll]
        case .xkbKey(let name):
            guard let sym = liveSym(name) else { return [] }
            // Shift and AltGr chose the level already; what is left are shortcuts (Ctrl+C).
            return [.type(sym, modifiers: activeModifiers.subtracting([.shift, .altGr]))] + consumeLatches()
        case .language:
            return [.switchLanguage(nil)]
        case .speak:
            return [.speakSentence]
        case .savePhrase:
            return [.saveSentence]
        case .hide:
            pressed.removeAll()
            repeating = nil
            holding = nil
            return [.hide]
        }
    }

    /// Shows `next` (as the focused field wants it: `FieldKeys.adapt`), every press ended and Shift off.
    mutating func turn(to next: Page, for field: FieldKeys) {
        page = field.adapt(next, of: layout)
        relayBar()
        pressed.removeAll()
        repeating = nil
        holding = nil
        modifiers[.shift] = nil
    }

    /// Types `text` as it stands (Shift is already in its case) with the other active
    /// modifiers held around it, then lets go of the latched ones.
    mutating func typeText(_ text: String) -> [Effect] {
        let held = activeModifiers.subtracting(.shift)
        return KeySym.sequence(typing: text).map { Effect.type($0, modifiers: held) } + consumeLatches()
    }

    /// The modifiers latched or locked now.
    public var activeModifiers: ModifierSet {
        var set: ModifierSet = []
        for (modifier, latch) in modifiers where latch != .off { set.insert(modifier.set) }
        return set
    }

    /// A typed key releases every latched (not locked) modifier.
    mutating func consumeLatches() -> [Effect] {
        // Most presses find nothing latched: say so without building a dictionary.
        guard modifiers.values.contains(.latched) else { return [] }
        let latched = modifiers.filter { $0.value == .latched }.map(\.key)
        for modifier in latched { modifiers[modifier] = nil }
        return [.redrawAll]
    }
}
