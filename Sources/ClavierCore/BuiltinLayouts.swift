extension Layout {
    /// The built-in US English layout: the system keyboard's letters, numbers and symbols pages.
    public static let us: Layout = {
        func chars(_ s: String, width: Double = 1) -> [Key] {
            s.map { Key.character(String($0), width: width) }
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
        return Layout(id: "us", pages: [letters, numbers, symbols])
    }()

    /// The layouts built into the binary, by id.
    public static let builtin: [String: Layout] = ["us": .us]
}
