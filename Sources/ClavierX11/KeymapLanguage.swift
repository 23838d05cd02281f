import CX11

extension Display {
    /// The XKB layout of the keyboard's current group as `setxkbmap` recorded it in the root
    /// window's `_XKB_RULES_NAMES` (rules, model, layouts, variants, options, NUL-separated):
    /// "us" of "us,de" in the first group; nil when the server says nothing.
    public var currentXKBLayout: String? {
        let layouts = xkbLayouts
        let group = Int(keyboardState.group)
        guard group < layouts.count, !layouts[group].isEmpty else { return nil }
        return layouts[group]
    }
}

extension Display {
    /// The XKB layouts of the keymap's groups as `setxkbmap` recorded them in
    /// `_XKB_RULES_NAMES` ("us,de" → us, de); empty when the server says nothing.
    public var xkbLayouts: [String] { xkbNames?.layouts ?? [] }

    /// The core keyboard's group now (0 is the first).
    public var group: Int { Int(keyboardState.group) }

    /// Locks the core keyboard's group (`XkbLockGroup`): what every key types, for every
    /// client, until the next change. The server's `XkbStateNotify` brings the relabelling.
    public func lockGroup(_ group: Int) {
        XkbLockGroup(raw, UInt32(XkbUseCoreKbd), UInt32(group))
        // Flushed now: the next key typed must find the new group.
        sync()
        // And the state followed is the new one at once, before its XkbStateNotify is read: the
        // globe's layout is made right after, and its letters, asked in the old group, were lent
        // though the new group has them (a keymap change at every tap on the globe).
        if followedState != nil { followedState = askedKeyboardState }
    }
}
