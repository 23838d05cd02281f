import ClavierCore

/// A layout and a theme with every field set, none to its default, and every case of every
/// enum they hold: `make-builtins --every-field` prints them into BuiltinsPrinterTests, whose
/// test compares what that compiled to with these values, and checks (by reflection) that they
/// still set every field Core's types have. A field added to Core that the printer forgets
/// fails there.
public enum EveryField {
    public static let layout: Layout = {
        let icons = Icon.allCases.enumerated().map { i, icon in
            Key(id: "icon-\(i)", label: .icon(icon), action: .hide, width: 1.25, keyClass: .function)
        }
        let modifiers = Modifier.allCases.map { Key(id: $0.rawValue, label: .text($0.rawValue), action: .modifier($0)) }
        let classes = KeyClass.allCases.map { Key(id: "class-" + $0.rawValue, label: .text("c"), action: .text("c"), keyClass: $0) }
        let actions = [
            Key(id: "quote", label: .text("\"\\\u{200E}\n\t é"), action: .text("\"\\\u{200E}\n\t é"), width: 0.5,
                repeats: true, alternates: ["è", "é", "\u{1F44D}\u{1F3FD}"], shuffles: true),
            Key(id: "backspace", label: .text("bs"), action: .key(.backSpace), repeats: true,
                shifted: ShiftedKey(label: .text("del"), action: .key(KeySym(rawValue: 0xFFFF)))),
            Key(id: "ka", label: .text("क"), action: .text("क"), shifted: .text("ख")),
            Key(id: "euro", label: .text("€"), action: .key(KeySym(rawValue: 0x20AC))),
            Key(id: "page", label: .text("123"), action: .page("second")),
            Key(id: "ad01", label: .text("q"), action: .xkbKey("AD01"), shuffles: true),
            Key(id: "globe", label: .icon(.globe), action: .language, alternates: ["English", "Deutsch"]),
            Key.gap(width: 0.75),
        ]
        return Layout(id: "everyField", pages: [
            Page(id: "first", rows: [Row(icons), Row(modifiers + classes), Row(actions)]),
            Page(id: "second", rows: [Row([Key.character("1", width: 1.5)])]),
        ], options: LayoutOptions(showsPressedKeys: false, frequentPage: "second", accessory: [.completions, .formatting],
                                  learnsWords: false, suggestions: 5, language: "de", searchPage: "second"))
    }()

    /// Every colour and size different from the others, some not 8-bit channels.
    public static let theme = Theme(
        name: "everyField", background: Gradient(.rgb8(1, 2, 3), .rgb8(4, 5, 6)), topBorderDark: .rgb8(7, 8, 9),
        topBorderLight: .rgb8(10, 11, 12, alpha: 0.5), cornerRadius: 3, shadow: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
        shadowOffsetY: 2, key: Gradient(.rgb8(13, 14, 15), .rgb8(16, 17, 18)), keyPressed: Gradient(.rgb8(19, 20, 21), .rgb8(22, 23, 24)),
        functionKey: Gradient(.rgb8(25, 26, 27), .rgb8(28, 29, 30)), global: Gradient(.rgb8(25.5, 31, 32, alpha: 0), .rgb8(33, 34, 35, alpha: 0.25)),
        innerShadow: .rgb8(36, 37, 38), innerHighlight: .rgb8(39, 40, 41), border: .rgb8(42, 43, 44), label: .rgb8(45, 46, 47),
        labelDisabled: .rgb8(48, 49, 50), emboss: .rgb8(51, 52, 53), fontFamily: "Noto \"Sans\"", fontSize: 27.5,
        wordLabelScale: 0.61, blurRadius: 1.5, embossOffset: 0.75, iconShadowOffset: 0.3, iconShadowAlpha: 0.7)
}
