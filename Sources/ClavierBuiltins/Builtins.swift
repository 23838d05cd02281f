import ClavierCore

// `Layout.us`, `Theme.system` and `BuiltinFiles` are generated at build time from
// Assets/layouts/us.yaml and Assets/themes/system.yaml (Plugins/MakeBuiltins); this file adds
// what is made from them.

extension Layout {
    /// `us` with a row for terminals above the letters: Esc, Tab, Ctrl, Alt, Super, AltGr
    /// and the arrows.
    public static let terminal: Layout = {
        func function(_ id: String, _ label: KeyLabel, _ action: KeyAction, repeats: Bool = false) -> Key {
            Key(id: id, label: label, action: action, keyClass: .function, repeats: repeats)
        }
        let row = Row([
            function("escape", .text("esc"), .key(.escape)),
            function("tab", .icon(.tab), .key(.tab)),
            function("ctrl", .text("ctrl"), .modifier(.ctrl)),
            function("alt", .text("alt"), .modifier(.alt)),
            function("super", .text("super"), .modifier(.super)),
            function("altgr", .text("alt gr"), .modifier(.altgr)),
            function("left", .text("←"), .key(.left), repeats: true),
            function("down", .text("↓"), .key(.down), repeats: true),
            function("up", .text("↑"), .key(.up), repeats: true),
            function("right", .text("→"), .key(.right), repeats: true),
        ])
        var pages = Layout.us.pages
        for i in pages.indices { pages[i].rows.insert(row, at: 0) }
        return Layout(id: "terminal", pages: pages)
    }()

    /// The layouts built into the binary, by id.
    public static let builtin: [String: Layout] = ["us": .us, "terminal": .terminal]
}

extension Theme {
    /// Built-in themes by name.
    public static let builtin: [String: Theme] = ["system": .system]
}
