/// What kiosk mode forbids the keyboard to type: the combinations that leave a kiosk
/// session (switch virtual terminal, kill the X server, close the window, open the
/// desktop's menus).
public enum Kiosk {
    static let f1 = 0xFFBE, f12 = 0xFFC9
    /// XF86Switch_VT_1…12 and Terminate_Server: keymaps bind these to Ctrl+Alt+Fn and
    /// Ctrl+Alt+Backspace, and a layout could name them directly.
    static let switchVT = 0x1008_FE01...0x1008_FE0C
    static let terminateServer: UInt32 = 0xFED5
    /// Super_L, Super_R, Hyper_L, Hyper_R and the Menu key's window-manager cousins.
    static let superKeys: Set<UInt32> = [0xFFEB, 0xFFEC, 0xFFED, 0xFFEE]

    /// Whether typing `sym` with `modifiers` held is refused in kiosk mode: Ctrl+Alt+F1…F12,
    /// Ctrl+Alt+BackSpace, Alt+F4, anything with Super, and the VT-switch keysyms.
    public static func blocks(_ sym: KeySym, modifiers: ModifierSet) -> Bool {
        let raw = sym.rawValue
        if modifiers.contains(.super) || superKeys.contains(raw) { return true }
        if switchVT.contains(Int(raw)) || raw == terminateServer { return true }
        let isF = (f1...f12).contains(Int(raw))
        let ctrlAlt = modifiers.isSuperset(of: [.control, .alt])
        if ctrlAlt && (isF || sym == .backSpace) { return true }
        if modifiers.contains(.alt) && raw == 0xFFC1 { return true }  // Alt+F4
        return false
    }
}
