import CXKBCommon
import ClavierCore

/// Keysyms by the names layouts may use.
public enum KeysymName {
    /// The keysym called `name`: Core's short names (`backspace`, `return` …), then, case-sensitively,
    /// whatever `xkb_keysym_from_name` takes: X11's names (`BackSpace`, `EuroSign`, `XF86AudioMute` …),
    /// `U20AC` or `U+20AC` for a Unicode scalar, and `0x1008ff12`.
    public static func lookup(_ name: String) -> KeySym? {
        if let sym = KeySym.names[name] { return sym }
        let value = xkb_keysym_from_name(xkbSpelling(of: name), XKB_KEYSYM_NO_FLAGS)
        // xkbcommon 1.5 takes any 32-bit 0x number; X keysyms have 29 bits.
        guard value != 0 /* NoSymbol */, value <= 0x1FFF_FFFF else { return nil }
        return KeySym(rawValue: value)
    }

    /// `name` as xkbcommon spells it: layouts have always written Unicode scalars `U+20AC`,
    /// which xkbcommon knows only as `U20AC`.
    private static func xkbSpelling(of name: String) -> String {
        let digits = name.dropFirst(2)
        // Only before hex digits, or `U+diaeresis` would become the keysym Udiaeresis.
        guard name.hasPrefix("U+"), !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return name }
        return "U" + digits
    }
}
