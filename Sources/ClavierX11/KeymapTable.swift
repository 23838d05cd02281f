import CX11
import ClavierCore

/// One way to type a keysym: its keycode and the modifiers (X11 mask) its level needs.
public struct KeyPosition: Hashable, Sendable {
    public var keycode: UInt8
    public var modifiers: UInt32
}

/// The modifier state the server reports for the core keyboard (`XkbGetState`).
struct KeyboardState: Equatable {
    var baseMods: UInt32 = 0
    var latchedMods: UInt32 = 0
    var lockedMods: UInt32 = 0
    var group: UInt32 = 0
}

/// A keymap read from the server with libxkbcommon-x11 (`xkb_x11_keymap_new_from_device`).
final class XKBKeymap {
    let context: OpaquePointer
    let keymap: OpaquePointer
    private let state: OpaquePointer

    init?(connection: OpaquePointer, device: Int32) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Whether a keycode carries no keysym in any group and level.
    func isEmpty(_ keycode: UInt32) -> Bool {
        let layouts = xkb_keymap_num_layouts_for_key(keymap, keycode)
        for layout in 0..<layouts {
            for level in 0..<xkb_keymap_num_levels_for_key(keymap, keycode, layout) {
                var syms: UnsafePointer<xkb_keysym_t>?
                if xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, level, &syms) > 0 { return false }
            }
        }
        return true
    }

    /// The keysym a client sees for `keycode` with these modifiers down in this group
    /// (`xkb_state_update_mask` + `xkb_state_key_get_one_sym`).
    func keysym(_ keycode: UInt32, depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> UInt32 {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        return xkb_state_key_get_one_sym(state, keycode)
    }

    /// What `keycode` produces in `group` with the `locked` modifiers (Caps Lock), without and
    /// with Shift and AltGr (Mod5), as Core names keysyms (`KeyInjector.coreSym`), with their text.
    func liveKey(_ keycode: UInt32, locked: UInt32, group: UInt32) -> LiveKey {
        func sym(_ held: UInt32) -> ClavierCore.KeySym? {
            let sym = keysym(keycode, depressed: held, latched: 0, locked: locked, group: group)
            return sym == 0 ? nil : KeyInjector.coreSym(sym)
        }
        func text(_ sym: ClavierCore.KeySym?) -> String? {
            guard let sym else { return nil }
            var buffer = [CChar](repeating: 0, count: 16)
            guard xkb_keysym_to_utf8(sym.rawValue, &buffer, buffer.count) > 1 else { return nil }
            return String(cBuffer: buffer)
        }
        let shift = UInt32(ShiftMask), altGr = UInt32(Mod5Mask)
        let base = sym(0), shifted = sym(shift), third = sym(altGr), fourth = sym(shift | altGr)
        return LiveKey(base: base, shifted: shifted, baseText: text(base), shiftedText: text(shifted),
                       altGr: third, shiftedAltGr: fourth, altGrText: text(third), shiftedAltGrText: text(fourth))
    }

    /// The XKB name of a keycode (`AD01` …), if it has one.
    func name(of keycode: UInt32) -> String? {
        xkb_keymap_key_get_name(keymap, keycode).map { String(cString: $0) }
    }
}

/// The keysym → keycode table of the live keymap in the current group, the keycodes that
/// carry no symbol (on the core keyboard *and* the XTEST device, whose map is the one
/// XTest events are looked up in), and the keys that press each modifier.
///
/// Only this type knows keycodes: they belong to one X server, so Core never sees them.
struct KeymapTable {
    /// Every way to type each keysym in the current group, fewest modifiers first.
    private(set) var positions: [UInt32: [KeyPosition]] = [:]
    /// Keycodes with no keysym anywhere: free to borrow for characters off the keymap.
    private(set) var spareKeycodes: [UInt8] = []
    /// For each of the eight X modifier bits, a keycode that sets it when pressed.
    private(set) var modifierKeycodes: [UInt8?] = Array(repeating: nil, count: 8)
    /// The modifier bit Num Lock locks (Mod2 on most keymaps); 0 when no key sets one.
    private(set) var numLockMask: UInt32 = 0
    let symbolsPerKeycode: Int32
    let group: UInt32
    let xkb: XKBKeymap?

