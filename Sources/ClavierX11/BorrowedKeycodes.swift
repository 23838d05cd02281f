import CX11
import ClavierCore
import Glibc

/// The spare keycodes one injector lends to keysyms off the keymap. Each is recorded in the
/// server's `BorrowLedger` before it is changed, and given back to its original keysyms after
/// use, on exit, on a lost connection (`ConnectionLoss`) or, after a crash, by the next Clavier
/// to find its owner gone. Every change of the ledger is made under `XGrabServer`, so two
/// Clavier processes never take the same keycode.
final class BorrowedKeycodes {
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
        func types(_ keysym: UInt32) -> Bool { levels.contains(keysym) }
    }

    private let display: Display
    private let owner = KeycodeOwner.current
    private let clock = ContinuousClock()
    private var atom: Atom { display.atom(BorrowLedger.property) }
    /// The keycodes lent now, by keycode.
    private var loans: [UInt8: Loan] = [:]
    /// Keycodes given back for a dead owner, and when they may be lent again: its last press
    /// may still be waiting to be read by a client.
    private var resting: [UInt8: ContinuousClock.Instant] = [:]
    /// When each keycode we lent was last given back: a free keycode is lent again in that
    /// order, never-lent ones first, so a keycode given back is the last to take another keysym
    /// (a client busy with a burst reads a key's keysym long after it was pressed).
    private var givenBack: [UInt8: ContinuousClock.Instant] = [:]
    /// How many times a keysym was lent a keycode.
    private(set) var count = 0
    /// The ranges of our own mapping changes whose `MappingNotify` has not come back yet, oldest
    /// first (at most `ownChangesKept`: `clavier type` reads no events).
    private var ownChanges: [(first: UInt8, count: Int)] = []
    private let ownChangesKept = 64
    /// How long a borrowed keycode keeps its keysym after its last press (why: `Timing.keycodeRestore`).
    var restoreDelay = Timing.keycodeRestore
    /// How long after its last press a borrowed keycode may be lent to another keysym
    /// (`Timing.keycodeReuse`).
    var reuseDelay = Timing.keycodeReuse

    init(display: Display) {
        self.display = display
    }

    /// Gives back the keycodes whose owners are gone and returns those that other Clavier
    /// processes (or another injector of this one) hold now, which are not ours to type with.
    func settle() -> Set<UInt8> {
        // Read first without a grab: the server is grabbed only when there is something to give back.
        let (held, gone) = judge(BorrowLedger(display: display.raw, atom: atom))
        guard !gone.isEmpty else { return held }
        let stillHeld = BorrowLedger.update(display: display.raw, atom: atom) { giveBackGone(&$0) }
        display.sync()
        return stillHeld
    }

    /// The keycode lent to `sym` and the level that types it there (0–3: none, Shift, Mod5,
    /// both), noting the use, if one is.
    func keycode(for sym: UInt32) -> (keycode: UInt8, level: Int)? {
        guard let (keycode, loan) = loans.first(where: { $0.value.types(sym) }) else { return nil }
        loans[keycode]!.lastUse = clock.now
        loans[keycode]!.pressed = true
        return (keycode, loan.levels.firstIndex(of: sym)!)
    }

    /// Whether a keycode is lent to `sym`.
    func isLent(_ sym: UInt32) -> Bool { loans.values.contains { $0.types(sym) } }

    /// Whether `keycode` is one of ours, lent now.
    func isLent(_ keycode: UInt8) -> Bool { loans[keycode] != nil }

    /// The keycodes lent now.
    var keycodes: Set<UInt8> { Set(loans.keys) }

    /// Lends keycodes from `spare` (keycodes with no keysym, `columns` columns each) to `syms`:
    /// free ones first, then the least recently used loans whose keysym is not in `keeping`,
    /// each no sooner than `reuseDelay` after its last press (waiting if need be, with the
    /// server let go). Then to as many of `ahead` (keysyms likely typed next) as can be lent
    /// without waiting or taking a loan of `syms`. All go to the server, recorded first, in
    /// one mapping change (`MappingBatch`), before one XSync.
    func borrow(_ syms: [UInt32], ahead: [UInt32] = [], keeping: Set<UInt32>, spare: [UInt8], columns: Int) -> [UInt32: UInt8] {
        guard !syms.isEmpty else { return [:] }
        let width = max(columns, 1)
        ConnectionLoss.columns = Int32(width)
        while true {
            let (lent, ready) = BorrowLedger.update(display: display.raw, atom: atom) {
                (ledger: inout BorrowLedger) -> ([UInt32: UInt8], ContinuousClock.Instant?) in
                let held = giveBackGone(&ledger)
                let (lent, ready) = choose(for: syms, ahead: ahead, keeping: keeping, spare: spare.filter { !held.contains($0) })
                if let ready, ready > clock.now { return ([:], ready) }
                for keycode in lent.values {
                    ledger.record(.init(keycode: keycode, original: original(of: keycode, width: width), owner: owner))
                }
                return (lent, nil)
            } then: { choice in
                // Only now that the ledger holds them: a crash from here on leaves a record.
                let now = clock.now
                var batch = MappingBatch()
                for (sym, keycode) in choice.0 {
                    // Every column carries the keysym, so neither Shift nor the active group changes it.
                    batch.lend(keycode, to: sym)
                    loans[keycode] = Loan(sym: sym, lastUse: now, original: original(of: keycode, width: width),
                                          pressed: syms.contains(sym))
                    resting[keycode] = nil
                }
                send(batch, columns: width)
                // What to give back if the connection dies, before the change reaches the server.
                ConnectionLoss.lent = Array(loans.keys)
            }
            if let ready {
                display.sync()
                sleep(until: ready)
                continue
            }
            count += lent.count
            // XSync so the server holds the new mappings before the presses arrive.
            display.sync()
            return lent
        }
    }

    /// Lends keycodes of `spare` to `pairs`, in order, as far as they go, a letter and its capital
    /// on one keycode, two pairs a keycode: the keysyms a shown keyboard types that the keymap
    /// lacks, lent before its first press so that no word typed on it changes the keymap midway
    /// (every change makes openbox hold the clicks while it reloads its keyboard handling,
    /// `MappingBatch`). They take the place of those kept for the keyboard shown before (a layout
    /// switch) and of those lent at a press: their keycodes are lent again or given back in the
    /// same change, so a switch changes the keymap once. Free keycodes at rest go first, then the
    /// last keyboard's; one pressed less than `reuseDelay` ago is left as it is (a client may not
    /// have read its press yet) until the next switch or the keyboard hides (`nextRestore`).
    /// Kept while the keyboard shows (`releaseKept`).
    func lendKept(_ pairs: [(sym: UInt32, shifted: UInt32?)], spare: [UInt8], columns: Int) {
        let now = clock.now
        // Those that type one of `pairs` stay (a keyboard shown again before its loans went back);
        // the rest (the last keyboard's, symbols lent at a press) are stale: lent again or given
        // back, unless just pressed.
        var stale: [UInt8] = []
        for (keycode, loan) in loans {
            let stays = pairs.contains { loan.types($0.sym) }
            if !stays && (!loan.pressed || loan.lastUse + reuseDelay <= now) { stale.append(keycode) }
            loans[keycode]!.kept = stays
        }
        stale.sort { (loans[$0]!.pressed ? 1 : 0, loans[$0]!.lastUse, $0) < (loans[$1]!.pressed ? 1 : 0, loans[$1]!.lastUse, $1) }
        let pairs = pairs.filter { !isLent($0.sym) && !($0.shifted.map(isLent) ?? false) }
        guard !pairs.isEmpty || !stale.isEmpty else { return }
        let width = max(columns, 2)
        ConnectionLoss.columns = Int32(width)
        let lent = BorrowLedger.update(display: display.raw, atom: atom) { (ledger: inout BorrowLedger) -> [(UInt8, Int)] in
            let held = giveBackGone(&ledger)
            let free = unlent(spare).filter { !held.contains($0) && (resting[$0] ?? now) <= now }
            let chosen = Array(zip(free + stale, stride(from: 0, to: pairs.count, by: 2)))
            for (keycode, _) in chosen {
                ledger.record(.init(keycode: keycode, original: original(of: keycode, width: width), owner: owner))
            }
            return chosen
        } then: { chosen in
            // The stale keycodes not lent again go back in the same change; the ledger forgets
            // them after (below): a crash in between leaves a record of a keycode as it was.
            var batch = MappingBatch()
            for keycode in stale where !chosen.contains(where: { $0.0 == keycode }) { _ = giveBack(keycode, into: &batch) }
            for (keycode, i) in chosen {
                var loan = Loan(sym: pairs[i].sym, lastUse: now, original: original(of: keycode, width: width),
                                pressed: false, shifted: pairs[i].shifted, kept: true)
                if i + 1 < pairs.count { loan.more = [pairs[i + 1].sym, pairs[i + 1].shifted ?? pairs[i + 1].sym] }
                batch.lend(keycode, levels: loan.levels)
                loans[keycode] = loan
            }
            send(batch, columns: width)
            ConnectionLoss.lent = Array(loans.keys)
        }
        let gone = stale.filter { loans[$0] == nil }
        if !gone.isEmpty {
            BorrowLedger.update(display: display.raw, atom: atom) { ledger in
                for keycode in gone where ledger.entry(for: keycode)?.owner == owner { ledger.remove(keycode) }
            }
        }
        count += lent.count
        display.sync()
    }

    /// Forgets the loans whose keycode no longer types their keysym: another client replaced the
    /// keymap (setxkbmap), which took them back. Whether one lent for the keyboard shown was.
    func forgetOverwritten() -> Bool {
        guard let first = loans.keys.min(), let last = loans.keys.max() else { return false }
        var per: Int32 = 0
        guard let map = XGetKeyboardMapping(display.raw, first, Int32(last - first) + 1, &per) else { return false }
        defer { XFree(map) }
        let gone = loans.filter { per < 1 || UInt32(map[Int($0.key - first) * Int(per)]) != $0.value.sym }.map(\.key)
        guard !gone.isEmpty else { return false }
        let kept = gone.contains { loans[$0]!.kept }
        BorrowLedger.update(display: display.raw, atom: atom) { ledger in
            for keycode in gone {
                loans[keycode] = nil
                if ledger.entry(for: keycode)?.owner == owner { ledger.remove(keycode) }
            }
        }
        display.sync()
        ConnectionLoss.lent = Array(loans.keys)
        return kept
    }

    /// Lets go the keycodes lent for the keyboard shown (it hid): given back once idle (`restoreDue`).
    func releaseKept() {
        for keycode in loans.keys { loans[keycode]!.kept = false }
    }

    /// What `keycode` is given back to: what it was before we first lent it; NoSymbol in
    /// each of `width` columns for a spare keycode not lent yet.
    private func original(of keycode: UInt8, width: Int) -> [UInt32] {
        loans[keycode]?.original ?? [UInt32](repeating: 0, count: width)
    }

    /// The keycodes of `spare` not lent now, in the order they are lent: never-lent ones first
    /// (in `spare`'s order), then the one given back longest ago.
    private func unlent(_ spare: [UInt8]) -> [UInt8] {
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

    /// Puts `keycode` back to what it was in `batch` and forgets its loan (the ledger is the
    /// caller's); the loan, nil when it is not lent.
    private func giveBack(_ keycode: UInt8, into batch: inout MappingBatch) -> Loan? {
        guard let loan = loans.removeValue(forKey: keycode) else { return nil }
        givenBack[keycode] = clock.now
        batch.giveBack(keycode, to: loan.original)
        return loan
    }

    /// Which keycode each keysym gets, and when the last of them may be changed: `syms` first,
    /// then `ahead` only where that needs no wait.
    private func choose(for syms: [UInt32], ahead: [UInt32], keeping: Set<UInt32>, spare: [UInt8])
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
        let now = clock.now
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

    /// The keycodes that are not ours in `ledger`: those whose owner may be running, and those
    /// whose owner is gone.
    private func judge(_ ledger: BorrowLedger) -> (held: Set<UInt8>, gone: [BorrowLedger.Entry]) {
        var running: [KeycodeOwner: Bool] = [:]
        var held = Set<UInt8>(), gone: [BorrowLedger.Entry] = []
        for entry in ledger.entries where !(entry.owner == owner && loans[entry.keycode] != nil) {
            let alive = running[entry.owner] ?? entry.owner.mayBeRunning(seenFrom: owner)
            running[entry.owner] = alive
            if alive { held.insert(entry.keycode) } else { gone.append(entry) }
        }
        return (held, gone)
    }

    /// Under a grab: puts the keycodes of gone owners back to their original keysyms and
    /// forgets them; returns the keycodes others hold.
    private func giveBackGone(_ ledger: inout BorrowLedger) -> Set<UInt8> {
        let (held, gone) = judge(ledger)
        let restUntil = clock.now + reuseDelay
        var batch = MappingBatch()
        for entry in gone {
            batch.giveBack(entry.keycode, to: entry.original)
            ledger.remove(entry.keycode)
            resting[entry.keycode] = restUntil
        }
        // Given back before the ledger forgets them (it is written after this returns).
        send(batch, columns: 1)
        return held
    }

    /// Sends `batch` (under the ledger's grab) and notes its range as our own change.
    private func send(_ batch: MappingBatch, columns: Int) {
        guard let range = batch.send(display: display.raw, columns: columns) else { return }
        ownChanges.append(range)
        if ownChanges.count > ownChangesKept { ownChanges.removeFirst() }
    }

    /// Whether a `MappingNotify` of keycodes `first…first+count-1` is one of our own changes
    /// coming back (the oldest that matches is then taken). Another client's change of the very
    /// same range may be taken for ours; our own then comes unmatched and is read as theirs.
    func takeOwnChange(first: UInt8, count: Int) -> Bool {
        guard let i = ownChanges.firstIndex(where: { $0.first == first && $0.count == count }) else { return false }
        ownChanges.remove(at: i)
        return true
    }

    private func sleep(until instant: ContinuousClock.Instant) {
        let nanos = (instant - clock.now).components
        var request = timespec(tv_sec: Int(nanos.seconds), tv_nsec: Int(nanos.attoseconds / 1_000_000_000))
        nanosleep(&request, nil)
    }

    /// When the loans are due to be given back, if any is lent: all together, once none was
    /// pressed for `restoreDelay` (a word typed through a page lent ahead is one change back).
    /// Never while the keyboard shown has letters lent (`lendKept`): no keymap change while it is
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

    /// Gives back every keycode, all in one batch, if none was pressed for `restoreDelay` at `now`.
    func restoreDue(now: ContinuousClock.Instant) {
        guard let due = nextRestore, now >= due else { return }
        restoreAll()
    }

    /// Gives back every keycode at once (on exit).
    func restoreAll() { restore(Array(loans.keys)) }

    private func restore(_ keycodes: [UInt8]) {
        guard !keycodes.isEmpty else { return }
        BorrowLedger.update(display: display.raw, atom: atom) { ledger in
            var batch = MappingBatch(), columns = 1
            for keycode in keycodes {
                guard let loan = giveBack(keycode, into: &batch) else { continue }
                columns = max(columns, loan.original.count)
                // Forgotten after it is given back (the ledger is written after this returns):
                // a crash in between leaves only a record of a keycode already as it was.
                if ledger.entry(for: keycode)?.owner == owner { ledger.remove(keycode) }
            }
            send(batch, columns: columns)
        }
        display.sync()
        // Only once the server has them back: a connection lost before this point still
        // has them given back by ConnectionLoss.
        ConnectionLoss.lent = Array(loans.keys)
    }
}
