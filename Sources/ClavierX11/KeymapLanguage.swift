import CX11

extension Display {
    /// The XKB layout of the keyboard's current group as `setxkbmap` recorded it in the root
    /// window's `_XKB_RULES_NAMES` (rules, model, layouts, variants, options, NUL-separated):
    /// "us" of "us,de" in the first group; nil when the server says nothing.
    public var currentXKBLayout: String? {
        guard let names = WindowProperty.text(raw, root, atom("_XKB_RULES_NAMES")) else { return nil }
        let fields = names.split(separator: "\0", omittingEmptySubsequences: false)
        guard fields.count > 2 else { return nil }
        let layouts = fields[2].split(separator: ",", omittingEmptySubsequences: false)
        let group = Int(keyboardState.group)
        guard group < layouts.count, !layouts[group].isEmpty else { return nil }
        return String(layouts[group])
    }
}