    /// Modifier bits Clavier may press to reach a level: Shift, Control, Mod1 (Alt),
    /// Mod4 (Super), Mod5 (AltGr). Lock and NumLock (Mod2) toggle and are never pressed.
    static let pressable: UInt32 = UInt32(ShiftMask | ControlMask | Mod1Mask | Mod4Mask | Mod5Mask)

    /// Reads the mapping; `lent` keycodes (ours, borrowed for a while) count as spare, and
    /// `held` ones (another Clavier's, borrowed) are neither spare nor typed with: their
    /// keysym may be given back under our press.
    init(display: Display, group: UInt32, lent: Set<UInt8> = [], held: Set<UInt8> = []) {
        self.group = group
        let core = display.xkbKeymap(device: display.coreKeyboardID)
        let xtest = display.xtestKeyboardID.flatMap { display.xkbKeymap(device: $0) }
        xkb = core
        var minKC: Int32 = 0, maxKC: Int32 = 0
        XDisplayKeycodes(display.raw, &minKC, &maxKC)
        var perKeycode: Int32 = 0
        if let map = XGetKeyboardMapping(display.raw, UInt8(minKC), maxKC - minKC + 1, &perKeycode) { XFree(map) }
        symbolsPerKeycode = perKeycode
        for keycode in UInt32(minKC)...UInt32(maxKC) {
            let kc = UInt8(keycode)
            if lent.contains(kc) {
                spareKeycodes.append(kc)
                continue
            }
            if held.contains(kc) { continue }
            let emptyHere = core?.isEmpty(keycode) ?? true
            if emptyHere && (xtest?.isEmpty(keycode) ?? true) {
                spareKeycodes.append(kc)
                continue
            }
            guard let core else { continue }
            let layouts = xkb_keymap_num_layouts_for_key(core.keymap, keycode)
            guard layouts > 0 else { continue }
            // Keys with fewer groups wrap, as the server does by default.
            let layout = group % layouts
            for level in 0..<xkb_keymap_num_levels_for_key(core.keymap, keycode, layout) {
                var syms: UnsafePointer<xkb_keysym_t>?
                guard xkb_keymap_key_get_syms_by_level(core.keymap, keycode, layout, level, &syms) == 1,
                      let sym = syms?.pointee else { continue }
                var masks = [xkb_mod_mask_t](repeating: 0, count: 8)
                let count = xkb_keymap_key_get_mods_for_level(core.keymap, keycode, layout, level, &masks, 8)
                // What we can press of each mask: a level a lock reaches (Num Lock's keypad
                // digits, Caps Lock's capitals) is then typed without pressing anything while
                // the lock is on. `KeyInjector.lookUp` keeps only positions that give `sym`
                // in the server's state, locks included.
                var pressed: [UInt32] = []
                for mask in masks.prefix(Int(count)).map({ $0 & Self.pressable }) where !pressed.contains(mask) {
                    pressed.append(mask)
                    positions[sym, default: []].append(KeyPosition(keycode: kc, modifiers: mask))
                }
            }
        }
        for key in positions.keys {
            positions[key]!.sort { ($0.modifiers.nonzeroBitCount, $0.keycode) < ($1.modifiers.nonzeroBitCount, $1.keycode) }
        }
        modifierKeycodes = Self.readModifierKeys(display: display, positions: positions)
        let numLockKey = positions[UInt32(XK_Num_Lock)]?.first?.keycode
        numLockMask = numLockKey.flatMap { key in modifierKeycodes.firstIndex(of: key) }.map { 1 << UInt32($0) } ?? 0
    }

