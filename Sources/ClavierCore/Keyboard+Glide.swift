import ClavierText

/// Glide typing in the reducer: a press on a letter is followed; once it moves onto another
/// letter it is a glide, whose points go out in `.decodeGlide` on release for the executable
/// to decode; `typeGlided` then types the best word and offers the others on the bar.
extension Keyboard {
    /// Whether `pointer`'s press on `key` may begin a glide: glide typing is on (`mayGlide`), no glide is
    /// being drawn, the key types one letter, and the pointer is a hand's (dwell's presses
    /// hold a key with alternates while the pointer drifts on and off it; they never draw).
    func glideStarts(on key: Key, pointer: Int, mayGlide: Bool) -> Bool {
        mayGlide && !searching && glideDrag.trace == nil && popup == nil && pointer != DwellAid.pointer && isGlideLetter(key)
    }

    func isGlideLetter(_ key: Key) -> Bool {
        guard key.keyClass == .letter else { return false }
        let text: String? = switch key.action {
        case .text(let text): text
        case .xkbKey(let name): liveKeys[name]?.baseText ?? { if case .text(let t) = key.label { t } else { nil } }()
        default: nil
        }
        guard let text else { return false }
        // ASCII without Unicode's tables, read from cold memory at a press (as `isWordScalar`).
        if text.utf8.count == 1, let byte = text.utf8.first { return (0x61...0x7A).contains(byte | 0x20) }
        guard text.count == 1, let letter = text.first else { return false }
        return letter.isLetter
    }

    /// Starts following `pointer`'s press at `point` on `key`, which typed `typed` characters.
    mutating func beginGlide(on key: Key, at point: Point, pointer: Int, typed: Int, spaceBefore: Bool, shift: ModifierLatch,
                             now: ContinuousClock.Instant) {
        glideDrag.trace = GlideDrag.Trace(pointer: pointer, key: key.id, points: [point], began: now, typed: typed,
                                       spaceBefore: spaceBefore, shift: shift)
    }

    /// The glide's share of a motion: nil when it is not the followed pointer's, or the drag
    /// has not yet left its key for another letter (the press goes on as before).
    mutating func followGlide(to point: Point, pointer: Int) -> [Effect]? {
        guard var trace = glideDrag.trace, trace.pointer == pointer else { return nil }
        trace.points.append(point)
        if trace.gliding {
            glideDrag.trace = trace
            return [.redrawTrail]
        }
        // A finger that set off from a key with alternates is drawing, not holding: once it has
        // moved more than a tremble, the alternates never open (a slow start stays a glide).
        if holding?.pointer == pointer, movedOff(trace) { holding?.due = nil }
        guard let frame = geometry.frame(at: point), frame.key.id != trace.key, frame.rect.contains(point),
              isGlideLetter(frame.key) else {
            glideDrag.trace = trace
            return nil
        }
        // A key held until it repeated is not the start of a word. (Whether it repeated, not
        // how long ago it was pressed: a busy moment delays the motion, not the finger.)
        if let r = repeating, r.pointer == pointer, r.next > trace.began + repeatDelay {
            glideDrag.trace = nil
            return nil
        }
        // Onto another letter: a glide. The first key's press ends; nothing it held types.
        trace.gliding = true
        glideDrag.trace = trace
        var effects: [Effect] = [.redrawTrail]
        if let id = pressed.removeValue(forKey: pointer) { effects.append(.redraw([id])) }
        if holding?.pointer == pointer { holding = nil }
        if repeating?.pointer == pointer { repeating = nil }
        return effects
    }

    /// How far a press may move and still be a press, not a drag, as a fraction of its key's
    /// height: a third, as dwell counts a tremble. Glide and the space bar's cursor both use it.
    static let trembleOfKeyHeight = 1.0 / 3

