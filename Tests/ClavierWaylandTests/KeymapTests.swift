import CXKBCommon
import ClavierCore
import ClavierWayland
import Testing

/// The virtual keyboard's keymap Clavier writes: xkbcommon (what every client reads it with)
/// compiles it, each keysym is on its own key at the first level, and when the keycodes run
/// out the keysym typed longest ago gives its key up.
struct KeymapTests {
    /// The keysyms `text` compiles to, by keycode.
    static func compiled(_ text: String) -> [UInt32: UInt32]? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return nil }
        defer { xkb_keymap_unref(keymap) }
        var syms: [UInt32: UInt32] = [:]
        for code in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            var found: UnsafePointer<xkb_keysym_t>?
            if xkb_keymap_key_get_syms_by_level(keymap, code, 0, 0, &found) == 1, let found { syms[code] = found[0] }
        }
        return syms
    }

    @Test func everyKeysymTypesFromItsOwnKey() throws {
        var keymap = WaylandKeymap()
        let euro = KeySym(scalar: "€"), grin = KeySym(scalar: "😀"), a = KeySym(scalar: "a")
        let first = keymap.code(for: a), second = keymap.code(for: euro), third = keymap.code(for: grin)
        #expect(first.changed && second.changed && third.changed)
        #expect(keymap.code(for: euro) == (second.code, false))
        let syms = try #require(Self.compiled(keymap.text), "xkbcommon cannot compile:\n\(keymap.text)")
        #expect(syms[first.code] == a.rawValue)
        #expect(syms[second.code] == euro.rawValue || syms[second.code] == 0x20AC, "€ is \(String(describing: syms[second.code]))")
        #expect(syms[third.code] == grin.rawValue)
        // The modifiers' own keys are there for the masks the modifiers request sends.
        #expect(syms.values.contains(0xFFE1) && syms.values.contains(0xFFE3))
    }

    @Test func theKeysymTypedLongestAgoGivesItsKeyUpWhenTheyRunOut() throws {
        var keymap = WaylandKeymap()
        let syms = (0..<300).map { KeySym(rawValue: 0x0100_4E00 + UInt32($0)) }  // CJK ideographs
        var codes: [UInt32] = []
        let capacity = WaylandKeymap.capacity
        for sym in syms.prefix(capacity) { codes.append(keymap.code(for: sym).code) }
        #expect(capacity == 242 && Set(codes).count == capacity && codes.max()! == 255)
        _ = keymap.code(for: syms[0])  // typed again: now the most recent
        let next = keymap.code(for: syms[capacity])
        #expect(next.changed && next.code == codes[1], "the longest unused is the second")
        #expect(keymap.code(for: syms[0]) == (codes[0], false))
        #expect(Self.compiled(keymap.text) != nil)
    }
}
