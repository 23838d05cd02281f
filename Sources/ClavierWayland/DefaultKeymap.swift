import CXKBCommon
import ClavierCore

/// What the XKB-named keys (`AD01` …: the `pc` and `xkb` layouts) produce on Wayland, where
/// no server keymap can be read from another client: the keymap XKB's defaults make
/// (`$XKB_DEFAULT_LAYOUT`, `$XKB_DEFAULT_VARIANT`…, as sway and labwc read them for their
/// keyboards; else `us`), each key's four levels as Shift and AltGr pick them.
public enum DefaultKeymap {
    public static func liveKeys(named names: Set<String>) -> [String: LiveKey] {
        guard !names.isEmpty, let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return [:] }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return [:] }
        defer { xkb_keymap_unref(keymap) }
        var keys: [String: LiveKey] = [:]
        for name in names {
            let code = xkb_keymap_key_by_name(keymap, name)
            guard code != XKB_KEYCODE_INVALID else { continue }
            let levels = xkb_keymap_num_levels_for_key(keymap, code, 0)
            func sym(_ level: UInt32) -> KeySym? {
                guard level < levels else { return nil }
                var syms: UnsafePointer<xkb_keysym_t>?
                guard xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms) == 1, let syms else { return nil }
                return KeySym(rawValue: syms[0])
            }
            func text(_ sym: KeySym?) -> String? {
                guard let sym else { return nil }
                var buffer = [CChar](repeating: 0, count: 16)
                guard xkb_keysym_to_utf8(sym.rawValue, &buffer, buffer.count) > 1 else { return nil }
                return String(cBuffer: buffer)
            }
            let base = sym(0), shifted = sym(1), third = sym(2), fourth = sym(3)
            keys[name] = LiveKey(base: base, shifted: shifted, baseText: text(base), shiftedText: text(shifted),
                                 altGr: third, shiftedAltGr: fourth, altGrText: text(third), shiftedAltGrText: text(fourth))
        }
        return keys
    }
}
