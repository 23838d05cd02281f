import CXKBCommon
import ClavierCore

/// The virtual keyboard's keymap, written by Clavier: every keysym it types has a keycode of
/// its own at the first level, so any character types with no borrowing and no Shift, in any
/// keymap the user has; the modifiers have keys of their own, sent as masks.
///
/// Keycodes stay within X's 8…255 (XWayland's clients read the same keymap); when they run
/// out, the keysym least recently typed gives its keycode up.
public struct WaylandKeymap {
    /// The modifier keys: their key name, keysym and real modifier.
    static let modifierKeys: [(key: String, sym: String, modifier: String)] = [
        ("LFSH", "Shift_L", "Shift"), ("LCTL", "Control_L", "Control"), ("LALT", "Alt_L", "Mod1"),
        ("LWIN", "Super_L", "Mod4"), ("RALT", "ISO_Level3_Shift", "Mod5"),
    ]
    static let firstCode: UInt32 = 9 + UInt32(modifierKeys.count)
    static let lastCode: UInt32 = 255
    /// How many keysyms have keys at once (the modifiers' keys aside).
    public static let capacity = Int(lastCode - firstCode + 1)

    private(set) var codes: [KeySym: UInt32] = [:]
    private var used: [UInt32: Int] = [:]
    private var uses = 0

    public init() {}

    /// The XKB keycode `sym` types with, giving it one (the keymap changed: `true`) if it has none.
    public mutating func code(for sym: KeySym) -> (code: UInt32, changed: Bool) {
        uses += 1
        if let code = codes[sym] {
            used[code] = uses
            return (code, false)
        }
        var code = Self.firstCode + UInt32(codes.count)
        if code > Self.lastCode, let oldest = used.min(by: { $0.value < $1.value })?.key {
            code = oldest
            codes = codes.filter { $0.value != oldest }
        }
        codes[sym] = code
        used[code] = uses
        return (code, true)
    }

    /// Gives keycodes to every keysym of `syms` that has none (a layout's keys, before its first key).
    public mutating func add(_ syms: some Sequence<KeySym>) -> Bool {
        var changed = false
        for sym in syms where codes[sym] == nil && Self.firstCode + UInt32(codes.count) <= Self.lastCode {
            changed = code(for: sym).changed || changed
        }
        return changed
    }

    /// The real modifiers' mask for `modifiers` (AltGr picks no level here: every keysym is on the first).
    public static func mask(_ modifiers: ModifierSet) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) { mask |= 1 }
        if modifiers.contains(.control) { mask |= 4 }
        if modifiers.contains(.alt) { mask |= 8 }
        if modifiers.contains(.super) { mask |= 64 }
        return mask
    }

    /// The keymap in XKB's text form, as the virtual keyboard uploads it.
    public var text: String {
        var keycodes = "xkb_keycodes \"clavier\" {\n  minimum = 8;\n  maximum = \(Self.lastCode);\n"
        var symbols = "xkb_symbols \"clavier\" {\n"
        for (index, modifier) in Self.modifierKeys.enumerated() {
            keycodes += "  <\(modifier.key)> = \(9 + index);\n"
            symbols += "  key <\(modifier.key)> { [ \(modifier.sym) ] };\n  modifier_map \(modifier.modifier) { <\(modifier.key)> };\n"
        }
        for (sym, code) in codes.sorted(by: { $0.value < $1.value }) {
            keycodes += "  <I\(code)> = \(code);\n"
            symbols += "  key <I\(code)> { [ \(Self.name(sym)) ] };\n"
        }
        return "xkb_keymap {\n\(keycodes)};\nxkb_types \"clavier\" { include \"complete\" };\n"
            + "xkb_compatibility \"clavier\" { include \"complete\" };\n\(symbols)};\n};\n"
    }

    /// The keysym's XKB name (`a`, `EuroSign`, `U1F600`); a number where it has none.
    static func name(_ sym: KeySym) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(sym.rawValue, &buffer, buffer.count) > 0 else { return "0x" + String(sym.rawValue, radix: 16) }
        return String(cBuffer: buffer)
    }
}
