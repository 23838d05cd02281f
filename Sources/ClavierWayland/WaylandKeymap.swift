import CXKBCommon
import ClavierCore

/// The virtual keyboard's keymap, written by Clavier: every keysym it types has a key, so any
/// character types with no borrowing, in any keymap the user has; the modifiers have keys of
/// their own, sent as masks.
///
/// A keysym the standard keymap has (Return, BackSpace, the arrows, `us`'s characters…) is on
/// its standard key, at its level there (a capital: its letter's key with Shift), so that a
/// keymap the compositor puts in place of this one still reads it right (`StandardKeys`); every
/// other keysym is alone at the first level of a spare keycode. Keycodes stay within X's
/// 8…255 (XWayland's clients read the same keymap); when the spare ones run out, the keysym
/// least recently typed gives its keycode up.
public struct WaylandKeymap {
    /// How many keysyms off the standard keys have keys at once.
    public static let capacity = StandardKeys.spare.count

    /// The standard keys in the keymap, by keycode (the modifiers' always are).
    private(set) var standard = Set(StandardKeys.modifiers.map(\.code))
    /// The other keysyms' spare keycodes.
    private(set) var codes: [KeySym: UInt32] = [:]
    private var used: [UInt32: Int] = [:]
    private var uses = 0

    public init() {}

    /// The XKB keycode `sym` types with, giving it one (the keymap changed: `true`) if it has none.
    public mutating func code(for sym: KeySym) -> (code: UInt32, changed: Bool) {
        if let key = StandardKeys.key(for: sym) { return (key.code, standard.insert(key.code).inserted) }
        uses += 1
        if let code = codes[sym] {
            used[code] = uses
            return (code, false)
        }
        var code: UInt32
        if codes.count < Self.capacity {
            code = StandardKeys.spare[codes.count]
        } else {
            code = used.min(by: { $0.value < $1.value })!.key
            codes = codes.filter { $0.value != code }
        }
        codes[sym] = code
        used[code] = uses
        return (code, true)
    }

    /// Gives keycodes to every keysym of `syms` that has none, while spare ones are left (a
    /// layout's keys, before its first key).
    public mutating func add(_ syms: some Sequence<KeySym>) -> Bool {
        var changed = false
        for sym in syms where codes[sym] == nil && (StandardKeys.key(for: sym) != nil || codes.count < Self.capacity) {
            changed = code(for: sym).changed || changed
        }
        return changed
    }

    /// The real modifiers' mask for `sym` typed with `modifiers`: with Shift when its key types
    /// it at the Shift level (AltGr picks no level here). The real modifiers' masks are the same
    /// in every keymap, so they hold under one the compositor put in place of this one.
    public static func mask(_ modifiers: ModifierSet, for sym: KeySym) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) || StandardKeys.key(for: sym)?.shifted == true { mask |= 1 }
        if modifiers.contains(.control) { mask |= 4 }
        if modifiers.contains(.alt) { mask |= 8 }
        if modifiers.contains(.super) { mask |= 64 }
        return mask
    }

    /// The keymap in XKB's text form, as the virtual keyboard uploads it.
    public var text: String {
        var keycodes = "xkb_keycodes \"clavier\" {\n  minimum = 8;\n  maximum = 255;\n"
        var symbols = "xkb_symbols \"clavier\" {\n"
        for code in standard.sorted() {
            let syms = StandardKeys.keys[code] ?? []
            let type = syms.count > 1 ? "type = \"TWO_LEVEL\", " : ""
            keycodes += "  <I\(code)> = \(code);\n"
            symbols += "  key <I\(code)> { \(type)[ \(syms.map { Self.name(KeySym(rawValue: $0)) }.joined(separator: ", ")) ] };\n"
        }
        for modifier in StandardKeys.modifiers {
            symbols += "  modifier_map \(modifier.modifier) { <I\(modifier.code)> };\n"
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
