import ClavierCore

/// What one injector has lent of the spare keycodes, and the order they are lent and given back
/// in: the bookkeeping of `BorrowedKeycodes`, which alone talks to the server (the ledger, the
/// mapping changes). Every choice here is made at a `now` the caller gives.
struct LoanBook {
    struct Loan {
        var sym: UInt32
        var lastUse: ContinuousClock.Instant
        let original: [UInt32]
        /// Whether it was pressed: one lent ahead and never pressed may be lent again at once,
        /// no client has an event of it to read.
        var pressed = true
        /// The capital lent with a letter, at Shift's level of the same keycode (`lendKept`).
        var shifted: UInt32? = nil
        /// Levels 3 and 4 (Mod5, Shift+Mod5): a second letter and its capital (`lendKept`).
        var more: [UInt32] = []
        /// Lent for the keyboard shown (`lendKept`): kept while it shows, not given back when idle.
        var kept = false

        var levels: [UInt32] { [sym, shifted ?? sym] + more }
        func types(_ keysym: UInt32) -> Bool { sym == keysym || shifted == keysym || more.contains(keysym) }
    }

    /// The keycodes lent now, by keycode.
    private(set) var loans: [UInt8: Loan] = [:]
    /// Keycodes given back for a dead owner, and when they may be lent again: its last press
    /// may still be waiting to be read by a client.
    private var resting: [UInt8: ContinuousClock.Instant] = [:]
    /// When each keycode we lent was last given back: a free keycode is lent again in that
    /// order, never-lent ones first, so a keycode given back is the last to take another keysym
    /// (a client busy with a burst reads a key's keysym long after it was pressed).
    private var givenBack: [UInt8: ContinuousClock.Instant] = [:]
    /// How long a borrowed keycode keeps its keysym after its last press (why: `Timing.keycodeRestore`).
    var restoreDelay = Timing.keycodeRestore
    /// How long after its last press a borrowed keycode may be lent to another keysym
    /// (`Timing.keycodeReuse`).
    var reuseDelay = Timing.keycodeReuse

    /// The keycode lent to `sym` and the level that types it there (0–3: none, Shift, Mod5,
    /// both), noting its use at `now`, if one is.
    mutating func use(_ sym: UInt32, at now: ContinuousClock.Instant) -> (keycode: UInt8, level: Int)? {
        guard let (keycode, loan) = loans.first(where: { $0.value.types(sym) }) else { return nil }
        loans[keycode]!.lastUse = now
        loans[keycode]!.pressed = true
        return (keycode, loan.levels.firstIndex(of: sym)!)
    }

    /// Whether a keycode is lent to `sym`.
    func isLent(_ sym: UInt32) -> Bool { loans.values.contains { $0.types(sym) } }

    /// The keycodes lent now.
    var keycodes: Set<UInt8> { Set(loans.keys) }

    /// What `keycode` is given back to: what it was before we first lent it; NoSymbol in
    /// each of `width` columns for a spare keycode not lent yet.
    func original(of keycode: UInt8, width: Int) -> [UInt32] {
        loans[keycode]?.original ?? [UInt32](repeating: 0, count: width)
    }

    /// Notes `loan` on `keycode` (no longer resting).
    mutating func lend(_ keycode: UInt8, _ loan: Loan) {
        loans[keycode] = loan
        resting[keycode] = nil
    }

    /// Puts `keycode` back to what it was in `batch` and forgets its loan; the loan, nil when
    /// it is not lent.
    mutating func giveBack(_ keycode: UInt8, into batch: inout MappingBatch, at now: ContinuousClock.Instant) -> Loan? {
        guard let loan = loans.removeValue(forKey: keycode) else { return nil }
        givenBack[keycode] = now
        batch.giveBack(keycode, to: loan.original)
        return loan
    }

    /// Forgets the loan of `keycode` (another client's keymap took it back).
    mutating func forget(_ keycode: UInt8) { loans[keycode] = nil }

    /// `keycode`, given back for a dead owner, may be lent again from `instant` on.
    mutating func rest(_ keycode: UInt8, until instant: ContinuousClock.Instant) { resting[keycode] = instant }

    /// The keyboard shown hid: its loans are given back once idle, as the others.
    mutating func releaseKept() {
        for keycode in loans.keys { loans[keycode]!.kept = false }
    }

    /// The keycodes of `spare` not lent now, in the order they are lent: never-lent ones first
    /// (in `spare`'s order), then the one given back longest ago.
    func unlent(_ spare: [UInt8]) -> [UInt8] {
        spare.filter { loans[$0] == nil }.enumerated()
            .sorted { a, b in
                switch (givenBack[a.element], givenBack[b.element]) {
                case (nil, nil): a.offset < b.offset
                case (nil, _): true
                case (_, nil): false
                case let (x?, y?): (x, a.offset) < (y, b.offset)
                }
            }.map(\.element)
    }

