import ClavierCore

/// When the language models' mapped pages are given back: idle `Timing.idleBuffers` (no press,
/// motion, typing or suggestion query since the last), once per idle spell, on the loop's
/// thread. A query touches some 22 places of the English model and the kernel maps 64 kB around
/// each fault, 1.4 MB resident that nothing reads while the keyboard waits. The first query
/// after costs the faults of what it reads again (the page cache keeps them). The program's own
/// code stays: its pages are clean, the kernel reclaims them when it needs to, and giving them
/// back only lowered a figure (docs/release-tuning.md).
struct IdlePages {
    /// When the pages are given back unless input comes first; nil: given back, until the next input.
    private(set) var due: ContinuousClock.Instant?

    /// Input (or a query) at `now`: the idle spell starts again.
    mutating func delay(from now: ContinuousClock.Instant) { due = now + Timing.idleBuffers }

    /// Gives `words`' pages back when the spell is over (the loop wakes for `due`, a tick with nothing due).
    mutating func trim(_ words: any KeyboardWords, at now: ContinuousClock.Instant) {
        guard let due, due <= now else { return }
        self.due = nil
        words.dropIdlePages()
        Log.debug("idle: the language models' pages given back")
    }
}

extension HostEvent {
    /// Whether the event is input that may read a language model (a press, motion or glide,
    /// a switch, the focused field's text) and runs the press's code: the idle trim waits for
    /// the next spell.
    var delaysIdleTrim: Bool {
        switch self {
        case .window(.pointer), .window(.hover), .window(.switchPressed), .window(.pressedElsewhere), .focus: true
        default: false
        }
    }
}
