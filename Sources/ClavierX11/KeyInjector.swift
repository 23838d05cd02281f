import CX11
import Glibc
import ClavierCore

/// Types keysyms into the focused window through XTest (`XTestFakeKeyEvent`), borrowing
/// a spare keycode for any keysym that is not on the keyboard.
public final class KeyInjector {
    private let display: Display
    private var table: KeymapTable {
        didSet { found.removeAll(keepingCapacity: true) }
    }
    /// What `onKeymap` found, by keysym and extra modifiers, for `foundState`: a press asks
    /// what an earlier press asked, and xkbcommon's tables are cold by then (~10 µs a press).
    private var found: [UInt64: KeyPosition] = [:]
    private var foundState = KeyboardState()
    /// Spare keycodes lent to off-keymap keysyms, with the time each was last pressed.
    private var borrowed: [UInt8: (sym: UInt32, lastUse: ContinuousClock.Instant)] = [:]
    /// A borrowed keycode keeps its keysym this long after its last press. Clients look the
    /// keysym up when they *process* the event, not when it is sent: restoring at once made
    /// xterm receive nothing in the spike, ≥ 5 ms always worked; but a client busy with a
    /// burst of typing looks up later still (50 ms lost characters in xterm under a 1,000
    /// character burst). 250 ms held in every run, and restores still come in batches.
    public var restoreDelay: Duration = .milliseconds(250)
    /// A borrowed keycode is never lent to another keysym sooner than this after its last
    /// press, for the same reason.
    public var reuseDelay: Duration = .milliseconds(250)
    private let clock = ContinuousClock()

    /// An injector for `display`, reading its keyboard mapping now.
    public init(display: Display) {
        self.display = display
        self.table = KeymapTable(display: display, group: display.keyboardState.group)
    }

    /// Re-reads the keyboard mapping after the server announced a change of keycodes
    /// `first…first+count-1` (`MappingNotify`); changes we made ourselves are skipped.
    public func keymapChanged(first: UInt8, count: Int) {
        let changed = (Int(first)..<Int(first) + max(count, 0)).map { UInt8(truncatingIfNeeded: $0) }
        if count > 0, changed.allSatisfy({ borrowed[$0] != nil }) { return }
        reload(group: display.keyboardState.group)
    }

    private func reload(group: UInt32) {
        table = KeymapTable(display: display, group: group, lent: Set(borrowed.keys))
    }

    /// Presses and releases whatever produces `sym` in the current group and modifier
    /// state, with `modifiers` (the user's latched Ctrl, Alt …) held around it. Modifiers
    /// the user holds on a physical keyboard stay as they are.
    ///
    /// `allow` (kiosk mode) is asked first with the modifiers the key event will really carry:
    /// `modifiers` and those the keysym's level needs on the keymap. Returns whether it typed.
    @discardableResult
    public func type(_ sym: ClavierCore.KeySym, modifiers: ModifierSet = [],
                     allow: ((ClavierCore.KeySym, ModifierSet) -> Bool)? = nil) -> Bool {
        let state = currentState()
        let extra = Self.mask(of: modifiers)
        let onKeys = lentKeycode(for: sym).map { KeyPosition(keycode: $0, modifiers: 0) } ?? onKeymap(sym, extra: extra, state: state)
        // Asked before a keycode is borrowed, so a refused keysym never changes the keymap.
        if let allow, !allow(sym, Self.modifiers(of: (onKeys?.modifiers ?? 0) | extra)) { return false }
        let position = onKeys
            ?? borrowKeycodes(for: [sym.rawValue])[sym.rawValue].map { KeyPosition(keycode: $0, modifiers: 0) }
        guard let position else { return false }
        press(position, extra: extra, state: state)
        display.flush()
        return true
    }

    /// Types a whole text as fast as is safe: the keysyms off the keymap are mapped in
    /// batches as large as the pool of spare keycodes, so a client re-reads the keymap
    /// once per batch rather than once per character, and a keycode is only lent again
    /// `reuseDelay` after its last press. `shouldStop` is asked between characters.
    public func type(text syms: [ClavierCore.KeySym], shouldStop: () -> Bool = { false }) {
        var state = currentState()
        var start = 0
        while start < syms.count {
            // The longest run whose keysyms off the keymap fit in the pool at once.
            var needed: [UInt32] = []
            var lentInRun = Set<UInt32>()
            var end = start
            while end < syms.count {
                let sym = syms[end].rawValue
                if !needed.contains(sym), !lentInRun.contains(sym), onKeymap(syms[end], extra: 0, state: state) == nil {
                    // Keysyms already lent and keysyms to lend share the one pool.
                    if needed.count + lentInRun.count >= max(table.spareKeycodes.count, 1) { break }
                    if borrowed.values.contains(where: { $0.sym == sym }) {
                        lentInRun.insert(sym)
                    } else {
                        needed.append(sym)
                    }
                }
                end += 1
            }
            let inRun = Set(syms[start..<end].map(\.rawValue))
            _ = borrowKeycodes(for: needed, keeping: inRun)
            for sym in syms[start..<end] {
                if shouldStop() { return }
                let position = lentKeycode(for: sym).map { KeyPosition(keycode: $0, modifiers: 0) }
                    ?? onKeymap(sym, extra: 0, state: state)
                if let position { press(position, extra: 0, state: state) }
            }
            display.flush()
            start = end
            state = currentState()
        }
    }

