/// Dwell and scanning in the session: their presses go to what shows under them, and after
/// every event they take what changed.
extension Session {
    /// Hands the presses of an aid (dwell, scanning) to what shows under them: the settings
    /// page while it is open (it may close on one of them: the rest go to the keys), else
    /// the keys, so that a dwell or a scan works the page as a finger does.
    mutating func aided(_ inputs: [InputEvent], at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        for input in inputs { effects += settingsOpen ? settingsInput(input, at: now) : feed([input], at: now) }
        return effects
    }

    /// After every event: the aids take what changed (the pointer's target after a page
    /// switch, the scan's rows, a hidden window), a hidden keyboard holds nothing, and the
    /// marks are repainted where they changed, only those keys.
    mutating func followAids(at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        if !shown, keyboard.nextDeadline != nil || !keyboard.pressed.isEmpty {
            effects += keyboard.handle(.cancelAll, at: now, typing: &typing)
        }
        if !shown { dwell?.windowHidden() }
        if dwell != nil {
            let seen = picture
            if let inputs = dwell?.follow(moved: false, on: seen, at: now) { effects += aided(inputs, at: now) }
        }
        if scan != nil {
            let fed = picture
            scan?.follow(shown: shown, on: fed, at: now)
            effects += speakScan(at: now)
        }
        effects += speakDwell(at: now)
        var next = KeyMarks()
        next.dwell = dwell?.mark(at: now)
        next.scanned = Set(scan?.scanner.highlighted ?? [])
        guard next != marks else { return effects }
        let damage = next.damage(from: marks)
        marks = next
        if !damage.keys.isEmpty { effects.append(.redraw(damage.keys)) }
        if damage.bar { effects.append(.redrawAccessory) }
        if damage.whole { effects.append(.redrawAll) }
        return effects
    }
}
