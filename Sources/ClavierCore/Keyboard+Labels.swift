import ClavierText

/// How one key looks right now.
public enum KeyState: String, Hashable, Sendable, CaseIterable {
    case normal, pressed, selected, locked, disabled
}

/// What each key shows now: its label and state, following Shift, the locks and the live keymap.
extension Keyboard {
    /// The keysym an XKB-named key types now, following Shift and AltGr, and its text.
    func liveSym(_ name: String) -> KeySym? { liveLevel(name)?.sym }

    private func liveText(_ name: String) -> String? {
        let text = liveLevel(name)?.text
        return text.flatMap { $0.isEmpty || $0.unicodeScalars.allSatisfy({ $0.value < 0x20 }) ? nil : $0 }
    }

    private func liveLevel(_ name: String) -> (sym: KeySym?, text: String?)? {
        liveKeys[name]?.level(shift: shift != .off, altGr: (modifiers[.altgr] ?? .off) != .off)
    }

    /// The label a key shows now: letters follow Shift, XKB-named keys the live keymap.
    public func label(of key: Key) -> KeyLabel {
        if case .xkbKey(let name) = key.action {
            if let text = liveText(name) { return .text(text) }
            if let sym = liveSym(name), let name = sym.name ?? sym.keycapName { return .text(name) }
            return key.label
        }
        if let layer = shiftLayer(of: key) { return layer.label }
        if case .text(let text) = key.label, shiftsCase(key) { return .text(shifted(text)) }
        return key.label
    }

    /// How a key is drawn now, on a keyboard on its own (a session's is its `Picture`'s).
    public func state(of key: Key) -> KeyState { state(of: key, showingPressed: layout.options.showsPressedKeys) }

    /// How a key is drawn now; `showingPressed`: a held key is painted pressed.
    public func state(of key: Key, showingPressed: Bool) -> KeyState {
        // An XKB-named key the live keymap leaves empty in this group types nothing: say so.
        if case .xkbKey(let name) = key.action, liveKeys[name] != nil, liveSym(name) == nil { return .disabled }
        if showingPressed, pressed.values.contains(key.id) { return .pressed }
        if let lock = Locks(toggledBy: key.action), locks.contains(lock) { return .locked }
        if case .modifier(let modifier) = key.action {
            switch modifiers[modifier] ?? .off {
            case .off: break
            case .latched: return .selected
            case .locked: return .locked
            }
        }
        return .normal
    }

    /// A letter key without a Shift layer of its own, on the first page, while Shift is on.
    func shiftsCase(_ key: Key) -> Bool {
        shift != .off && key.shifted == nil && key.keyClass == .letter && page.id == layout.defaultPage.id
    }

    /// The key's own Shift layer (`shift:` in its layout), while Shift is on, on any page.
    func shiftLayer(of key: Key) -> ShiftedKey? {
        shift != .off ? key.shifted : nil
    }

    /// A letter key's text under Shift, by the layout's language (Turkish `i` → `İ`; `ß` → `ẞ`,
    /// one letter as the key is one).
    func shifted(_ text: String) -> String { LanguageCase.upper(text, language: layout.options.language) }
}
