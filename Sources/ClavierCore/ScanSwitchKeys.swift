/// Which keys make a poor scan switch: the switch is grabbed on the whole server, so whatever
/// Clavier types with that key reaches the switch instead of the focused window.
public enum ScanSwitchKeys {
    /// The modifier and lock keysyms (keysymdef.h), by the names X gives them. Grabbed as a
    /// switch, Shift_L took Shift from every capital typed on screen.
    public static let modifiers: [String: UInt32] = [
        "Shift_L": 0xFFE1, "Shift_R": 0xFFE2, "Control_L": 0xFFE3, "Control_R": 0xFFE4, "Caps_Lock": 0xFFE5,
        "Shift_Lock": 0xFFE6, "Meta_L": 0xFFE7, "Meta_R": 0xFFE8, "Alt_L": 0xFFE9, "Alt_R": 0xFFEA, "Super_L": 0xFFEB,
        "Super_R": 0xFFEC, "Hyper_L": 0xFFED, "Hyper_R": 0xFFEE, "Num_Lock": 0xFF7F, "Mode_switch": 0xFF7E,
        "script_switch": 0xFF7E, "ISO_Group_Shift": 0xFF7E, "ISO_Lock": 0xFE01, "ISO_Level2_Latch": 0xFE02,
        "ISO_Level3_Shift": 0xFE03, "ISO_Level3_Latch": 0xFE04, "ISO_Level3_Lock": 0xFE05, "ISO_Group_Latch": 0xFE06,
        "ISO_Group_Lock": 0xFE07, "ISO_Next_Group": 0xFE08, "ISO_Next_Group_Lock": 0xFE09, "ISO_Prev_Group": 0xFE0A,
        "ISO_Prev_Group_Lock": 0xFE0B, "ISO_First_Group": 0xFE0C, "ISO_First_Group_Lock": 0xFE0D, "ISO_Last_Group": 0xFE0E,
        "ISO_Last_Group_Lock": 0xFE0F, "ISO_Level5_Shift": 0xFE11, "ISO_Level5_Latch": 0xFE12, "ISO_Level5_Lock": 0xFE13,
    ]
    private static let modifierValues = Set(modifiers.values)

    /// Why `name` (keysym `sym`, when known) cannot be the switch, nil when it can.
    public static func refusal(name: String, sym: KeySym? = nil) -> String? {
        guard modifiers[name] != nil || sym.map({ modifierValues.contains($0.rawValue) }) == true else { return nil }
        return "'\(name)' is a modifier: grabbed as the switch, it would be taken from every key typed with it "
            + "(Shift from every capital); choose a key nothing types with, such as F9 or Pause"
    }

    /// What `sym`, grabbed as the switch `name`, takes away from `layout`: its keys that type
    /// that keysym (in either case), which then select instead of typing; nil when none does.
    public static func takenFrom(_ layout: Layout, name: String, sym: KeySym) -> String? {
        var keys: [String] = []
        for page in layout.pages {
            for row in page.rows {
                for key in row.keys where types(key.action, sym) && !keys.contains(key.id) { keys.append(key.id) }
            }
        }
        guard !keys.isEmpty else { return nil }
        let named = keys.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 5 ? " …" : "")
        return "the switch \(name) is a key layout '\(layout.id)' types with: its key\(keys.count > 1 ? "s" : "") \(named) "
            + "will select instead of typing"
    }

    private static func types(_ action: KeyAction, _ sym: KeySym) -> Bool {
        switch action {
        case .key(let typed): return typed == sym
        case .text(let text):
            guard text.unicodeScalars.count == 1 else { return false }
            return [text, text.lowercased(), text.uppercased()].contains { variant in
                variant.unicodeScalars.count == 1 && KeySym(scalar: variant.unicodeScalars.first!) == sym
            }
        default: return false
        }
    }
}
