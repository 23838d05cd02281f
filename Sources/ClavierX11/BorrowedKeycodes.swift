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
    /// How many times a keysym was lent a keycode.
    private(set) var count = 0
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

    /// The keycode lent to `sym`, noting the use, if one is.
    func keycode(for sym: UInt32) -> UInt8? {
        guard let (keycode, _) = loans.first(where: { $0.value.sym == sym }) else { return nil }
        loans[keycode]!.lastUse = clock.now
        return keycode
    }

    /// Whether a keycode is lent to `sym`.
    func isLent(_ sym: UInt32) -> Bool { loans.values.contains { $0.sym == sym } }

    /// Whether `keycode` is one of ours, lent now.
    func isLent(_ keycode: UInt8) -> Bool { loans[keycode] != nil }

    /// The keycodes lent now.
    var keycodes: Set<UInt8> { Set(loans.keys) }

    /// Lends keycodes from `spare` (keycodes with no keysym, `columns` columns each) to `syms`:
    /// free ones first, then the least recently used loans whose keysym is not in `keeping`,
    /// each no sooner than `reuseDelay` after its last press (waiting if need be, with the
    /// server let go). All go to the server, recorded first, before one XSync.
    func borrow(_ syms: [UInt32], keeping: Set<UInt32>, spare: [UInt8], columns: Int) -> [UInt32: UInt8] {
        guard !syms.isEmpty else { return [:] }
        let width = max(columns, 1)
        ConnectionLoss.columns = Int32(width)
        while true {
            let (lent, ready) = BorrowLedger.update(display: display.raw, atom: atom) {
                (ledger: inout BorrowLedger) -> ([UInt32: UInt8], ContinuousClock.Instant?) in
                let held = giveBackGone(&ledger)
                let (lent, ready) = choose(for: syms, keeping: keeping, spare: spare.filter { !held.contains($0) })
                if let ready, ready > clock.now { return ([:], ready) }
                for keycode in lent.values {
                    ledger.record(.init(keycode: keycode, original: original(of: keycode, width: width), owner: owner))
                }
                return (lent, nil)
            } then: { choice in
                // Only now that the ledger holds them: a crash from here on leaves a record.
                let now = clock.now
                for (sym, keycode) in choice.0 {
                    // Every column carries the keysym, so neither Shift nor the active group changes it.
                    BorrowLedger.setMapping(display: display.raw, keycode: keycode, to: Array(repeating: sym, count: width),
                                            columns: width)
                    loans[keycode] = Loan(sym: sym, lastUse: now, original: original(of: keycode, width: width))
                    resting[keycode] = nil
                }
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

    /// What `keycode` is given back to: what it was before we first lent it; NoSymbol in
    /// each of `width` columns for a spare keycode not lent yet.
    private func original(of keycode: UInt8, width: Int) -> [UInt32] {
        loans[keycode]?.original ?? [UInt32](repeating: 0, count: width)
    }

    /// Which keycode each keysym gets, and when the last of them may be changed.
    private func choose(for syms: [UInt32], keeping: Set<UInt32>, spare: [UInt8])
        -> (lent: [UInt32: UInt8], ready: ContinuousClock.Instant?) {
        let unlent = spare.filter { loans[$0] == nil }
        var free = unlent.filter { resting[$0] == nil } + unlent.filter { resting[$0] != nil }
        var reusable = loans.filter { !keeping.contains($0.value.sym) }
            .sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
        var lent: [UInt32: UInt8] = [:]
        var latest: ContinuousClock.Instant?
        for sym in syms {
            let keycode: UInt8, ready: ContinuousClock.Instant?
            if !free.isEmpty {
                keycode = free.removeFirst()
                ready = resting[keycode]
            } else if !reusable.isEmpty {
                keycode = reusable.removeFirst()
                ready = loans[keycode]!.lastUse + reuseDelay
            } else {
                break  // No spare keycode at all, or the pool is smaller than asked.
            }
            lent[sym] = keycode
            if let ready { latest = max(latest ?? ready, ready) }
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
        for entry in gone {
            BorrowLedger.setMapping(display: display.raw, keycode: entry.keycode, to: entry.original, columns: entry.original.count)
            ledger.remove(entry.keycode)
            resting[entry.keycode] = restUntil
        }
        return held
    }

    private func sleep(until instant: ContinuousClock.Instant) {
        let nanos = (instant - clock.now).components
        var request = timespec(tv_sec: Int(nanos.seconds), tv_nsec: Int(nanos.attoseconds / 1_000_000_000))
        nanosleep(&request, nil)
    }

    /// When the next loan is due to be given back, if any is lent.
    var nextRestore: ContinuousClock.Instant? {
        loans.values.map(\.lastUse).min().map { $0 + restoreDelay }
    }

    /// When every loan will have been idle for `restoreDelay`, if any is lent.
    var allRestorable: ContinuousClock.Instant? {
        loans.values.map(\.lastUse).max().map { $0 + restoreDelay }
    }

    /// Gives back every keycode idle for `restoreDelay` at `now`, all in one batch.
    func restoreDue(now: ContinuousClock.Instant) {
        restore(loans.filter { now - $0.value.lastUse >= restoreDelay }.map(\.key))
    }

    /// Gives back every keycode at once (on exit).
    func restoreAll() { restore(Array(loans.keys)) }

    private func restore(_ keycodes: [UInt8]) {
        guard !keycodes.isEmpty else { return }
        BorrowLedger.update(display: display.raw, atom: atom) { ledger in
            for keycode in keycodes {
                guard let loan = loans.removeValue(forKey: keycode) else { continue }
                BorrowLedger.setMapping(display: display.raw, keycode: keycode, to: loan.original, columns: loan.original.count)
                // Forgotten after it is given back: a crash in between leaves only a record of a
                // keycode already as it was.
                if ledger.entry(for: keycode)?.owner == owner { ledger.remove(keycode) }
            }
        }
        display.sync()
        // Only once the server has them back: a connection lost before this point still
        // has them given back by ConnectionLoss.
        ConnectionLoss.lent = Array(loans.keys)
    }
}
