import CWaylandHost
import CXKBCommon
import ClavierCore

/// Types on KDE Plasma as KWin's input method (issue 49): KWin gives the process it starts
/// with `--inputmethod` input-method-v1 and fake input, and no virtual keyboard. A character
/// (no modifier but Shift or AltGr) goes into the focused field as text, input-method-v1's
/// `commit_string`: exactly what the key says, whatever KWin's keymap. Every other key
/// (BackSpace, Return, arrows, Tab, Esc, shortcuts, and every key of the `pc` layouts) goes
/// through fake input as the evdev key KWin's keymap gives that keysym (`KWinKeys`), with its
/// modifiers' keys held around it; without fake input, BackSpace, Return and the arrows go as
/// input-method-v1 keysyms, which KWin hands a text-input-v3 field.
///
/// Started by hand (KWin did not start it: no input-method-v1), every key goes through fake
/// input, characters included; a character KWin's keymap lacks is not typed, said once.
public final class KWinTypist {
    private let connection: WaylandConnection
    private let keys = KWinKeys()
    /// What may be typed, with the modifiers it is sent with (kiosk mode's filter); nil: anything.
    private let allow: (@Sendable (KeySym, ModifierSet) -> Bool)?
    /// Characters go as keys too (the `pc` layouts: keys, not text).
    public var keysOnly = false

    /// Called when, started by hand, a key is not typed for want of it in KWin's keymap.
    public var missing: (() -> Void)?

    /// The typist when `connection` is KWin's input method (it offers input-method-v1) or KWin
    /// gave fake input to Clavier started by hand, else nil.
    public init?(connection: WaylandConnection, allow: (@Sendable (KeySym, ModifierSet) -> Bool)?) {
        guard connection.isKWinInputMethod || connection.hasKWinFakeInput else { return nil }
        self.connection = connection
        self.allow = allow
    }

    /// Whether KWin started Clavier as its input method (else it types through fake input alone).
    public var isInputMethod: Bool { connection.isKWinInputMethod }

    /// Waits until KWin has taken what was typed.
    public func roundtrip() { connection.roundtrip() }

    /// The one line said at start: how this typist types and what it cannot.
    public var way: String {
        guard connection.isKWinInputMethod else {
            return "typing through KWin's fake input (Clavier is not KWin's input method here): every key as a key of KWin's keymap; a character it lacks is not typed"
        }
        return clv_kwin_has_fake_input(connection.raw) != 0
            ? "typing as KWin's input method: text through input-method-v1, other keys through KWin's fake input"
            : "typing as KWin's input method: text through input-method-v1; KWin gave no fake input, so only BackSpace, Return and the arrows go as keys (no Tab, Esc or shortcuts)"
    }

    /// Types `keys` in order; true when anything was typed.
    @discardableResult
    public func type(_ keys: [(sym: KeySym, modifiers: ModifierSet)]) -> Bool {
        var typed = false
        for key in keys where type(key.sym, modifiers: key.modifiers) { typed = true }
        return typed
    }

    /// Types `sym` with `modifiers` held; false when the filter refused it or nothing can type it.
    @discardableResult
    public func type(_ sym: KeySym, modifiers: ModifierSet) -> Bool {
        if let allow, !allow(sym, modifiers) { return false }
        let field = clv_kwin_field_active(connection.raw) != 0
        if field, !keysOnly, WaylandTypist.goesAsText(sym, modifiers: modifiers), let text = WaylandTypist.text(of: sym) {
            clv_kwin_commit_string(connection.raw, text)
            return true
        }
        if clv_kwin_has_fake_input(connection.raw) != 0, let key = keys.key(for: sym) {
            press(key, modifiers: modifiers)
            return true
        }
        if !connection.isKWinInputMethod {
            missing?()
            return false
        }
        guard field, modifiers.subtracting(.shift).isEmpty, Self.protocolKeys.contains(sym) else { return false }
        clv_kwin_keysym(connection.raw, sym.rawValue)
        return true
    }

    /// The keysyms input-method-v1 carries to a text-input-v3 field (KWin 5.27).
    static let protocolKeys: Set<KeySym> = [.backSpace, .return, .left, .right, .up, .down]

    /// Presses `key` with `modifiers` held (and Shift, AltGr when its level needs them), then
    /// lets all go, as a tap.
    private func press(_ key: KWinKeys.Key, modifiers: ModifierSet) {
        var held = modifiers
        if key.level & 1 != 0 { held.insert(.shift) }
        if key.level & 2 != 0 { held.insert(.altGr) }
        let mods = KWinKeys.modifierCodes.filter { held.contains($0.modifier) }.map(\.code)
        for code in mods { clv_kwin_fake_key(connection.raw, code, 1) }
        clv_kwin_fake_key(connection.raw, key.code, 1)
        clv_kwin_fake_key(connection.raw, key.code, 0)
        for code in mods.reversed() { clv_kwin_fake_key(connection.raw, code, 0) }
    }
}

/// Where KWin's keymap has a keysym: the keymap XKB's defaults make (`$XKB_DEFAULT_LAYOUT`…,
/// else `us`; KWin's own default too), each keysym's first key and its level (0 plain, 1
/// Shift, 2 AltGr, 3 both) in the first group, as evdev codes fake input takes.
public final class KWinKeys {
    public struct Key: Equatable, Sendable {
        public var code: UInt32, level: UInt32
        public init(code: UInt32, level: UInt32) {
            self.code = code
            self.level = level
        }
    }
    /// The modifiers' keys: left Shift, left Ctrl, left Alt, left Super, right Alt (AltGr).
    static let modifierCodes: [(modifier: ModifierSet, code: UInt32)] =
        [(.shift, 42), (.control, 29), (.alt, 56), (.super, 125), (.altGr, 100)]
    private var table: [UInt32: Key] = [:]

    public init() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        defer { xkb_keymap_unref(keymap) }
        let first = xkb_keymap_min_keycode(keymap), last = xkb_keymap_max_keycode(keymap)
        guard first >= 8, first <= last else { return }
        // Levels first, then keycodes: a keysym found plain on one key wins over another's Shift level.
        for level in UInt32(0)..<4 {
            for code in first...last where level < xkb_keymap_num_levels_for_key(keymap, code, 0) {
                var syms: UnsafePointer<xkb_keysym_t>?
                guard xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms) == 1, let syms else { continue }
                if table[syms[0]] == nil { table[syms[0]] = Key(code: code - 8, level: level) }
            }
        }
    }

    /// The key and level that type `sym`, nil when the keymap lacks it.
    public func key(for sym: KeySym) -> Key? {
        if let key = table[sym.rawValue] { return key }
        // A letter's capital is its key's Shift level.
        let lower = xkb_keysym_to_lower(sym.rawValue)
        return lower != sym.rawValue ? table[lower].map { Key(code: $0.code, level: $0.level | 1) } : nil
    }
}

extension WaylandConnection {
    /// Whether Clavier is KWin's input method here: KWin gave it input-method-v1.
    public var isKWinInputMethod: Bool { clv_kwin_has_input_method(raw) != 0 }
    /// Whether KWin gave fake input (org_kde_kwin_fake_input): to its input method, or to a
    /// program started by hand that its .desktop file grants it (or every program in tests).
    public var hasKWinFakeInput: Bool { clv_kwin_has_fake_input(raw) != 0 }
}
