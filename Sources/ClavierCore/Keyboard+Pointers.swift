/// Each pointer's press: where it began, sliding off, letting go, and the long press and
/// repeat a held key starts.
extension Keyboard {
    /// The order of `pointer`'s current press among all presses (0 when it has none).
    func pressSerial(_ pointer: Int) -> Int { pressesBegun[pointer]?.serial ?? 0 }
    /// The pointers that hold something now: a key, an alternates popup, a cell of the bar, a glide.
    public var holdingPointers: Set<Int> {
        Set(pressed.keys).union([popup?.pointer, pressedCell?.pointer, glideDrag.trace?.pointer].compactMap { $0 })
    }
    /// The label `pointer`'s key showed when it was pressed.
    func labelWhenPressed(_ pointer: Int) -> KeyLabel? { pressesBegun[pointer]?.label }

    mutating func reduce(_ event: InputEvent, at now: ContinuousClock.Instant, _ typing: inout Typing) -> [Effect] {
        if let handled = handleAccessory(event, at: now, &typing) { return handled }
        switch event {
        case .press(let point, let pointer):
            guard popup == nil, let key = geometry.key(at: point) else { return [] }
            var effects: [Effect] = []
            if let previous = pressed[pointer] { effects.append(.redraw([previous])) }
            pressed[pointer] = key.id
            pressCount += 1
            // Only pointers holding a key keep theirs: touches come and go with new ids.
            pressesBegun = pressesBegun.filter { pressed[$0.key] != nil }
            pressesBegun[pointer] = (pressCount, label(of: key))
            effects += [.playClick, .redraw([key.id]), .tapped(key)]
            // A letter may begin a glide: followed from here, while it acts as it always has.
            let glides = glideStarts(on: key, pointer: pointer, mayGlide: typing.mayGlide)
            let spaceBefore = typing.glideContext.needsSpace, shiftBefore = shift
            defer {
                if glides {
                    let typed = key.alternates.isEmpty ? effects.filter { if case .type = $0 { true } else { false } }.count : 0
                    beginGlide(on: key, at: point, pointer: pointer, typed: typed, spaceBefore: spaceBefore, shift: shiftBefore, now: now)
                }
            }
            if !key.alternates.isEmpty || (key.action == .hide && opensSettings) {
                // The key types on release (a tap) or offers its alternates (a long press), so
                // it never repeats; the hide key hides on release or opens the settings.
                holding = (pointer, key.id, now + longPressDelay)
                if repeating?.pointer == pointer { repeating = nil }
                return effects
            }
            if holding?.pointer == pointer { holding = nil }
            let acted = act(on: key, at: now, for: typing.fieldKeys)
            effects += acted
            // A new press takes over repeating; a key repeats exactly what its press typed.
            let typed = acted.filter {
                switch $0 {
                case .type, .searchTyped: true
                default: false
                }
            }
            if key.repeats, let rate = keyRepeat, !typed.isEmpty, pressed[pointer] == key.id {
                repeating = (pointer, key.id, typed, now + rate.delay, now)
            } else if repeating?.pointer == pointer {
                repeating = nil
            }
            beginSpaceCursor(on: key, at: point, pointer: pointer, typed: typed, now: now)
            return effects
        case .release(let point, let pointer):
            if repeating?.pointer == pointer { repeating = nil }
            if let ended = endSpaceCursor(pointer: pointer) { return ended }
            if let glided = endGlide(at: point, pointer: pointer, now: now) { return glided }
            if let shown = popup, shown.pointer == pointer {
                // Releasing on an alternate types it; releasing anywhere else types nothing.
                popup = nil
                pressed[pointer] = nil
                guard let index = shown.index(at: point) else { return [.redrawAll] }
                // The language key's alternates name the languages: one is chosen, not typed.
                if page.key(id: shown.key)?.action == .language { return [.redrawAll, .switchLanguage(index)] }
                return [.redrawAll] + typeText(shown.texts[index])
            }
            guard let id = pressed.removeValue(forKey: pointer) else { return [] }
            var effects: [Effect] = page.key(id: id) == nil ? [] : [.redraw([id])]
            if let held = holding, held.pointer == pointer {
                // A short tap on a key with alternates types the key itself.
                holding = nil
                if let key = page.key(id: held.key) { effects += act(on: key, at: now, for: typing.fieldKeys) }
            }
            return effects
        case .motion(let point, let pointer):
            if let glided = followGlide(to: point, pointer: pointer) { return glided }
            if let moved = followSpaceCursor(to: point, pointer: pointer) { return moved }
            if var shown = popup, shown.pointer == pointer {
                let selected = shown.index(at: point)
                guard selected != shown.selected else { return [] }
                shown.selected = selected
                popup = shown
                return [.redrawAll]
            }
            // Sliding off a held key ends its press and its repeat: nothing more is typed.
            guard let id = pressed[pointer], geometry.key(at: point)?.id != id else { return [] }
            pressed[pointer] = nil
            if repeating?.pointer == pointer { repeating = nil }
            if holding?.pointer == pointer { holding = nil }
            if spaceCursor?.pointer == pointer { spaceCursor = nil }
            return [.redraw([id])]
        case .tick:
            var effects = fadeTrail(at: now) + longPressCell(at: now, typing)
            if let held = holding, let due = held.due, now >= due {
                holding = nil
                if let frame = geometry.frame(id: held.key), frame.key.action == .hide, frame.key.alternates.isEmpty {
                    // The press is spent: its release hides nothing.
                    pressed[held.pointer] = nil
                    effects += [.redraw([held.key]), .openSettings]
                } else if let frame = geometry.frame(id: held.key), !frame.key.alternates.isEmpty {
                    let texts = frame.key.alternates.map { shiftsCase(frame.key) ? shifted($0) : $0 }
                    popup = AlternatesPopup(key: held.key, pointer: held.pointer, texts: texts,
                                            cells: geometry.alternateCells(above: frame, count: texts.count, rightToLeft: layout.isRightToLeft))
                    // The long press took the key: its drag chooses an alternate, not a word.
                    if glideDrag.trace?.pointer == held.pointer { glideDrag.trace = nil }
                    effects.append(.redrawAll)
                }
            }
            guard var r = repeating, now >= r.next else { return effects }
            let (typed, interval) = repeated(r.effects, heldFor: now - r.since, typing)
            // Behind schedule (a busy machine) means one repeat now, not a burst.
            r.next = max(r.next + interval, now + interval / 2)
            repeating = r
            return effects + typed
        case .lost(let pointer):
            return lose(pointer)
        case .cancelAll:
            let hadTrail = glideDrag.trace?.gliding == true || glideDrag.fading != nil
            glideDrag.trace = nil
            glideDrag.fading = nil
            repeating = nil
            holding = nil
            spaceCursor = nil
            let hadPopup = popup != nil
            popup = nil
            let bar: [Effect] = pressedCell == nil ? [] : [.redrawAccessory]
            pressedCell = nil
            let ids = Array(pressed.values)
            pressed.removeAll()
            if hadPopup { return [.redrawAll] }
            return bar + (ids.isEmpty ? [] : [.redraw(ids)]) + (hadTrail ? [.redrawTrail] : [])
        }
    }

