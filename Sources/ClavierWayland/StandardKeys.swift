import ClavierCore

/// The keys of the standard keymap (xkeyboard-config's evdev keycodes, `pc105`, `us`) that
/// Clavier's virtual keyboard types on at their own keycodes, and the keycodes it may give
/// every other keysym.
///
/// A compositor may put its own keymap in place of the one Clavier uploads (sway 1.7 does at
/// `input type:keyboard xkb_layout ru`, or `input * xkb_layout …` in a user's config). The
/// keycodes Clavier sends are then read with that keymap: at their standard places, Return,
/// BackSpace, the arrows and the modifiers read right under any layout, and Ctrl+C stays
/// Ctrl+C under a Latin one; every other keysym is on a keycode no standard key (nor a lock, a
/// modifier or a power, radio or screen key) has, so a replaced keymap reads it as nothing, or
/// at worst as a harmless extra key.
enum StandardKeys {
    struct Key: Equatable {
        /// The XKB keycode.
        var code: UInt32
        /// Whether the keysym is at its key's Shift level (the key types it with Shift held).
        var shifted: Bool
    }

    /// The keys by keycode: their plain keysym and, for two-level keys, their Shift level's.
    static let keys: [UInt32: [UInt32]] = {
        var keys: [UInt32: [UInt32]] = [:]
        // The main block as `us` has it: each row's plain characters and their Shift level's.
        let rows: [(first: UInt32, plain: String, shifted: String)] = [
            (10, "1234567890-=", "!@#$%^&*()_+"), (24, "qwertyuiop[]", "QWERTYUIOP{}"),
            (38, "asdfghjkl;'`", "ASDFGHJKL:\"~"), (51, "\\zxcvbnm,./", "|ZXCVBNM<>?"),
        ]
        for row in rows {
            for (index, (plain, shifted)) in zip(row.plain.unicodeScalars, row.shifted.unicodeScalars).enumerated() {
                keys[row.first + UInt32(index)] = [plain.value, shifted.value]
            }
        }
        keys[65] = [0x20]  // space
        let named: [(code: UInt32, syms: [UInt32])] = [
            (9, [0xFF1B]), (22, [0xFF08]), (23, [0xFF09, 0xFE20]), (36, [0xFF0D]),  // Escape, BackSpace, Tab/ISO_Left_Tab, Return
            (110, [0xFF50]), (111, [0xFF52]), (112, [0xFF55]), (113, [0xFF51]), (114, [0xFF53]),  // Home Up Prior Left Right
            (115, [0xFF57]), (116, [0xFF54]), (117, [0xFF56]), (118, [0xFF63]), (119, [0xFFFF]),  // End Down Next Insert Delete
            (104, [0xFF8D]), (107, [0xFF61]), (127, [0xFF13]), (135, [0xFF67]),  // KP_Enter Print Pause Menu
            (121, [0x1008_FF12]), (122, [0x1008_FF11]), (123, [0x1008_FF13]),  // XF86AudioMute, LowerVolume, RaiseVolume
            (171, [0x1008_FF17]), (172, [0x1008_FF14]), (173, [0x1008_FF16]),  // XF86AudioNext, Play, Prev
        ] + modifiers.map { ($0.code, [$0.sym]) }
        for key in named { keys[key.code] = key.syms }
        // F1 … F12 (F13 and up: xkeyboard-config gives their keycodes XF86 keysyms instead).
        for index in UInt32(0)..<12 { keys[index < 10 ? 67 + index : 85 + index] = [0xFFBE + index] }
        return keys
    }()

    /// The modifiers' keys, each with its keysym and real modifier: left Shift, Ctrl, Alt,
    /// Super, and right Alt as AltGr.
    static let modifiers: [(code: UInt32, sym: UInt32, modifier: String)] = [
        (50, 0xFFE1, "Shift"), (37, 0xFFE3, "Control"), (64, 0xFFE9, "Mod1"), (133, 0xFFEB, "Mod4"), (108, 0xFE03, "Mod5"),
    ]

    private static let byKeysym: [UInt32: Key] = {
        var table: [UInt32: Key] = [:]
        for (code, syms) in keys {
            for (level, sym) in syms.enumerated() { table[sym] = Key(code: code, shifted: level == 1) }
        }
        return table
    }()

    /// The standard key of `sym`, nil when it has none.
    static func key(for sym: KeySym) -> Key? { byKeysym[sym.rawValue] }

    /// The keycodes the other keysyms take, in order. First those no standard keymap gives a
    /// keysym (xkeyboard-config's `us`, `ru`, `gr`, `de`, `fr`, `ara`, `il`, `jp`, `kr`, `cn`,
    /// `th`, `in`, `ua`, `by`, `bg`: unused by all), then those of keys that start programs or
    /// switch input modes, last those of the keypad's digits (arrows without Num Lock), of keys
    /// that play media or edit (Undo, Cut…); never a standard key's above, one that types a
    /// character on a standard keymap (the keypad's operators, the 102nd key, jp's extra keys),
    /// a lock's, a modifier's, or that of a key that powers, suspends, dims or cuts the radio (a
    /// replaced keymap must not read a letter as one), nor 8 (evdev's KEY_RESERVED).
    static let spare: [UInt32] = {
        let unused: [UInt32] = [93, 103, 120, 149, 154, 168, 178, 183, 184, 197, 202, 217, 219, 222, 230, 248]
        let last: [UInt32] = [
            79, 80, 81, 83, 84, 85, 87, 88, 89, 90, 91,  // the keypad's digits (its arrows, Home… without Num Lock)
            174, 175, 176, 198, 199, 200, 201, 208, 209, 215, 216, 218,  // media, microphone, touchpad, Print
            136, 137, 139, 141, 142, 143, 144, 145, 146, 153, 166, 167, 181, 182, 185, 186, 189, 190, 214, 231, 239, 240, 241, 242,
        ]
        let never: Set<UInt32> = [
            66, 77, 78,  // Caps, Num and Scroll Lock
            63, 82, 86, 94, 97, 106, 109, 125, 126, 129, 132, 187, 188,  // keys that type: KP_Multiply…, <>, jp's ro, Linefeed, yen, ( )
            62, 92, 105, 134, 203, 204, 205, 206, 207,  // right Shift, Level3, right Ctrl, right Super, Mode_switch, Alt, Meta, Super, Hyper
            124, 150, 151, 160, 169, 170, 213,  // PowerOff, Sleep, WakeUp, ScreenSaver, Eject ×2, Suspend
            232, 233, 235, 236, 237, 238, 244, 245, 246, 247, 251, 252, 253, 254, 255,  // brightness, display, battery, radios
        ]
        let rest = (UInt32(9)...255).filter { !unused.contains($0) && !last.contains($0) && !never.contains($0) && keys[$0] == nil }
        return unused + rest + last
    }()
}
