/// `languages`: the XKB layouts the keyboard types in, and the layout they make the default.
extension Setting<[String]> {
    /// XKB layout names, one per group of the server's keymap (XKB has four groups at most).
    public static let languages = Setting("languages", .text, default: [],
        help: "Type in these XKB layouts (us,de,ru: two to four), one per group of the keymap while the keyboard runs (restored when it quits): a globe key before the space bar switches to the next, a long press lists them (default: none).",
        valueName: "LAYOUT,LAYOUT[,...]") { text in
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard (2...4).contains(names.count) else {
            return .problem("must name two to four XKB layouts separated by commas (us,de,ru), not '\(text)'")
        }
        if let bad = names.first(where: { name in
            name.isEmpty || !name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        }) {
            return .problem("'\(bad)' is not an XKB layout name (us, de, ru, fr …)")
        }
        guard Set(names).count == names.count else { return .problem("names the same layout twice") }
        return .value(names)
    }
}

extension Settings {
    /// `layout` as these settings show it: the bar's slots (`suggestions`) and the globe's
    /// languages (`languages`). The one place a start, `render`, `geometry` and a layout the
    /// settings page loads (on X and on Wayland alike) read the two for a layout.
    public func shaping(_ layout: Layout) -> Layout { layout.offering(suggestions: self[.suggestions]).speaking(self[.languages]) }

    /// The layout to show: as given, else `xkb` when `languages` are given (its letters follow
    /// the language), else the default.
    public var layoutName: String {
        given[.layout] ?? (self[.languages].isEmpty ? Setting.layout.defaultValue : Layout.followingLanguages)
    }
}
