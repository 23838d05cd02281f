extension Layout {
    /// The built-in US English layout: the system keyboard's letters, numbers and symbols pages.
    public static let us: Layout = {
        func chars(_ s: String, width: Double = 1) -> [Key] {
            s.map { c in
                let text = String(c)
                guard let alternates = usAlternates[text] else { return Key.character(text, width: width) }
                // A key with alternates types on release, so it does not repeat.
                return Key(id: text, label: .text(text), action: .text(text), width: width, alternates: alternates)
            }
        }
        func pageKey(_ page: Page.ID, _ label: String, width: Double) -> Key {
            Key(id: "page-" + page, label: .text(label), action: .page(page), width: width, keyClass: .function)
        }
        let shift = Key(id: "shift", label: .icon(.shift), action: .modifier(.shift), width: 1.5, keyClass: .function)
        let backspace = Key(id: "backspace", label: .icon(.backspace), action: .key(.backSpace),
                            width: 1.5, keyClass: .function, repeats: true)
        func bottomRow(_ page: Page.ID, _ label: String) -> Row {
            Row([
                pageKey(page, label, width: 1.25),
                Key(id: "hide", label: .icon(.hide), action: .hide, width: 1.25, keyClass: .function),
                Key(id: "space", label: .text("space"), action: .key(.space), width: 5, keyClass: .space, repeats: true),
                Key(id: "return", label: .icon(.return), action: .key(.return), width: 2.5, keyClass: .function),
            ])
        }
        let letters = Page(id: "letters", rows: [
            Row(chars("qwertyuiop")),
            Row(chars("asdfghjkl")),
            Row([shift] + chars("zxcvbnm") + [backspace]),
            bottomRow("numbers", "123"),
        ])
        let numbers = Page(id: "numbers", rows: [
            Row(chars("1234567890")),
            Row(chars("-/:;()$&@\"")),
            Row([pageKey("symbols", "#+=", width: 1.5)] + chars(".,?!'", width: 1.4) + [backspace]),
            bottomRow("letters", "ABC"),
        ])
        let symbols = Page(id: "symbols", rows: [
            Row(chars("[]{}#%^*+=")),
            Row(chars("_\\|~<>€£¥•")),
            Row([pageKey("numbers", "123", width: 1.5)] + chars(".,?!'", width: 1.4) + [backspace]),
            bottomRow("letters", "ABC"),
        ])
        return Layout(id: "us", pages: [letters, numbers, symbols], options: LayoutOptions(accessory: [.completions]))
    }()

    /// What a long press on a key of `us` offers, as the system keyboard's US English layout
    /// does: accented letters, and other currencies and quotes on the numbers page.
    static let usAlternates: [String: [String]] = [
        "e": ["è", "é", "ê", "ë", "ē", "ė", "ę"],
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "i": ["î", "ï", "í", "ī", "į", "ì"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "u": ["û", "ü", "ù", "ú", "ū"],
        "y": ["ÿ"],
        "s": ["ß", "ś", "š"],
        "l": ["ł"],
        "z": ["ž", "ź", "ż"],
        "c": ["ç", "ć", "č"],
        "n": ["ñ", "ń"],
        "$": ["€", "£", "¥", "₩", "¢"],
        "-": ["–", "—", "•"],
        "\"": ["“", "”", "„", "«", "»"],
        "'": ["‘", "’", "‚"],
        "?": ["¿"],
        "!": ["¡"],
    ]

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
