import CXKBCommon
import ClavierCore
import ClavierLayouts
import Testing

/// Issue 23, item 3: kiosk mode's allow-list against every keysym xkbcommon has a name for,
/// not a few examples: what it lets through is a character, a dead key or a named editing
/// key, and nothing that changes the server (AccessX_Enable, SlowKeys_Enable …).
struct KioskKeysymTests {
    /// Every keysym xkbcommon names, outside the Unicode keysyms (0x01000000 + code point,
    /// judged by their character in `KioskTests`): the core range and the vendor ranges
    /// (XF86, Sun, DEC, HP, OSF), each with its name.
    static let named: [(name: String, sym: UInt32)] = {
        var found: [(String, UInt32)] = []
        var buffer = [CChar](repeating: 0, count: 64)
        for sym in Array(UInt32(0)...0xFFFF) + Array(UInt32(0x1000_0000)...0x100F_FFFF) {
            guard xkb_keysym_get_name(sym, &buffer, buffer.count) > 0 else { continue }
            let name = String(cBuffer: buffer)
            if !name.hasPrefix("0x") { found.append((name, sym)) }
        }
        return found
    }()

    /// The named keys a kiosk types that are neither characters nor dead keys.
    static let editingKeys: Set<String> = [
        "BackSpace", "Tab", "Return", "Escape", "Delete", "Insert", "Home", "Left", "Up", "Right", "Down", "Prior", "Page_Up",
        "Next", "Page_Down", "End", "Begin", "ISO_Left_Tab", "KP_Enter",
    ]

    @Test func whatAKioskTypesIsACharacterADeadKeyOrAnEditingKey() {
        #expect(Self.named.count > 1500, "xkbcommon named only \(Self.named.count) keysyms")
        var wrongly: [String] = []
        for (name, sym) in Self.named where Kiosk.allowsKeysym(KeySym(rawValue: sym)) {
            let scalar = Unicode.Scalar(xkb_keysym_to_utf32(sym))
            let character = scalar.map { $0.value != 0 && $0.properties.generalCategory != .control } ?? false
            // The legacy character sets (0x100–0x13FF) hold a few symbols xkbcommon has no Unicode
            // for (topleftsummation, hexagram, cursor …): inert, no XKB action is bound to them.
            let legacy = (0x100...0x13FF).contains(sym)
            if !character && !legacy && !name.hasPrefix("dead_") && !Self.editingKeys.contains(name) { wrongly.append(name) }
        }
        #expect(wrongly.isEmpty, "kiosk mode types keysyms that are no character, dead key or editing key: \(wrongly)")
    }

    @Test func everyDeadKeyIsAllowedAndNothingThatChangesTheServer() {
        let dead = Self.named.filter { $0.name.hasPrefix("dead_") }
        #expect(dead.count >= 45)
        for (name, sym) in dead { #expect(Kiosk.allowsKeysym(KeySym(rawValue: sym)), "\(name)") }
        for (name, value) in Kiosk.deadKeys { #expect(KeysymName.lookup(name) == KeySym(rawValue: value), "\(name)") }
        let serverWide = Self.named.filter { entry in
            ["_Enable", "AccessX", "Pointer_", "Terminate_Server", "Switch_VT", "ClearGrab", "Ungrab", "Overlay", "_Lock", "Next_VMode",
             "Prev_VMode", "LogGrabInfo", "LogWindowTree"].contains { entry.name.contains($0) }
        }
        #expect(serverWide.count > 30)
        for (name, sym) in serverWide { #expect(!Kiosk.allowsKeysym(KeySym(rawValue: sym)), "\(name) changes the server") }
    }
}
