import CX11
import Glibc
import ClavierCore

/// Types keysyms into the focused window through XTest (`XTestFakeKeyEvent`), borrowing
/// a spare keycode for any keysym that is not on the keyboard.
public final class KeyInjector {
    private let display: Display
    private var table: KeymapTable
    /// Spare keycodes lent to off-keymap keysyms, with the time each was last pressed.
    private var borrowed: [UInt8: (sym: UInt32, lastUse: ContinuousClock.Instant)] = [:]
    /// A borrowed keycode keeps its keysym this long after its last press. Clients look the
    /// keysym up when they *process* the event, not when it is sent: restoring at once made
    /// xterm receive nothing in the spike, ≥ 5 ms always worked. 150 ms leaves a slow
    /// client ample margin, and restores still come in batches.
    public var restoreDelay: Duration = .milliseconds(150)
    /// A borrowed keycode is never lent to another keysym sooner than this after its last
    /// press, for the same reason.
    public var reuseDelay: Duration = .milliseconds(50)
    private let clock = ContinuousClock()

    /// An injector for `display`, reading its keyboard mapping now.
    public init(display: Display) {
        self.display = display
        self.table = KeymapTable(display: display)
    }

    /// Re-reads the keyboard mapping after the server announced a change of keycodes
    /// `first…first+count-1` (`MappingNotify`); changes we made ourselves are skipped.
    public func keymapChanged(first: UInt8, count: Int) {
        let changed = (Int(first)..<Int(first) + max(count, 0)).map { UInt8(truncatingIfNeeded: $0) }
        if count > 0, changed.allSatisfy({ table.spareKeycodes.contains($0) }) { return }
        table = KeymapTable(display: display, lent: Set(borrowed.keys))
    }

    /// Presses and releases whatever produces `sym`, with `modifiers` held around it.
    public func type(_ sym: ClavierCore.KeySym, modifiers: ModifierSet = []) {
        let position: KeyPosition
        if let keycode = lentKeycode(for: sym) {
            position = KeyPosition(keycode: keycode, shift: false)
        } else if let onKeymap = table.position(of: sym) {
            position = onKeymap
        } else if let keycode = borrowKeycode(for: sym) {
            position = KeyPosition(keycode: keycode, shift: false)
        } else {
            return
        }
        var held: [UInt8] = []
        var wanted = modifiers
        if position.shift { wanted.insert(.shift) }
        for (flag, modifierSym) in Self.modifierKeys where wanted.contains(flag) {
            if let keycode = table.position(of: modifierSym)?.keycode {
                XTestFakeKeyEvent(display.raw, UInt32(keycode), 1, 0)
                held.append(keycode)
            }
        }
        XTestFakeKeyEvent(display.raw, UInt32(position.keycode), 1, 0)
        XTestFakeKeyEvent(display.raw, UInt32(position.keycode), 0, 0)
        for keycode in held.reversed() { XTestFakeKeyEvent(display.raw, UInt32(keycode), 0, 0) }
        display.flush()
    }

    private static let modifierKeys: [(ModifierSet, ClavierCore.KeySym)] = [
        (.shift, .shiftL), (.control, .controlL), (.alt, .altL), (.super, .superL), (.altGr, .isoLevel3Shift),
    ]

    /// Lends a spare keycode to `sym`: the one already holding it, else the least recently
    /// used one whose last press is older than `reuseDelay` (waiting for one if need be).
    private func lentKeycode(for sym: ClavierCore.KeySym) -> UInt8? {
        guard let (keycode, entry) = borrowed.first(where: { $0.value.sym == sym.rawValue }) else { return nil }
        borrowed[keycode] = (entry.sym, clock.now)
        return keycode
    }

    private func borrowKeycode(for sym: ClavierCore.KeySym) -> UInt8? {
        let now = clock.now
        let free = table.spareKeycodes.filter { borrowed[$0] == nil }
        let keycode: UInt8
        if let first = free.first {
            keycode = first
        } else if let oldest = borrowed.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            let ready = oldest.value.lastUse + reuseDelay
            if ready > now { sleep(until: ready) }
            keycode = oldest.key
        } else {
            return nil  // The keyboard has no spare keycode at all.
        }
        setMapping(keycode, to: sym.rawValue)
        borrowed[keycode] = (sym.rawValue, clock.now)
        // XSync so the server holds the new mapping before the press arrives.
        display.sync()
        return keycode
    }

    private func sleep(until instant: ContinuousClock.Instant) {
        let nanos = (instant - clock.now).components
        var request = timespec(tv_sec: Int(nanos.seconds), tv_nsec: Int(nanos.attoseconds / 1_000_000_000))
        nanosleep(&request, nil)
    }

    private func setMapping(_ keycode: UInt8, to sym: UInt32) {
        // Every column carries the keysym, so neither Shift nor the active group changes it.
        var columns = [CX11.KeySym](repeating: CX11.KeySym(sym), count: Int(max(table.symbolsPerKeycode, 1)))
        XChangeKeyboardMapping(display.raw, Int32(keycode), Int32(columns.count), &columns, 1)
    }

    /// When the next borrowed keycode is due to be given back, if any is lent.
    public var nextRestore: ContinuousClock.Instant? {
        borrowed.values.map(\.lastUse).min().map { $0 + restoreDelay }
    }

    /// Gives back every borrowed keycode idle for `restoreDelay`, all in one batch.
    public func restoreDue(now: ContinuousClock.Instant) {
        let due = borrowed.filter { now - $0.value.lastUse >= restoreDelay }.map(\.key)
        restore(due)
    }

    /// Gives back every borrowed keycode at once (on exit); the keymap is as we found it.
    public func restoreAll() {
        restore(Array(borrowed.keys))
    }

    private func restore(_ keycodes: [UInt8]) {
        guard !keycodes.isEmpty else { return }
        for keycode in keycodes {
            setMapping(keycode, to: 0)
            borrowed[keycode] = nil
        }
        display.sync()
    }
}
