import ClavierCore

/// Reads a theme from its YAML text (docs/themes.md describes the format). A field left out
/// keeps the base theme's value: the built-in `system` (ClavierBuiltins), itself made from a
/// file that sets every field (`parseComplete`).
public enum ThemeFile {
    /// Every field a theme file may set, in the order docs/themes.md lists them (key paths are
    /// immutable values; they are not marked Sendable only because Swift cannot prove it).
    nonisolated(unsafe) static let gradients: [(String, WritableKeyPath<Theme, Gradient>)] = [
        ("background", \.background), ("key", \.key), ("key-pressed", \.keyPressed),
        ("function-key", \.functionKey), ("global", \.global),
    ]
    nonisolated(unsafe) static let colors: [(String, WritableKeyPath<Theme, Color>)] = [
        ("top-border-dark", \.topBorderDark), ("top-border-light", \.topBorderLight), ("shadow", \.shadow),
        ("inner-shadow", \.innerShadow), ("inner-highlight", \.innerHighlight), ("border", \.border),
        ("label", \.label), ("label-disabled", \.labelDisabled), ("emboss", \.emboss),
    ]
    nonisolated(unsafe) static let sizes: [(String, WritableKeyPath<Theme, Double>, ClosedRange<Double>)] = [
        ("corner-radius", \.cornerRadius, Theme.Limits.cornerRadius),
        ("shadow-offset-y", \.shadowOffsetY, Theme.Limits.shadowOffsetY),
        ("font-size", \.fontSize, Theme.Limits.fontSize),
        ("word-label-scale", \.wordLabelScale, Theme.Limits.wordLabelScale),
        ("blur-radius", \.blurRadius, Theme.Limits.blurRadius),
        ("emboss-offset", \.embossOffset, Theme.Limits.embossOffset),
        ("icon-shadow-offset", \.iconShadowOffset, Theme.Limits.iconShadowOffset),
        ("icon-shadow-alpha", \.iconShadowAlpha, Theme.Limits.iconShadowAlpha),
    ]
    static var allFields: [String] {
        ["description"] + gradients.map(\.0) + colors.map(\.0) + sizes.map(\.0) + ["font-family"]
    }

    /// Parses `text` as theme `name`, each field it leaves out `base`'s; every problem found
    /// is thrown at once.
    public static func parse(_ text: String, name: String, file: String, over base: Theme) throws(LayoutError) -> Theme {
        try parse(text, name: name, file: file, over: Optional(base))
    }

    /// Parses `text` as theme `name`, which must set every field: the theme others are read
    /// over (make-builtins reads Assets/themes/system.yaml so at build time).
    public static func parseComplete(_ text: String, name: String, file: String) throws(LayoutError) -> Theme {
        try parse(text, name: name, file: file, over: nil)
    }

    private static func parse(_ text: String, name: String, file: String, over base: Theme?) throws(LayoutError) -> Theme {
        let reader = NodeReader(file: file)
        let theme = read(text, name: name, reader, over: base)
        guard reader.diagnostics.isEmpty, let theme else { throw .invalid(reader.diagnostics) }
        return theme
    }

    /// `base` nil: every field is required (and so none of `placeholder`'s stays).
    static func read(_ text: String, name: String, _ r: NodeReader, over base: Theme?) -> Theme? {
        let required = base == nil ? allFields.filter { $0 != "description" } : []
        guard let root = r.compose(text),
              let f = r.fields(root, base == nil ? "a complete theme" : "a theme", allowed: allFields, required: required)
        else { return nil }
        var theme = base ?? placeholder
        theme.name = name
        if let v = f["description"] { _ = r.string(v, "description") }
        for (field, path) in gradients {
            guard let v = f[field], let g = r.fields(v, field, allowed: ["top", "bottom"], required: ["top", "bottom"]),
                  let top = g["top"].flatMap({ color($0, field + ".top", r) }),
                  let bottom = g["bottom"].flatMap({ color($0, field + ".bottom", r) }) else { continue }
            theme[keyPath: path] = Gradient(top, bottom)
        }
        for (field, path) in colors {
            if let v = f[field], let c = color(v, field, r) { theme[keyPath: path] = c }
        }
        for (field, path, range) in sizes {
            if let v = f[field], let n = r.number(v, field, in: range) { theme[keyPath: path] = n }
        }
        if let v = f["font-family"], let s = r.string(v, "font-family") {
            if s.isEmpty { r.report("font-family cannot be empty", at: v) } else { theme.fontFamily = s }
        }
        return theme
    }

    /// `"#rrggbb"`, `"#rrggbbaa"`, or `[r, g, b]` / `[r, g, b, alpha]` with 0…255 channels
    /// (fractions allowed, as look.md's 25.5) and alpha 0…1.
    static func color(_ node: Node, _ what: String, _ r: NodeReader) -> Color? {
        if let scalar = node.scalar {
            let s = scalar.string
            let hex = s.dropFirst()
            guard s.hasPrefix("#"), hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else {
                r.report("\(what): '\(s)' is not a colour (write #rrggbb, #rrggbbaa or [r, g, b, alpha])", at: node)
                return nil
            }
            let v = hex.count == 6 ? value << 8 | 0xFF : value
            return Color(red: Double(v >> 24 & 0xFF) / 255, green: Double(v >> 16 & 0xFF) / 255,
                         blue: Double(v >> 8 & 0xFF) / 255, alpha: Double(v & 0xFF) / 255)
        }
        guard let list = node.sequence.map(Array.init), list.count == 3 || list.count == 4 else {
            r.report("\(what) must be a colour: #rrggbb, #rrggbbaa or [r, g, b, alpha]", at: node)
            return nil
        }
        var channels: [Double] = []
        for (i, item) in list.enumerated() {
            guard let n = r.number(item, what) else { return nil }
            let limit = i == 3 ? 1.0 : 255.0
            guard n >= 0 && n <= limit else {
                r.report("\(what): \(i == 3 ? "alpha must be between 0 and 1" : "a channel must be between 0 and 255")", at: item)
                return nil
            }
            channels.append(n)
        }
        return .rgb8(channels[0], channels[1], channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// The start of a complete theme's reading, and what `clavier check` reads a theme over
    /// (it reports problems, not values): every field is overwritten or reported missing.
    static let placeholder = Theme(
        name: "", background: Gradient(.black, .black), topBorderDark: .black, topBorderLight: .black, cornerRadius: 0,
        shadow: .black, shadowOffsetY: 0, key: Gradient(.black, .black), keyPressed: Gradient(.black, .black),
        functionKey: Gradient(.black, .black), global: Gradient(.black, .black), innerShadow: .black,
        innerHighlight: .black, border: .black, label: .black, labelDisabled: .black, emboss: .black,
        fontFamily: "sans-serif", fontSize: 26, wordLabelScale: 1, blurRadius: 0, embossOffset: 0,
        iconShadowOffset: 0, iconShadowAlpha: 0)
}