    /// The keycode that sets each modifier bit: the modifier's usual key if it is in the
    /// modifier map (Shift_L, Control_L, Alt_L, Super_L, ISO_Level3_Shift), else the first.
    private static func readModifierKeys(display: Display, positions: [UInt32: [KeyPosition]]) -> [UInt8?] {
        var result: [UInt8?] = Array(repeating: nil, count: 8)
        guard let map = XGetModifierMapping(display.raw) else { return result }
        defer { XFreeModifiermap(map) }
        let per = Int(map.pointee.max_keypermod)
        let preferred: [Int32: [Int32]] = [
            ShiftMapIndex: [XK_Shift_L, XK_Shift_R], ControlMapIndex: [XK_Control_L, XK_Control_R],
            Mod1MapIndex: [XK_Alt_L, XK_Meta_L], Mod2MapIndex: [XK_Num_Lock], Mod4MapIndex: [XK_Super_L, XK_Super_R],
            Mod5MapIndex: [XK_ISO_Level3_Shift, XK_Mode_switch],
        ]
        for bit in 0..<8 {
            let codes = (0..<per).map { map.pointee.modifiermap[bit * per + $0] }.filter { $0 != 0 }
            let wanted = (preferred[Int32(bit)] ?? []).compactMap { positions[UInt32($0)]?.first?.keycode }
            result[bit] = codes.first { wanted.contains($0) } ?? codes.first
        }
        return result
    }

    /// Every way to type `sym` in the current group.
    func positions(of sym: ClavierCore.KeySym) -> [KeyPosition] { positions[sym.rawValue] ?? [] }

    /// The keycode whose XKB name is `name` (`AD01` …).
    func keycode(named name: String) -> UInt32? {
        guard let xkb else { return nil }
        let kc = xkb_keymap_key_by_name(xkb.keymap, name)
        return kc == XKB_KEYCODE_INVALID ? nil : kc
    }
}

extension Display {
    /// The device id of the core keyboard (`xkb_x11_get_core_keyboard_device_id`).
    var coreKeyboardID: Int32 { xkb_x11_get_core_keyboard_device_id(xcb) }

    /// The XTEST slave keyboard, whose map XTest key events are looked up in
    /// (`XIQueryDevice`).
    var xtestKeyboardID: Int32? {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(raw, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(devices) }
        for i in 0..<Int(count) where devices[i].use == XISlaveKeyboard {
            if String(cString: devices[i].name).containsText("XTEST") { return devices[i].deviceid }
        }
        return nil
    }

    func xkbKeymap(device: Int32) -> XKBKeymap? {
        guard device >= 0 else { return nil }
        return XKBKeymap(connection: xcb, device: device)
    }

    /// The modifier and group state of the core keyboard: as the `XkbStateNotify` events read
    /// so far left it while the keyboard's window reads events, else asked of the server
    /// (`XkbGetState`, a round trip: 0.03-0.06 ms that every typed key waited for).
    var keyboardState: KeyboardState {
        followedState ?? askedKeyboardState
    }

    /// The state from the server (`XkbGetState`).
    var askedKeyboardState: KeyboardState {
        var state = XkbStateRec()
        XkbGetState(raw, UInt32(XkbUseCoreKbd), &state)
        return KeyboardState(baseMods: UInt32(state.base_mods), latchedMods: UInt32(state.latched_mods),
                             lockedMods: UInt32(state.locked_mods), group: UInt32(state.group))
    }

    /// From now on `keyboardState` follows `XkbStateNotify` events instead of asking the
    /// server; for a connection whose events are all read (`KeyboardWindow.pendingEvents`).
    /// Asked once after selecting the events, so no change falls between the two.
    func followKeyboardState() {
        guard followedState == nil else { return }
        let details = UInt(XkbModifierBaseMask | XkbModifierLatchMask | XkbModifierLockMask | XkbGroupStateMask)
        XkbSelectEventDetails(raw, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), details, details)
        followedState = askedKeyboardState
    }

    /// Takes the state an `XkbStateNotify` event reports; says whether the group and the
    /// locked modifiers (Caps Lock, Num Lock) changed.
    func noteState(_ event: XkbStateNotifyEvent) -> (group: Bool, locks: Bool) {
        if followedState != nil {
            followedState = KeyboardState(baseMods: UInt32(event.base_mods), latchedMods: UInt32(event.latched_mods),
                                          lockedMods: UInt32(event.locked_mods), group: UInt32(event.group))
        }
        return (event.changed & UInt32(XkbGroupStateMask) != 0, event.changed & UInt32(XkbModifierLockMask) != 0)
    }
}