    private func currentState() -> KeyboardState {
        let state = display.keyboardState
        if state.group != table.group { reload(group: state.group) }
        return state
    }

    /// The first way to type `sym` on the keymap whose result, with what the user holds or
    /// locked, is exactly `sym`.
    private func onKeymap(_ sym: ClavierCore.KeySym, extra: UInt32, state: KeyboardState) -> KeyPosition? {
        if state != foundState {
            found.removeAll(keepingCapacity: true)
            foundState = state
        }
        let key = UInt64(sym.rawValue) | UInt64(extra) << 32
        if let position = found[key] { return position }
        let position = lookUp(sym, extra: extra, state: state)
        if let position { found[key] = position }
        return position
    }

    private func lookUp(_ sym: ClavierCore.KeySym, extra: UInt32, state: KeyboardState) -> KeyPosition? {
        for candidate in Self.equivalents(of: sym) {
            let found = table.positions(of: candidate).first { p in
                guard let xkb = table.xkb else { return true }
                return xkb.keysym(UInt32(p.keycode), depressed: p.modifiers | extra | state.baseMods,
                                  latched: state.latchedMods, locked: state.lockedMods, group: state.group) == candidate.rawValue
            }
            if let found { return found }
        }
        return nil
    }

    /// The keysyms that type the same character: Core names a character by its Unicode
    /// keysym (0x01000000 + code point), but keymaps carry the legacy keysym where X11 has
    /// one (EuroSign, Cyrillic_shorti …), which xkbcommon knows (`xkb_utf32_to_keysym`).
    static func equivalents(of sym: ClavierCore.KeySym) -> [ClavierCore.KeySym] {
        guard let scalar = sym.scalar else { return [sym] }
        let legacy = xkb_utf32_to_keysym(scalar.value)
        guard legacy != 0, legacy != sym.rawValue else { return [sym] }
        return [sym, ClavierCore.KeySym(rawValue: legacy)]
    }

    /// How many times a keysym was lent a spare keycode since this injector started.
    public private(set) var borrowCount = 0

    /// Presses the level's modifiers that are not already active, then the key, then
    /// releases all in reverse order.
    private func press(_ position: KeyPosition, extra: UInt32, state: KeyboardState) {
        let active = state.baseMods | state.latchedMods | state.lockedMods
        let toPress = (position.modifiers | extra) & ~active
        var held: [UInt8] = []
        for bit in 0..<8 where toPress & (1 << UInt32(bit)) != 0 {
            if let keycode = table.modifierKeycodes[bit], !held.contains(keycode) {
                XTestFakeKeyEvent(display.raw, UInt32(keycode), 1, 0)
                held.append(keycode)
            }
        }
        XTestFakeKeyEvent(display.raw, UInt32(position.keycode), 1, 0)
        XTestFakeKeyEvent(display.raw, UInt32(position.keycode), 0, 0)
        for keycode in held.reversed() { XTestFakeKeyEvent(display.raw, UInt32(keycode), 0, 0) }
    }

