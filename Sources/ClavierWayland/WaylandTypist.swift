import CWaylandHost
import CXKBCommon
import ClavierCore

/// Types on Wayland: a character into the focused field through input-method-v2's
/// `commit_string` when a field has the focus and no modifier but Shift is held; every other
/// key (Return, BackSpace, arrows, F-keys, shortcuts) and every character when no field is
/// told through the virtual keyboard, with Clavier's own keymap (`WaylandKeymap`).
public final class WaylandTypist {
    /// The compositor it types to (a round trip waits until it has the keys).
    public let connection: WaylandConnection
    private var keymap = WaylandKeymap()
    private var uploaded = false
    /// What may be typed, with the modifiers it is sent with (kiosk mode's filter); nil: anything.
    private let allow: (@Sendable (KeySym, ModifierSet) -> Bool)?
    /// Characters always go through the virtual keyboard (the `pc` layouts: keys, not text).
    public var keysOnly = false

    public init(connection: WaylandConnection, allow: (@Sendable (KeySym, ModifierSet) -> Bool)?) {
        self.connection = connection
        self.allow = allow
    }

    /// Gives the keysyms of a layout's keys their keycodes before the first of them is typed,
    /// so typing them never changes the keymap under the focused client.
    public func prepare(_ syms: some Sequence<KeySym>) {
        if keymap.add(syms) || !uploaded { upload() }
    }

    /// Types `keys` in order; true when anything was typed.
    ///
    /// A client may read the two ways in at different times: GTK 4 takes input-method-v2's
    /// text as it arrives and the virtual keyboard's keys at its next turn, so a correction's
    /// BackSpaces sent before its word deleted the word instead (seen: "Thw" + space left
    /// "ThwT"). So when a key goes before text, all of them go as keys, in one stream.
    @discardableResult
    public func type(_ keys: [(sym: KeySym, modifiers: ModifierSet)]) -> Bool {
        let asText = keys.map { !keysOnly && connection.fieldActive && Self.goesAsText($0.sym, modifiers: $0.modifiers) }
        let keysFirst = asText.firstIndex(of: false).map { first in asText[first...].contains(true) } ?? false
        var typed = false
        for (index, key) in keys.enumerated() where type(key.sym, modifiers: key.modifiers, asText: asText[index] && !keysFirst) {
            typed = true
        }
        return typed
    }

    /// Types `sym` with `modifiers` held; false when the filter refused it or nothing can type.
    @discardableResult
    public func type(_ sym: KeySym, modifiers: ModifierSet) -> Bool {
        type(sym, modifiers: modifiers, asText: !keysOnly && connection.fieldActive && Self.goesAsText(sym, modifiers: modifiers))
    }

    /// Whether `sym` may go into a field as text: a character with no modifier but Shift.
    static func goesAsText(_ sym: KeySym, modifiers: ModifierSet) -> Bool {
        modifiers.subtracting([.shift, .altGr]).isEmpty && text(of: sym) != nil
    }

    private func type(_ sym: KeySym, modifiers: ModifierSet, asText: Bool) -> Bool {
        if let allow, !allow(sym, modifiers) { return false }
        if asText, let text = Self.text(of: sym) {
            connection.commit(text)
            return true
        }
        guard connection.hasVirtualKeyboard else { return false }
        let (code, changed) = keymap.code(for: sym)
        if changed || !uploaded { upload() }
        let mask = WaylandKeymap.mask(modifiers, for: sym)
        clv_wl_key(connection.raw, mask, code - 8, 1)
        clv_wl_key(connection.raw, mask, code - 8, 0)
        // The modifiers go back up with the key, as a tap's.
        if mask != 0 { clv_wl_key_modifiers(connection.raw, 0) }
        return true
    }

    /// The keysyms `layout`'s keys may type: its characters (with their capitals), named
    /// keys and alternates, the XKB-named keys' levels, and the editing keys every page needs.
    public static func keysyms(of layout: Layout, live: [String: LiveKey]) -> [KeySym] {
        var syms: [KeySym] = [.backSpace, .return, .tab, .escape, .delete, .left, .right, .up, .down, KeySym(rawValue: 0x20)]
        func add(_ text: String) {
            syms += KeySym.sequence(typing: text)
            let upper = text.uppercased()
            if upper != text { syms += KeySym.sequence(typing: upper) }
        }
        for page in layout.pages {
            for key in page.keys {
                switch key.action {
                case .text(let text): add(text)
                case .key(let sym): syms.append(sym)
                case .xkbKey(let name):
                    if let live = live[name] { syms += [live.base, live.shifted, live.altGr, live.shiftedAltGr].compactMap { $0 } }
                default: break
                }
                key.alternates.forEach(add)
            }
        }
        var seen = Set<KeySym>()
        return syms.filter { seen.insert($0).inserted }
    }

    private func upload() {
        uploaded = clv_wl_keymap(connection.raw, keymap.text) != 0
    }

    /// The text a keysym writes when it is a character (not a control: Return, Tab, BackSpace
    /// and Delete go as keys).
    static func text(of sym: KeySym) -> String? {
        let value = sym.scalar?.value ?? xkb_keysym_to_utf32(sym.rawValue)
        guard value >= 0x20, value != 0x7F, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }
}

/// What input-method-v2 says of the focused field.
extension WaylandConnection {
    /// Whether a text field has the focus.
    public var fieldActive: Bool { clv_wl_im_active(raw) != 0 }

    /// Commits `text` into the focused field.
    public func commit(_ text: String) { clv_wl_im_commit_string(raw, text) }

    /// The field's text before the caret (nil: it says none).
    public var textBeforeCaret: String? {
        var cursor: UInt32 = 0
        guard let text = clv_wl_im_surrounding(raw, &cursor) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(cursor))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The field's kind from its content purpose and hints (text-input-v3's values).
    public var fieldKind: FieldKind { WaylandField.kind(purpose: clv_wl_im_purpose(raw), hints: clv_wl_im_hints(raw)) }

    /// Whether the field says it takes several lines (text-input-v3's multiline hint).
    public var fieldIsMultiLine: Bool { WaylandField.isMultiLine(hints: clv_wl_im_hints(raw)) }
}

/// text-input-v3's content purposes and hints as the field kinds the session knows.
public enum WaylandField {
    // zwp_text_input_v3 content_purpose values.
    static let digits: UInt32 = 2, number: UInt32 = 3, phone: UInt32 = 4, url: UInt32 = 5, email: UInt32 = 6,
               password: UInt32 = 8, pin: UInt32 = 9, terminal: UInt32 = 13
    // content_hint: hidden_text, sensitive_data, multiline.
    static let hidden: UInt32 = 0x40, sensitive: UInt32 = 0x80, multiline: UInt32 = 0x200

    /// Whether a field of `hints` says it takes several lines (Qt's text edits say so).
    public static func isMultiLine(hints: UInt32) -> Bool { hints & multiline != 0 }

    public static func kind(purpose: UInt32, hints: UInt32) -> FieldKind {
        if purpose == password || purpose == pin || hints & (hidden | sensitive) != 0 { return .password }
        switch purpose {
        case digits, number: return .number
        case phone: return .telephone
        case url: return .url
        case email: return .email
        case terminal: return .terminal
        default: return .prose
        }
    }
}