    /// The free keycodes of `spare` that may take a keysym at `now`: not resting.
    func free(_ spare: [UInt8], at now: ContinuousClock.Instant) -> [UInt8] {
        unlent(spare).filter { (resting[$0] ?? now) <= now }
    }

    /// Which keycode each keysym gets, and when the last of them may be changed: `syms` first
    /// (free keycodes, then the least recently used loans whose keysym is not in `keeping`),
    /// then `ahead` only where that needs no wait at `now`.
    func choose(for syms: [UInt32], ahead: [UInt32], keeping: Set<UInt32>, spare: [UInt8], at now: ContinuousClock.Instant)
        -> (lent: [UInt32: UInt8], ready: ContinuousClock.Instant?) {
        let unlent = unlent(spare)
        var free = unlent.filter { resting[$0] == nil } + unlent.filter { resting[$0] != nil }
        // Loans lent ahead and never pressed first, then the least recently pressed.
        var reusable = loans.filter { !keeping.contains($0.value.sym) }
            .sorted { ($0.value.pressed ? 1 : 0, $0.value.lastUse) < ($1.value.pressed ? 1 : 0, $1.value.lastUse) }.map(\.key)
        var lent: [UInt32: UInt8] = [:]
        var latest: ContinuousClock.Instant?
        for sym in syms {
            let keycode: UInt8, ready: ContinuousClock.Instant?
            if !free.isEmpty {
                keycode = free.removeFirst()
                ready = resting[keycode]
            } else if !reusable.isEmpty {
                keycode = reusable.removeFirst()
                ready = loans[keycode]!.pressed ? loans[keycode]!.lastUse + reuseDelay : nil
            } else {
                break  // No spare keycode at all, or the pool is smaller than asked.
            }
            lent[sym] = keycode
            if let ready { latest = max(latest ?? ready, ready) }
        }
        // Ahead: free keycodes at rest, then pressed loans idle for `reuseDelay` (not one lent
        // ahead for another), the pool's size at most.
        free = free.filter { (resting[$0] ?? now) <= now }
        reusable = reusable.filter { loans[$0]!.pressed && loans[$0]!.lastUse + reuseDelay <= now }
        for sym in ahead where lent[sym] == nil && !isLent(sym) {
            if !free.isEmpty {
                lent[sym] = free.removeFirst()
            } else if !reusable.isEmpty {
                lent[sym] = reusable.removeFirst()
            } else {
                break
            }
        }
        return (lent, latest)
    }

    /// A shown keyboard's letters (`pairs`) are to be lent: those lent already that type one of
    /// them are kept from now on; the rest (the last keyboard's, symbols lent at a press) are
    /// stale, returned in the order they are to be lent again or given back (never pressed
    /// first, then the least recently pressed), except one pressed less than `reuseDelay`
    /// before `now` (a client may not have read its press yet), which stays as it is.
    mutating func keep(_ pairs: [(sym: UInt32, shifted: UInt32?)], at now: ContinuousClock.Instant) -> [UInt8] {
        var stale: [UInt8] = []
        for (keycode, loan) in loans {
            let stays = pairs.contains { loan.types($0.sym) }
            if !stays && (!loan.pressed || loan.lastUse + reuseDelay <= now) { stale.append(keycode) }
            loans[keycode]!.kept = stays
        }
        return stale.sorted { (loans[$0]!.pressed ? 1 : 0, loans[$0]!.lastUse, $0) < (loans[$1]!.pressed ? 1 : 0, loans[$1]!.lastUse, $1) }
    }

    /// The loan for `pairs[i]` lent at `now` on a keycode that was `original`: the letter and
    /// its capital, and the next pair at levels 3 and 4 when there is one.
    static func kept(_ pairs: [(sym: UInt32, shifted: UInt32?)], _ i: Int, original: [UInt32], at now: ContinuousClock.Instant) -> Loan {
        var loan = Loan(sym: pairs[i].sym, lastUse: now, original: original, pressed: false, shifted: pairs[i].shifted, kept: true)
        if i + 1 < pairs.count { loan.more = [pairs[i + 1].sym, pairs[i + 1].shifted ?? pairs[i + 1].sym] }
        return loan
    }

    /// When the loans are due to be given back, if any is lent: all together, once none was
    /// pressed for `restoreDelay` (a word typed through a page lent ahead is one change back).
    /// Never while the keyboard shown has letters lent (`keep`): no keymap change while it is
    /// typed on. openbox holds the clicks while it reloads its key handling after each change
    /// (taps came 110–330 ms late), and the server then gives a held event the pointer's later
    /// place: letters came scrambled or lost in GTK 3. The others go back with them, when the
    /// keyboard hides, or at the next layout's change.
    var nextRestore: ContinuousClock.Instant? {
        loans.values.contains(where: \.kept) ? nil : allRestorable
    }

    /// When every loan will have been idle for `restoreDelay`, if any is lent.
    var allRestorable: ContinuousClock.Instant? {
        loans.values.map(\.lastUse).max().map { $0 + restoreDelay }
    }
}