    /// Ends `pointer`'s press as a release that types nothing: its repeat and long press stop,
    /// its popup closes, its glide is dropped; the other pointers' presses go on.
    mutating func lose(_ pointer: Int) -> [Effect] {
        if repeating?.pointer == pointer { repeating = nil }
        if spaceCursor?.pointer == pointer { spaceCursor = nil }
        if holding?.pointer == pointer { holding = nil }
        var effects: [Effect] = []
        if glideDrag.trace?.pointer == pointer {
            if glideDrag.trace?.gliding == true { effects.append(.redrawTrail) }
            glideDrag.trace = nil
        }
        if popup?.pointer == pointer {
            popup = nil
            pressed[pointer] = nil
            return effects + [.redrawAll]
        }
        guard let id = pressed.removeValue(forKey: pointer) else { return effects }
        return effects + (page.key(id: id) == nil ? [] : [.redraw([id])])
    }

    /// What a held key's repeat types now, held for `held`, and when it repeats next: what its
    /// press typed, at the repeat's interval; but a BackSpace held `Timing.fasterBackSpace.after`
    /// deletes the word before the caret at each repeat where the text before the caret is
    /// known (as many BackSpaces as the word and the spaces after it have scalars: Ctrl+BackSpace
    /// deletes a word in GTK, but xterm sends it as a plain erase character, ^H or DEL, and
    /// BackSpaces delete everywhere), no more often than
    /// `Timing.fasterBackSpace.wordInterval`; else one character at half the interval.
    func repeated(_ effects: [Effect], heldFor held: Duration, _ typing: Typing) -> ([Effect], Duration) {
        let interval = keyRepeat?.interval ?? KeyRepeat.standard.interval
        guard effects == [.type(.backSpace, modifiers: [])], held >= Timing.fasterBackSpace.after else { return (effects, interval) }
        guard let count = typing.context.lastWordScalars else { return (effects, interval / 2) }
        return ([Effect](repeating: .type(.backSpace, modifiers: []), count: count), max(interval, Timing.fasterBackSpace.wordInterval))
    }
}
