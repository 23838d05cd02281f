/// What kiosk mode lets the keyboard type: an allow-list of what a kiosk needs (printable
/// characters, dead keys, editing and navigation keys, Return, Tab and Escape, at their Shift
/// and AltGr levels) and nothing else. A deny-list cannot keep up with what keymaps bind:
/// Terminate_Server (0xFED5) zaps the X server, XF86ClearGrab breaks grabs, XF86Terminal and
/// the other launcher keysyms start programs, Ctrl+Alt+Fn switches virtual terminal, and a
/// keysym's level can bring Ctrl+Alt along with it (XF86ClearGrab sits at Ctrl+Alt+KP_Multiply).
public enum Kiosk {
    /// The modifiers a kiosk types with: Shift and AltGr levels. Ctrl, Alt and Super start
    /// the shortcuts of window managers, browsers and terminals that leave the kiosk.
    public static let allowedModifiers: ModifierSet = [.shift, .altGr]

    /// The function-range keysyms (0xFFxx, 0xFExx) a kiosk needs: editing, navigation,
    /// Return, Tab (and ISO_Left_Tab, Shift+Tab), Escape, and the keypad's characters.
    static let allowedFunctionKeys: Set<UInt32> = [
        0xFF08, 0xFF09, 0xFF0D, 0xFF1B, 0xFFFF,  // BackSpace, Tab, Return, Escape, Delete
        0xFF50, 0xFF51, 0xFF52, 0xFF53, 0xFF54, 0xFF55, 0xFF56, 0xFF57, 0xFF58,  // Home … End, Begin
        0xFF63,  // Insert
        0xFE20,  // ISO_Left_Tab
        0xFF80, 0xFF8D,  // KP_Space, KP_Enter
        0xFFAA, 0xFFAB, 0xFFAC, 0xFFAD, 0xFFAE, 0xFFAF, 0xFFBD,  // KP_Multiply … KP_Divide, KP_Equal
    ]

    /// The dead keys (accents typed in two steps), by name as xkbcommon-keysyms.h has them: by
    /// name, not by range, for 0xFE70–0xFE7A among them are AccessX_Enable, SlowKeys_Enable,
    /// StickyKeys_Enable, MouseKeys_Enable and their kin, which change the whole server
    /// (SlowKeys on, a kiosk keyboard types nothing).
    public static let deadKeys: [String: UInt32] = [
        "dead_grave": 0xFE50, "dead_acute": 0xFE51, "dead_circumflex": 0xFE52, "dead_tilde": 0xFE53, "dead_macron": 0xFE54,
        "dead_breve": 0xFE55, "dead_abovedot": 0xFE56, "dead_diaeresis": 0xFE57, "dead_abovering": 0xFE58,
        "dead_doubleacute": 0xFE59, "dead_caron": 0xFE5A, "dead_cedilla": 0xFE5B, "dead_ogonek": 0xFE5C, "dead_iota": 0xFE5D,
        "dead_voiced_sound": 0xFE5E, "dead_semivoiced_sound": 0xFE5F, "dead_belowdot": 0xFE60, "dead_hook": 0xFE61,
        "dead_horn": 0xFE62, "dead_stroke": 0xFE63, "dead_abovecomma": 0xFE64, "dead_abovereversedcomma": 0xFE65,
        "dead_doublegrave": 0xFE66, "dead_belowring": 0xFE67, "dead_belowmacron": 0xFE68, "dead_belowcircumflex": 0xFE69,
        "dead_belowtilde": 0xFE6A, "dead_belowbreve": 0xFE6B, "dead_belowdiaeresis": 0xFE6C, "dead_invertedbreve": 0xFE6D,
        "dead_belowcomma": 0xFE6E, "dead_currency": 0xFE6F,
        "dead_a": 0xFE80, "dead_A": 0xFE81, "dead_e": 0xFE82, "dead_E": 0xFE83, "dead_i": 0xFE84, "dead_I": 0xFE85,
        "dead_o": 0xFE86, "dead_O": 0xFE87, "dead_u": 0xFE88, "dead_U": 0xFE89, "dead_small_schwa": 0xFE8A,
        "dead_capital_schwa": 0xFE8B, "dead_greek": 0xFE8C, "dead_lowline": 0xFE90, "dead_aboveverticalline": 0xFE91,
        "dead_belowverticalline": 0xFE92, "dead_longsolidusoverlay": 0xFE93,
    ]
    private static let deadKeyValues = Set(deadKeys.values)

    /// Whether `sym` types a character or is an editing or navigation key: what a kiosk needs.
    public static func allowsKeysym(_ sym: KeySym) -> Bool {
        let raw = sym.rawValue
        switch raw {
        case 0x20...0x7E, 0xA0...0xFF: return true  // Latin-1
        case 0x100...0x13FF, 0x20A0...0x20AC: return true  // legacy character sets, currency
        case 0xFFB0...0xFFB9: return true  // KP_0 … KP_9
        case 0x0100_0000...0x0110_FFFF:
            // Unicode keysyms: characters, never control codes.
            guard let scalar = sym.scalar else { return false }
            return scalar.properties.generalCategory != .control
        default: return allowedFunctionKeys.contains(raw) || deadKeyValues.contains(raw)
        }
    }

    /// Whether kiosk mode lets `sym` be typed with `modifiers` held: the modifiers the user
    /// latched together with those its level needs on the keymap, as the key event will
    /// really be sent.
    public static func allows(_ sym: KeySym, modifiers: ModifierSet) -> Bool {
        allowsKeysym(sym) && allowedModifiers.isSuperset(of: modifiers)
    }

    /// Why kiosk mode would refuse what `action` types, for `clavier check --kiosk`; nil
    /// when it would type it. `written` names a keysym as the layout wrote it.
    public static func refusal(of action: KeyAction, written: String? = nil) -> String? {
        switch action {
        case .key(let sym) where !allowsKeysym(sym):
            let name = written.map { "'\($0)'" } ?? "0x" + String(sym.rawValue, radix: 16)
            return "kiosk mode never types keysym \(name) (only characters, editing and navigation keys, Return, Tab and Escape)"
        case .text(let text):
            guard let bad = text.unicodeScalars.first(where: { !allowsKeysym(KeySym(scalar: $0)) }) else { return nil }
            return "kiosk mode never types U+\(String(bad.value, radix: 16, uppercase: true)), a control character"
        case .modifier(let modifier) where ![.shift, .altgr].contains(modifier):
            return "kiosk mode never types with \(modifier.rawValue): only shift and altgr levels"
        default:
            return nil
        }
    }
}
