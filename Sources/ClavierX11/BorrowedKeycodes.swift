import CX11
import ClavierCore
import Glibc

/// The spare keycodes one injector lends to keysyms off the keymap. Each is recorded in the
/// server's `BorrowLedger` before it is changed, and given back to its original keysyms after
/// use, on exit, on a lost connection (`ConnectionLoss`) or, after a crash, by the next Clavier
/// to find its owner gone. Every change of the ledger is made under `XGrabServer`, so two
/// Clavier processes never take the same keycode.
final class BorrowedKeycodes {
    private let display: Display
    private let owner = KeycodeOwner.current
    private let clock = ContinuousClock()
    private var atom: Atom { display.atom(BorrowLedger.property) }
    /// What is lent, and the order keycodes are lent and given back in.
    private var book = LoanBook()
    /// How many times a keysym was lent a keycode.
    private(set) var count = 0
    /// The ranges of our own mapping changes whose `MappingNotify` has not come back yet, oldest
    /// first (at most `ownChangesKept`: `clavier type` reads no events).
    private var ownChanges: [(first: UInt8, count: Int)] = []
    private let ownChangesKept = 64
    /// How long a borrowed keycode keeps its keysym after its last press (why: `Timing.keycodeRestore`).
    var restoreDelay: Duration {
        get { book.restoreDelay }
        set { book.restoreDelay = newValue }
    }
    /// How long after its last press a borrowed keycode may be lent to another keysym
    /// (`Timing.keycodeReuse`).
    var reuseDelay: Duration {
        get { book.reuseDelay }
        set { book.reuseDelay = newValue }
    }

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
    func keycode(for sym: UInt32) -> (keycode: UInt8, level: Int)? { book.use(sym, at: clock.now) }

    /// Whether a keycode is lent to `sym`.
    func isLent(_ sym: UInt32) -> Bool { book.isLent(sym) }

    /// Whether `keycode` is one of ours, lent now.
    func isLent(_ keycode: UInt8) -> Bool { book.loans[keycode] != nil }

    /// The keycodes lent now.
    var keycodes: Set<UInt8> { book.keycodes }

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
                let (lent, ready) = book.choose(for: syms, ahead: ahead, keeping: keeping, spare: spare.filter { !held.contains($0) },
                                                at: clock.now)
                if let ready, ready > clock.now { return ([:], ready) }
                for keycode in lent.values {
                    ledger.record(.init(keycode: keycode, original: book.original(of: keycode, width: width), owner: owner))
                }
                return (lent, nil)
            } then: { choice in
                // Only now that the ledger holds them: a crash from here on leaves a record.
                let now = clock.now
                var batch = MappingBatch()
                for (sym, keycode) in choice.0 {
                    // Every column carries the keysym, so neither Shift nor the active group changes it.
                    batch.lend(keycode, to: sym)
                    book.lend(keycode, .init(sym: sym, lastUse: now, original: book.original(of: keycode, width: width),
                                             pressed: syms.contains(sym)))
                }
                send(batch, columns: width)
                // What to give back if the connection dies, before the change reaches the server.
                ConnectionLoss.lent = Array(book.keycodes)
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
        let stale = book.keep(pairs, at: now)
        let pairs = pairs.filter { !isLent($0.sym) && !($0.shifted.map(isLent) ?? false) }
        guard !pairs.isEmpty || !stale.isEmpty else { return }
        let width = max(columns, 2)
        ConnectionLoss.columns = Int32(width)
        let lent = BorrowLedger.update(display: display.raw, atom: atom) { (ledger: inout BorrowLedger) -> [(UInt8, Int)] in
            let held = giveBackGone(&ledger)
            let free = book.free(spare, at: now).filter { !held.contains($0) }
            let chosen = Array(zip(free + stale, stride(from: 0, to: pairs.count, by: 2)))
            for (keycode, _) in chosen {
                ledger.record(.init(keycode: keycode, original: book.original(of: keycode, width: width), owner: owner))
            }
            return chosen
        } then: { chosen in
            // The stale keycodes not lent again go back in the same change; the ledger forgets
            // them after (below): a crash in between leaves a record of a keycode as it was.
            var batch = MappingBatch()
            for keycode in stale where !chosen.contains(where: { $0.0 == keycode }) { _ = book.giveBack(keycode, into: &batch, at: now) }
            for (keycode, i) in chosen {
                let loan = LoanBook.kept(pairs, i, original: book.original(of: keycode, width: width), at: now)
                batch.lend(keycode, levels: loan.levels)
                book.lend(keycode, loan)
            }
            send(batch, columns: width)
            ConnectionLoss.lent = Array(book.keycodes)
        }
        let gone = stale.filter { !isLent($0) }
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
        guard let first = book.keycodes.min(), let last = book.keycodes.max() else { return false }
        var per: Int32 = 0
        guard let map = XGetKeyboardMapping(display.raw, first, Int32(last - first) + 1, &per) else { return false }
        defer { XFree(map) }
        let gone = book.loans.filter { per < 1 || UInt32(map[Int($0.key - first) * Int(per)]) != $0.value.sym }.map(\.key)
        guard !gone.isEmpty else { return false }
        let kept = gone.contains { book.loans[$0]!.kept }
        BorrowLedger.update(display: display.raw, atom: atom) { ledger in
            for keycode in gone {
                book.forget(keycode)
                if ledger.entry(for: keycode)?.owner == owner { ledger.remove(keycode) }
            }
        }
        display.sync()
        ConnectionLoss.lent = Array(book.keycodes)
        return kept
    }

    /// Lets go the keycodes lent for the keyboard shown (it hid): given back once idle (`restoreDue`).
    func releaseKept() { book.releaseKept() }

    /// The keycodes that are not ours in `ledger`: those whose owner may be running, and those
    /// whose owner is gone.
    private func judge(_ ledger: BorrowLedger) -> (held: Set<UInt8>, gone: [BorrowLedger.Entry]) {
        var running: [KeycodeOwner: Bool] = [:]
        var held = Set<UInt8>(), gone: [BorrowLedger.Entry] = []
        for entry in ledger.entries where !(entry.owner == owner && isLent(entry.keycode)) {
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
            book.rest(entry.keycode, until: restUntil)
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

    /// When the loans are due to be given back, if any is lent (`LoanBook.nextRestore`: never
    /// while the keyboard shown has letters lent).
    var nextRestore: ContinuousClock.Instant? { book.nextRestore }

    /// When every loan will have been idle for `restoreDelay`, if any is lent.
    var allRestorable: ContinuousClock.Instant? { book.allRestorable }

    /// Gives back every keycode, all in one batch, if none was pressed for `restoreDelay` at `now`.
    func restoreDue(now: ContinuousClock.Instant) {
        guard let due = nextRestore, now >= due else { return }
        restoreAll()
    }

    /// Gives back every keycode at once (on exit).
    func restoreAll() { restore(Array(book.keycodes)) }

    private func restore(_ keycodes: [UInt8]) {
        guard !keycodes.isEmpty else { return }
        BorrowLedger.update(display: display.raw, atom: atom) { ledger in
            var batch = MappingBatch(), columns = 1
            for keycode in keycodes {
                guard let loan = book.giveBack(keycode, into: &batch, at: clock.now) else { continue }
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
        ConnectionLoss.lent = Array(book.keycodes)
    }
}
