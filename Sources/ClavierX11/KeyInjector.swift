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
    /// Spare keycodes lent to off-keymap keysyms, recorded on the server.
    private let loans: BorrowedKeycodes
    /// How long a borrowed keycode keeps its keysym after its last press (`Timing.keycodeRestore`).
    public var restoreDelay: Duration {
        get { loans.restoreDelay }
        set { loans.restoreDelay = newValue }
    }
    /// What the shown keyboard's pages type: a key's first borrow lends its page's keysyms off
    /// the keymap too, as far as the pool goes, in the same change (`PageKeysyms`).
    public var pages = PageKeysyms()
    /// What `lendPages` was last told to ask: asked again when a new keymap took the loans back.
    private var pagesAllow: ((ClavierCore.KeySym, ModifierSet) -> Bool)?
    /// How long after its last press a borrowed keycode may be lent to another keysym (`Timing.keycodeReuse`).
    public var reuseDelay: Duration {
        get { loans.reuseDelay }
        set { loans.reuseDelay = newValue }
    }

    /// An injector for `display`, reading its keyboard mapping now, once it has given back
    /// the keycodes a dead Clavier left borrowed.
    public init(display: Display) {
        self.display = display
        loans = BorrowedKeycodes(display: display)
        let held = loans.settle()
        table = KeymapTable(display: display, group: display.keyboardState.group, held: held)
    }

    /// Re-reads the keyboard mapping after the server announced a change of keycodes
    /// `first…first+count-1` (`MappingNotify`); changes we made ourselves (a batch's range,
    /// `BorrowedKeycodes.takeOwnChange`, or only keycodes lent now) are skipped.
    public func keymapChanged(first: UInt8, count: Int) {
        let changed = (Int(first)..<Int(first) + max(count, 0)).map { UInt8(truncatingIfNeeded: $0) }
        if count > 0, loans.takeOwnChange(first: first, count: count) || changed.allSatisfy(loans.isLent) { return }
        let keptGone = loans.forgetOverwritten()
        reload(group: display.keyboardState.group)
        // A new keymap (setxkbmap) took the shown layout's letters back: lent again where it lacks them.
        if keptGone { lendPages(allow: pagesAllow) }
    }

    private func reload(group: UInt32) {
        // Another Clavier's borrowing or giving back is a keymap change too: the ledger says which
        // keycodes are its, and any a dead one left are given back on the way.
        let held = loans.settle()
        table = KeymapTable(display: display, group: group, lent: loans.keycodes, held: held)
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
        let onKeys = lentPosition(for: sym) ?? onKeymap(sym, extra: extra, state: state)
        // Asked before a keycode is borrowed, so a refused keysym never changes the keymap.
        if let allow, !allow(sym, Self.modifiers(of: (onKeys?.modifiers ?? 0) | extra)) { return false }
        let position = onKeys
            ?? borrow([sym.rawValue], ahead: offKeymap(pages.ahead(of: sym).filter { allow?($0, []) ?? true }, state: state))[sym.rawValue]
                .map { KeyPosition(keycode: $0, modifiers: 0) }
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
                    if loans.isLent(sym) {
                        lentInRun.insert(sym)
                    } else {
                        needed.append(sym)
                    }
                }
                end += 1
            }
            let inRun = Set(syms[start..<end].map(\.rawValue))
            _ = borrow(needed, keeping: inRun)
            for sym in syms[start..<end] {
                if shouldStop() { return }
                let position = lentPosition(for: sym) ?? onKeymap(sym, extra: 0, state: state)
                if let position { press(position, extra: 0, state: state) }
            }
            display.flush()
            start = end
            state = currentState()
        }
    }

    /// Whether the keymap has `sym` in the current group, without borrowing a keycode: what a
    /// typist that cannot change the keymap (mutter's RemoteDesktop, on XWayland) can type.
    public func isOnKeymap(_ sym: ClavierCore.KeySym) -> Bool {
        onKeymap(sym, extra: 0, state: currentState()) != nil
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

    /// A keymap's keysym as Core names it: a legacy character keysym (Cyrillic_pe, Greek_alpha,
    /// EuroSign: below the dead and function keys, 0xFE00, with no scalar of Core's own)
    /// becomes the Unicode keysym of its character, so that what follows the typed text (the
    /// word before the caret, learning, glide) reads it; `equivalents(of:)` finds the legacy
    /// key again to type it.
    static func coreSym(_ raw: UInt32) -> ClavierCore.KeySym {
        let sym = ClavierCore.KeySym(rawValue: raw)
        guard sym.scalar == nil, raw < 0xFE00, let scalar = Unicode.Scalar(xkb_keysym_to_utf32(raw)), scalar.value != 0
        else { return sym }
        return ClavierCore.KeySym(scalar: scalar)
    }

    /// How many times a keysym was lent a spare keycode since this injector started.
    public var borrowCount: Int { loans.count }

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

    /// The lent keycode that types `sym`, with Shift for a capital lent with its letter.
    private func lentPosition(for sym: ClavierCore.KeySym) -> KeyPosition? {
        loans.keycode(for: sym.rawValue).map {
            KeyPosition(keycode: $0.keycode, modifiers: [0, UInt32(ShiftMask), UInt32(Mod5Mask), UInt32(ShiftMask | Mod5Mask)][$0.level])
        }
    }

    /// Lends, in one keymap change, as many of the shown keyboard's letters page's keysyms the
    /// keymap lacks as the free spare keycodes hold (`pages.letters`, middle of rows first), a
    /// letter and its capital on one keycode, if the keymap lacks one of its letters: a layout
    /// whose letters the keymap has (en, de) changes nothing when it shows. `allow` (kiosk mode)
    /// is asked of each. They stay until the keyboard hides (`releasePages`) or shows another layout.
    public func lendPages(allow: ((ClavierCore.KeySym, ModifierSet) -> Bool)? = nil) {
        pagesAllow = allow
        let state = currentState()
        let pairs = pages.lettersToLend { sym in (allow?(sym, []) ?? true) && onKeymap(sym, extra: 0, state: state) == nil }
        // With none, the last layout's go back; with some, they take its keycodes' place: one change.
        loans.lendKept(pairs, spare: table.spareKeycodes, columns: Int(table.symbolsPerKeycode))
    }

    /// Lets go what `lendPages` lent (the keyboard hid): given back with the rest once idle.
    public func releasePages() { loans.releaseKept() }

    private func borrow(_ syms: [UInt32], ahead: [UInt32] = [], keeping: Set<UInt32> = []) -> [UInt32: UInt8] {
        loans.borrow(syms, ahead: ahead, keeping: keeping, spare: table.spareKeycodes, columns: Int(table.symbolsPerKeycode))
    }

    /// Those of `syms` the keymap lacks and no keycode is lent to, in order.
    private func offKeymap(_ syms: [ClavierCore.KeySym], state: KeyboardState) -> [UInt32] {
        syms.filter { !loans.isLent($0.rawValue) && onKeymap($0, extra: 0, state: state) == nil }.map(\.rawValue)
    }

    /// What the keys with these XKB names produce in the live keymap's current group with
    /// the server's locks, without and with Shift and AltGr (`XKBKeymap.liveKey`).
    public func liveKeys(named names: Set<String>) -> [String: LiveKey] {
        let state = currentState()
        guard let xkb = table.xkb else { return [:] }
        var result: [String: LiveKey] = [:]
        for name in names {
            guard let keycode = table.keycode(named: name) else { continue }
            result[name] = xkb.liveKey(keycode, locked: state.lockedMods, group: state.group)
        }
        return result
    }

    /// The server's locks that are on: Caps Lock (the Lock modifier) and Num Lock (the
    /// modifier its key sets), as `XkbStateNotify` last reported them.
    public var locks: Locks {
        let locked = currentState().lockedMods
        var locks: Locks = []
        if locked & UInt32(LockMask) != 0 { locks.insert(.capsLock) }
        if table.numLockMask != 0, locked & table.numLockMask != 0 { locks.insert(.numLock) }
        return locks
    }

    /// How many keycodes are free to borrow for keysyms off the keymap.
    public var spareKeycodeCount: Int { table.spareKeycodes.count }

    /// When the borrowed keycodes are next due back, if one is lent: all together, once none was
    /// pressed for `restoreDelay`; those kept for the keyboard shown (`lendPages`) are not.
    public var nextRestore: ContinuousClock.Instant? { loans.nextRestore }

    /// When every borrowed keycode, those kept for the keyboard shown too, will have been idle
    /// for `restoreDelay`, if any is lent: when all may be given back (on exit).
    public var allRestorable: ContinuousClock.Instant? { loans.allRestorable }

    /// Gives back every borrowed keycode, in one batch, once none was pressed for `restoreDelay`.
    public func restoreDue(now: ContinuousClock.Instant) { loans.restoreDue(now: now) }

    /// Gives back every borrowed keycode at once (on exit); the keymap is as we found it.
    public func restoreAll() { loans.restoreAll() }
}