    /// Whether a followed press has moved from where it began by more than a tremble.
    private func movedOff(_ trace: GlideDrag.Trace) -> Bool {
        guard let start = trace.points.first, let end = trace.points.last else { return false }
        return movedOff(from: start, to: end, on: trace.key)
    }

    /// Whether a press on key `id` has moved from `start` to `end` by more than a tremble
    /// (`trembleOfKeyHeight` of the key's height).
    func movedOff(from start: Point, to end: Point, on id: Key.ID) -> Bool {
        guard let key = geometry.frame(id: id)?.rect else { return false }
        let dx = end.x - start.x, dy = end.y - start.y
        return (dx * dx + dy * dy).squareRoot() > Double(key.height) * Self.trembleOfKeyHeight
    }

    /// The glide's share of a release: the glide's points to decode; nil when the release is
    /// not the end of a glide (a tap goes on as before).
    mutating func endGlide(at point: Point, pointer: Int, now: ContinuousClock.Instant) -> [Effect]? {
        guard var trace = glideDrag.trace, trace.pointer == pointer else { return nil }
        glideDrag.trace = nil
        guard trace.gliding else { return nil }
        trace.points.append(point)
        glideDrag.pending = (trace.typed, trace.spaceBefore, trace.shift)
        glideDrag.fading = (trace.points, now, now + Timing.glideTrail.frame)
        return [.redrawTrail, .decodeGlide(trace.points)]
    }

    /// The fading trail's next frame, when it is due: a repaint, fainter, until it is gone.
    mutating func fadeTrail(at now: ContinuousClock.Instant) -> [Effect] {
        guard var fading = glideDrag.fading, now >= fading.next else { return [] }
        if now - fading.ended >= Timing.glideTrail.fade {
            glideDrag.fading = nil
        } else {
            fading.next = now + Timing.glideTrail.frame
            glideDrag.fading = fading
        }
        return [.redrawTrail]
    }

    /// Types the best of the words a glide was decoded to in place of the letter its press
    /// typed (after a space when it follows a word or punctuation; capitalised under Shift),
    /// and offers the others on the bar. No word: the letter stays, as a drag off a key left it.
    mutating func typeGlided(_ words: [String], at now: ContinuousClock.Instant, typing: inout Typing) -> [Effect] {
        guard let pending = glideDrag.pending else { return [] }
        glideDrag.pending = nil
        guard let best = words.first else { return [] }
        let word = cased(best, pending.shift)
        let erase = [Effect](repeating: .type(.backSpace, modifiers: []), count: pending.erase)
        var effects = erase + typeText((pending.space ? " " : "") + word)
        // Typed text like any other: the text before the caret, learning, a sentence's Shift.
        if followsWords { effects = followTyping(effects, at: now, &typing) }
        typing.glideContext.follow(effects)
        typing.glideContext.lastWord = word
        effects += typing.setCompletions(words.dropFirst().map { cased($0, pending.shift) }, on: accessory)
        return effects
    }

    /// Replaces the word the last glide typed with `chosen` (an alternative on the bar); `handle`
    /// follows what it types, and the word stays replaceable (`GlideContext.keepReplaced`).
    mutating func replaceGlided(with chosen: String, _ typing: inout Typing) -> [Effect] {
        guard let last = typing.glideContext.lastWord else { return [] }
        let erase = [Effect](repeating: .type(.backSpace, modifiers: []), count: FieldBackSpace.presses(toErase: last))
        typing.glideContext.replaced = chosen
        return erase + typeText(chosen) + typing.setCompletions(typing.completions.map { $0 == chosen ? last : $0 }, on: accessory)
    }

    /// A word as Shift has it: locked, all capitals; latched, the first letter (by the
    /// layout's language's rules: Turkish "İstanbul").
    private func cased(_ word: String, _ shift: ModifierLatch) -> String {
        switch shift {
        case .off: word
        case .locked: LanguageCase.upper(word, language: layout.options.language)
        case .latched: LanguageCase.capitalized(word, language: layout.options.language)
        }
    }
}