    /// The X modifier mask of Core's modifier set.
    static func mask(of modifiers: ModifierSet) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) { mask |= UInt32(ShiftMask) }
        if modifiers.contains(.control) { mask |= UInt32(ControlMask) }
        if modifiers.contains(.alt) { mask |= UInt32(Mod1Mask) }
        if modifiers.contains(.super) { mask |= UInt32(Mod4Mask) }
        if modifiers.contains(.altGr) { mask |= UInt32(Mod5Mask) }
        return mask
    }

    /// Core's modifier set of an X modifier mask; Lock, NumLock (Mod2) and Mod3 have no
    /// member: they pick a level, and nothing binds shortcuts to them.
    static func modifiers(of mask: UInt32) -> ModifierSet {
        var set: ModifierSet = []
        if mask & UInt32(ShiftMask) != 0 { set.insert(.shift) }
        if mask & UInt32(ControlMask) != 0 { set.insert(.control) }
        if mask & UInt32(Mod1Mask) != 0 { set.insert(.alt) }
        if mask & UInt32(Mod4Mask) != 0 { set.insert(.super) }
        if mask & UInt32(Mod5Mask) != 0 { set.insert(.altGr) }
        return set
    }

    private func lentKeycode(for sym: ClavierCore.KeySym) -> UInt8? {
        guard let (keycode, entry) = borrowed.first(where: { $0.value.sym == sym.rawValue }) else { return nil }
        borrowed[keycode] = (entry.sym, clock.now)
        return keycode
    }

    /// Lends spare keycodes to `syms`: free ones first, then the least recently used ones
    /// whose keysym is not in `keeping`, each no sooner than `reuseDelay` after its last
    /// press (waiting if need be). All mappings go to the server before one XSync.
    @discardableResult
    private func borrowKeycodes(for syms: [UInt32], keeping: Set<UInt32> = []) -> [UInt32: UInt8] {
        guard !syms.isEmpty else { return [:] }
        var free = table.spareKeycodes.filter { borrowed[$0] == nil }
        var reusable = borrowed.filter { !keeping.contains($0.value.sym) }
            .sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
        var lent: [UInt32: UInt8] = [:]
        var latestReuse: ContinuousClock.Instant?
        for sym in syms {
            let keycode: UInt8
            if !free.isEmpty {
                keycode = free.removeFirst()
            } else if !reusable.isEmpty {
                keycode = reusable.removeFirst()
                let ready = borrowed[keycode]!.lastUse + reuseDelay
                latestReuse = max(latestReuse ?? ready, ready)
            } else {
                break  // No spare keycode at all, or the pool is smaller than asked.
            }
            lent[sym] = keycode
        }
        if let latestReuse, latestReuse > clock.now { sleep(until: latestReuse) }
        let now = clock.now
        borrowCount += lent.count
        for (sym, keycode) in lent {
            setMapping(keycode, to: sym)
            borrowed[keycode] = (sym, now)
        }
        // What to give back if the connection dies, before the change reaches the server.
        ConnectionLoss.lent = Array(borrowed.keys)
        // XSync so the server holds the new mappings before the presses arrive.
        display.sync()
        return lent
    }

    private func sleep(until instant: ContinuousClock.Instant) {
        let nanos = (instant - clock.now).components
        var request = timespec(tv_sec: Int(nanos.seconds), tv_nsec: Int(nanos.attoseconds / 1_000_000_000))
        nanosleep(&request, nil)
    }

    private func setMapping(_ keycode: UInt8, to sym: UInt32) {
        ConnectionLoss.columns = max(table.symbolsPerKeycode, 1)
        // Every column carries the keysym, so neither Shift nor the active group changes it.
        var columns = [CX11.KeySym](repeating: CX11.KeySym(sym), count: Int(max(table.symbolsPerKeycode, 1)))
        XChangeKeyboardMapping(display.raw, Int32(keycode), Int32(columns.count), &columns, 1)
    }

    /// What the keys with these XKB names produce in the live keymap's current group,
    /// without and with Shift (`xkb_keymap_key_by_name`, `xkb_keymap_key_get_syms_by_level`).
    public func liveKeys(named names: Set<String>) -> [String: LiveKey] {
        let state = currentState()
        guard let xkb = table.xkb else { return [:] }
        var result: [String: LiveKey] = [:]
        for name in names {
            guard let keycode = table.keycode(named: name) else { continue }
            let layouts = xkb_keymap_num_layouts_for_key(xkb.keymap, keycode)
            guard layouts > 0 else { continue }
            let layout = state.group % layouts
            func level(_ n: UInt32) -> ClavierCore.KeySym? {
                var syms: UnsafePointer<xkb_keysym_t>?
                guard n < xkb_keymap_num_levels_for_key(xkb.keymap, keycode, layout),
                      xkb_keymap_key_get_syms_by_level(xkb.keymap, keycode, layout, n, &syms) == 1,
                      let sym = syms?.pointee else { return nil }
                return ClavierCore.KeySym(rawValue: sym)
            }
            func text(_ sym: ClavierCore.KeySym?) -> String? {
                guard let sym else { return nil }
                var buffer = [CChar](repeating: 0, count: 16)
                guard xkb_keysym_to_utf8(sym.rawValue, &buffer, buffer.count) > 1 else { return nil }
                return String(cString: buffer)
            }
            let base = level(0), shifted = level(1)
            result[name] = LiveKey(base: base, shifted: shifted, baseText: text(base), shiftedText: text(shifted))
        }
        return result
    }

    /// How many keycodes are free to borrow for keysyms off the keymap.
    public var spareKeycodeCount: Int { table.spareKeycodes.count }

    /// When the next borrowed keycode is due to be given back, if any is lent.
    public var nextRestore: ContinuousClock.Instant? {
        borrowed.values.map(\.lastUse).min().map { $0 + restoreDelay }
    }

    /// When every borrowed keycode will have been idle for `restoreDelay`, if any is lent.
    public var allRestorable: ContinuousClock.Instant? {
        borrowed.values.map(\.lastUse).max().map { $0 + restoreDelay }
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
        // Only once the server has them back: a connection lost before this point still
        // has them given back by ConnectionLoss.
        ConnectionLoss.lent = Array(borrowed.keys)
    }
}
