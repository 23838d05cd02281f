import CXKBCommon
import ClavierCore
import ClavierWayland
import Testing

/// The virtual keyboard's keymap Clavier writes: xkbcommon (what every client reads it with)
/// compiles it; a keysym the standard keymap has is on its standard key, at its level there,
/// so a keymap the compositor puts in its place reads it right (issue 51); every other keysym
/// is alone on a keycode no standard key has, and when those run out the keysym typed longest
/// ago gives its key up.
struct KeymapTests {
    /// The keysyms `keymap` has at `level` of the first group, by keycode.
    static func syms(of keymap: OpaquePointer, level: UInt32 = 0) -> [UInt32: UInt32] {
        var syms: [UInt32: UInt32] = [:]
        for code in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            var found: UnsafePointer<xkb_keysym_t>?
            if xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &found) == 1, let found { syms[code] = found[0] }
        }
        return syms
    }

    /// The keysyms `text` compiles to at `level`, by keycode.
    static func compiled(_ text: String, level: UInt32 = 0) -> [UInt32: UInt32]? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return nil }
        defer { xkb_keymap_unref(keymap) }
        return syms(of: keymap, level: level)
    }

    /// The keysyms xkeyboard-config's `layout` (evdev, pc105) has at `level`, by keycode.
    static func standard(_ layout: String, level: UInt32 = 0) -> [UInt32: UInt32]? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        let keymap: OpaquePointer? = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layout in
                    "".withCString { empty in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: empty, options: empty)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap else { return nil }
        defer { xkb_keymap_unref(keymap) }
        return syms(of: keymap, level: level)
    }

    static let a = KeySym(rawValue: 0x61), capitalA = KeySym(rawValue: 0x41), c = KeySym(rawValue: 0x63)
    static let exclamation = KeySym(rawValue: 0x21), home = KeySym(rawValue: 0xFF50), f5 = KeySym(rawValue: 0xFFC2)
    static let controlL = KeySym(rawValue: 0xFFE3)
    /// The keysyms that have standard keys, typed plain.
    static let plainStandard: [KeySym] = [.return, .backSpace, .tab, .escape, .space, .left, .right, .up, .down, .delete, home, f5, a, c, controlL]

    @Test func theKeysTheStandardKeymapHasAreOnTheirStandardKeysAtTheirLevels() throws {
        var keymap = WaylandKeymap()
        var codes: [KeySym: UInt32] = [:]
        for sym in Self.plainStandard + [Self.capitalA, Self.exclamation] {
            let (code, changed) = keymap.code(for: sym)
            // The modifiers' keys are always there; A is on a's key.
            #expect(changed == (sym != Self.controlL && sym != Self.capitalA), "\(sym)")
            codes[sym] = code
        }
        // xkeyboard-config's numbers: Return 36, BackSpace 22, Tab 23, Escape 9, space 65, Left 113, a 38, c 54, left Ctrl 37.
        #expect(codes[.return] == 36 && codes[.backSpace] == 22 && codes[.tab] == 23 && codes[.escape] == 9 && codes[.space] == 65)
        #expect(codes[.left] == 113 && codes[Self.a] == 38 && codes[Self.c] == 54 && codes[Self.controlL] == 37)
        // A capital is its letter's key with Shift, ! the 1's: Shift goes with them, not with the plain ones.
        #expect(codes[Self.capitalA] == 38 && codes[Self.exclamation] == 10)
        #expect(WaylandKeymap.mask([], for: Self.capitalA) == 1 && WaylandKeymap.mask([.control], for: Self.exclamation) == 5)
        #expect(WaylandKeymap.mask([], for: Self.a) == 0 && WaylandKeymap.mask([.control], for: Self.c) == 4)
        // Typed again: no change.
        let again = (keymap.code(for: .return), keymap.code(for: Self.capitalA))
        #expect(again.0 == (36, false) && again.1 == (38, false))
        // Clavier's keymap and xkeyboard-config's us and de (a replaced Latin keymap) read each the same.
        let plain = try #require(Self.compiled(keymap.text), "xkbcommon cannot compile:\n\(keymap.text)")
        let shifted = try #require(Self.compiled(keymap.text, level: 1))
        for layout in ["us", "de"] {
            let standard = try #require(Self.standard(layout), "xkeyboard-config has no \(layout)")
            for sym in Self.plainStandard {
                #expect(plain[codes[sym]!] == sym.rawValue && standard[codes[sym]!] == sym.rawValue, "\(sym) under \(layout)")
            }
        }
        #expect(shifted[38] == Self.capitalA.rawValue && shifted[10] == Self.exclamation.rawValue)
        #expect(try #require(Self.standard("us", level: 1))[10] == Self.exclamation.rawValue)
        // Under ru and el, the control keys still read right.
        for layout in ["ru", "gr"] {
            let standard = try #require(Self.standard(layout))
            for sym in [KeySym.return, .backSpace, .tab, .escape, .space, .left, .delete, Self.controlL] {
                #expect(standard[codes[sym]!] == sym.rawValue, "\(sym) under \(layout)")
            }
        }
    }

    /// What a standard keymap must not read another keysym's keycode as: a key that types, a
    /// control key, a modifier or lock, or a key that powers off, sleeps or cuts the radio.
    static func harmful(_ sym: UInt32) -> Bool {
        var buffer = [CChar](repeating: 0, count: 16)
        let types = xkb_keysym_to_utf8(sym, &buffer, buffer.count) > 1
        let control: ClosedRange<UInt32> = 0xFF08...0xFF1B, navigation: ClosedRange<UInt32> = 0xFF50...0xFF58
        let modifiers: ClosedRange<UInt32> = 0xFFE1...0xFFEE, levels: ClosedRange<UInt32> = 0xFE01...0xFE13
        let power: Set<UInt32> = [0x1008_FF2A, 0x1008_FF2F, 0x1008_FFA7, 0x1008_FFB5, 0x1008_FF10, 0xFF7E, 0xFF7F, 0xFF14, 0xFFFF, 0xFF63]
        return types || control.contains(sym) || navigation.contains(sym) || modifiers.contains(sym) || levels.contains(sym) || power.contains(sym)
    }

    @Test func everyOtherKeysymIsAloneOnAKeycodeNoStandardKeyTypesOn() throws {
        var keymap = WaylandKeymap()
        let euro = KeySym(scalar: "€"), grin = KeySym(scalar: "😀"), yo = KeySym(scalar: "ё"), capitalYo = KeySym(scalar: "Ё")
        let syms = [euro, grin, yo, capitalYo]
        var codes: [UInt32] = []
        for sym in syms {
            let (code, changed) = keymap.code(for: sym)
            #expect(changed)
            codes.append(code)
        }
        #expect(Set(codes).count == syms.count)
        let euroAgain = keymap.code(for: euro)
        #expect(euroAgain == (codes[0], false))
        let compiled = try #require(Self.compiled(keymap.text), "xkbcommon cannot compile:\n\(keymap.text)")
        #expect(compiled[codes[0]] == euro.rawValue || compiled[codes[0]] == 0x20AC, "€ is \(String(describing: compiled[codes[0]]))")
        #expect(compiled[codes[1]] == grin.rawValue)
        // Capitals off the standard keys are keys of their own, typed without Shift.
        #expect(compiled[codes[3]] != nil && compiled[codes[3]] != compiled[codes[2]] && WaylandKeymap.mask([], for: capitalYo) == 0)
        // The modifiers' own keys are there for the masks the modifiers request sends.
        #expect(compiled[50] == 0xFFE1 && compiled[37] == 0xFFE3)
        // All the spare keycodes, none of them a key that types, controls or modifies on a standard keymap.
        var spare = WaylandKeymap()
        let all = (0..<WaylandKeymap.capacity).map { spare.code(for: KeySym(rawValue: 0x0100_4E00 + UInt32($0))).code }
        #expect(Set(all).count == WaylandKeymap.capacity && all.allSatisfy { (9...255).contains($0) })
        for layout in ["us", "ru", "gr", "de", "fr", "ara", "il", "jp"] {
            let standard = try #require(Self.standard(layout), "xkeyboard-config has no \(layout)")
            let read = all.compactMap { code in standard[code].map { (code, $0) } }.filter { Self.harmful($0.1) }
            #expect(read.isEmpty, "under \(layout) these spare keycodes type or control: \(read)")
        }
        // The first sixteen have no keysym under any of them.
        for layout in ["us", "ru", "gr"] {
            let standard = try #require(Self.standard(layout))
            #expect(all.prefix(16).allSatisfy { standard[$0] == nil }, "\(layout)")
        }
    }

    @Test func theKeysymTypedLongestAgoGivesItsKeyUpWhenTheyRunOut() throws {
        var keymap = WaylandKeymap()
        let syms = (0..<300).map { KeySym(rawValue: 0x0100_4E00 + UInt32($0)) }  // CJK ideographs
        var codes: [UInt32] = []
        let capacity = WaylandKeymap.capacity
        for sym in syms.prefix(capacity) { codes.append(keymap.code(for: sym).code) }
        #expect(capacity > 100 && Set(codes).count == capacity)
        // The standard keys keep theirs whatever the others do.
        let standard = (keymap.code(for: .return).code, keymap.code(for: Self.a).code)
        #expect(standard == (36, 38))
        _ = keymap.code(for: syms[0])  // typed again: now the most recent
        let next = keymap.code(for: syms[capacity])
        #expect(next.changed && next.code == codes[1], "the longest unused is the second")
        let first = keymap.code(for: syms[0]), returnAgain = keymap.code(for: .return)
        #expect(first == (codes[0], false) && returnAgain == (36, false))
        let compiled = try #require(Self.compiled(keymap.text))
        #expect(compiled[codes[1]] == syms[capacity].rawValue && compiled[36] == KeySym.return.rawValue)
        // A layout's keys, added before its first key, take no spare keycode in use.
        var prepared = WaylandKeymap()
        for sym in syms.prefix(capacity - 1) { _ = prepared.code(for: sym) }
        let added = prepared.add([.return, syms[capacity], syms[capacity + 1]])
        let last = prepared.code(for: syms[capacity]), beyond = prepared.code(for: syms[capacity + 1])
        #expect(added && !last.changed && beyond.changed, "the last spare keycode went to the first; the next is given at its press")
    }
}
