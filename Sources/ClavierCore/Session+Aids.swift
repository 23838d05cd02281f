extension Session {
    /// Dwell and switch scanning (with the voice that says their targets), the part of the
    /// session that presses for the user: what they count on, and the marks they draw over the
    /// keys. Their presses go to what shows under them (the settings page or the keys), and
    /// after every event they take what changed (`followAids`).
    public struct Aids: Sendable {
        /// What dwell and switch scanning draw over the keys (`followAids`).
        public internal(set) var marks = KeyMarks()
        public internal(set) var dwell: DwellAid?
        public internal(set) var scan: ScanAid?
        /// What the voice said last for the scan and dwell (Session+Speech.swift); nil: speech off.
        public internal(set) var voice: HighlightVoice?

        /// The aids `options` ask for, the scan's rows first taken from `picture` (the first keys).
        init(_ options: Options, on picture: Picture, at now: ContinuousClock.Instant) {
            dwell = options.dwell.map(DwellAid.init(delay:))
            if options.scanSwitches > 0 {
                var scan = ScanAid(switches: options.scanSwitches, interval: options.scanInterval)
                scan.follow(shown: true, on: picture, at: now)
                self.scan = scan
            }
            voice = options.speech ? HighlightVoice(paced: options.speechPaced, echoes: options.speechEcho) : nil
        }

        /// When dwell or the scan next counts; nil: neither does.
        func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
            [dwell?.nextDeadline(after: now), scanDeadline].compactMap { $0 }.min()
        }

        /// When the scan next steps: at its clock's time, or while a prompt holds it, when the hold
        /// gives up (the prompt's end comes as an event of its own).
        var scanDeadline: ContinuousClock.Instant? {
            guard let due = scan?.nextDeadline else { return nil }
            return voice?.heldUntil.map { max($0, due) } ?? due
        }

        /// The scan's clock ticks unless a prompt holds it.
        mutating func tickScan(at now: ContinuousClock.Instant) {
            if let held = voice?.heldUntil {
                guard now >= held else { return }
                voice?.release()
            }
            scan?.tick(at: now)
        }

        /// The voice said the last prompt: the scan steps if its time has come meanwhile.
        mutating func promptEnded(at now: ContinuousClock.Instant) {
            voice?.release()
            scan?.tick(at: now)
        }
    }

    public var marks: KeyMarks { aids.marks }
    public var dwell: DwellAid? { aids.dwell }
    public var scan: ScanAid? { aids.scan }
    public var voice: HighlightVoice? { aids.voice }

    /// Dwell sees the real pointer's `input` (a picture is a copy of the keyboard: made only
    /// for an aid that reads it).
    mutating func dwellSees(_ input: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.dwell != nil else { return [] }
        let seen = picture
        guard let inputs = aids.dwell?.real(input, on: seen, at: now) else { return [] }
        return aided(inputs, at: now)
    }

    /// The pointer rests over `point` of the keys.
    mutating func hover(_ point: Point?, at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.dwell != nil else { return [] }
        let seen = picture
        guard let inputs = aids.dwell?.hover(point, on: seen, at: now) else { return [] }
        return aided(inputs, at: now)
    }

    /// Dwell's clock: a press when the pointer rested long enough.
    mutating func dwellFires(at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.dwell != nil else { return [] }
        let seen = picture
        guard let inputs = aids.dwell?.fire(at: now, on: seen) else { return [] }
        return aided(inputs, at: now)
    }

    /// A scan switch went down or up.
    mutating func switchKey(_ index: Int, down: Bool, at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        // A switch user has no other way to bring back a keyboard a rule or a request hid.
        if down && !visibility.shown && aids.scan != nil { effects += show(byHand: true, at: now) }
        if aids.scan != nil {
            let seen = picture
            if let inputs = aids.scan?.switchKey(index, down: down, on: seen, at: now) { effects += aided(inputs, at: now) }
        }
        if !down, aids.scan?.takeSettings() == true { effects += openSettings(at: now) }
        return effects
    }

    /// Hands the presses of an aid (dwell, scanning) to what shows under them: the settings
    /// page while it is open (it may close on one of them: the rest go to the keys), else
    /// the keys, so that a dwell or a scan works the page as a finger does.
    mutating func aided(_ inputs: [InputEvent], at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        for input in inputs { effects += pane.isOpen ? settingsInput(input, at: now) : feed([input], at: now) }
        return effects
    }

    /// After every event: the aids take what changed (the pointer's target after a page
    /// switch, the scan's rows, a hidden window), a hidden keyboard holds nothing, and the
    /// marks are repainted where they changed, only those keys.
    mutating func followAids(at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        if !visibility.shown, keyboard.nextDeadline != nil || !keyboard.pressed.isEmpty {
            effects += keyboard.handle(.cancelAll, at: now, typing: &typing)
        }
        if !visibility.shown { aids.dwell?.windowHidden() }
        if aids.dwell != nil {
            let seen = picture
            if let inputs = aids.dwell?.follow(moved: false, on: seen, at: now) { effects += aided(inputs, at: now) }
        }
        if aids.scan != nil {
            let fed = picture
            aids.scan?.follow(shown: visibility.shown, on: fed, at: now)
            effects += speakScan(at: now)
        }
        effects += speakDwell(at: now)
        var next = KeyMarks()
        next.dwell = aids.dwell?.mark(at: now)
        next.scanned = Set(aids.scan?.scanner.highlighted ?? [])
        guard next != aids.marks else { return effects }
        let damage = next.damage(from: aids.marks)
        aids.marks = next
        if !damage.keys.isEmpty { effects.append(.redraw(damage.keys)) }
        if damage.bar { effects.append(.redrawAccessory) }
        if damage.whole { effects.append(.redrawAll) }
        return effects
    }

    /// Scanning as the host's grab now has it (`SessionEvent.scanSwitches`): no switch, no
    /// scanning (its marks go, `followAids`); the same switches at the page's interval, the
    /// highlight going on; new switches, a scan from the first row.
    mutating func followScan(switches: Int, at now: ContinuousClock.Instant) {
        let interval = pane.sources?.settings[.scan].map { Duration.milliseconds($0) }
        guard switches > 0 else { return aids.scan = nil }
        if var same = aids.scan, same.switches == switches {
            same.retime(interval, at: now)
            aids.scan = same
            return
        }
        var next = ScanAid(switches: switches, interval: interval)
        next.follow(shown: visibility.shown, on: picture, at: now)
        aids.scan = next
    }
}
