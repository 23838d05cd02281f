/// An sRGB colour with alpha, each channel 0…1.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// A colour from 8-bit channels, as look.md gives them.
    public static func rgb8(_ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}

// Written out, not left to the default description: that one goes through reflection, and
// the kept picture's key describes the theme on the start-up path (a quarter of a start's
// samples that way, BENCHMARKS.md change 15).
extension Color: CustomStringConvertible {
    public var description: String {
        "rgba(" + String(red) + "," + String(green) + "," + String(blue) + "," + String(alpha) + ")"
    }
}

extension Gradient: CustomStringConvertible {
    public var description: String { top.description + "->" + bottom.description }
}

/// A two-stop vertical gradient, top colour to bottom colour.
public struct Gradient: Hashable, Sendable {
    public var top: Color
    public var bottom: Color
    public init(_ top: Color, _ bottom: Color) {
        self.top = top
        self.bottom = bottom
    }
}

/// Every colour and size the painter uses; sizes are for a key 60 px tall and scale with it.
public struct Theme: Hashable, Sendable {
    public var name: String
    public var background: Gradient
    public var topBorderDark: Color
    public var topBorderLight: Color
    public var cornerRadius: Double
    public var shadow: Color
    public var shadowOffsetY: Double
    public var key: Gradient
    public var keyPressed: Gradient
    /// Function keys (shift, backspace, page, return): the system keyboard draws them darker.
    public var functionKey: Gradient
    /// Runs from the keyboard's top to its bottom over every key.
    public var global: Gradient
    public var innerShadow: Color
    public var innerHighlight: Color
    public var border: Color
    public var label: Color
    public var labelDisabled: Color
    public var emboss: Color
    public var fontFamily: String
    /// Label size in px on a 60 px key (look.md: 26).
    public var fontSize: Double
    /// Labels longer than one character ("space", "123") use this fraction of `fontSize`.
    public var wordLabelScale: Double
    /// px: blur radius of the drop shadow, the inner shadow and the label's emboss (look.md: 1).
    public var blurRadius: Double = 1
    /// px: how far the label's emboss falls (look.md step 7: offset (0, +1)).
    public var embossOffset: Double = 1
    /// px: how far an icon's white copy falls (look.md step 7: 0.5 px lower).
    public var iconShadowOffset: Double = 0.5
    /// Opacity of an icon's white copy (look.md step 7: a=0.8).
    public var iconShadowAlpha: Double = 0.8

    /// The system look of look.md (seed 000).
    public static let system = Theme(
        name: "system",
        background: Gradient(.rgb8(157, 157, 167), .rgb8(67, 67, 75)),
        topBorderDark: .rgb8(50, 50, 50),
        topBorderLight: .rgb8(191, 191, 191),
        cornerRadius: 7,
        shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.7),
        shadowOffsetY: 1,
        key: Gradient(.rgb8(241, 241, 243), .rgb8(223, 223, 231)),
        keyPressed: Gradient(.rgb8(179, 179, 187), .rgb8(130, 130, 140)),
        functionKey: Gradient(.rgb8(241, 241, 243), .rgb8(223, 223, 231)),
        global: Gradient(.rgb8(25.5, 25.5, 28, alpha: 0), .rgb8(25.5, 25.5, 28, alpha: 0.4)),
        innerShadow: Color(red: 0, green: 0, blue: 0, alpha: 0.5),
        innerHighlight: .white,
        border: Color(red: 0, green: 0, blue: 0, alpha: 0.4),
        label: .black,
        labelDisabled: Color(red: 0.5, green: 0.5, blue: 0.5),
        emboss: .white,
        // No emoji family here: fontconfig ranks a listed colour-emoji font first and would
        // draw digits, # and * from it; Pango falls back to it for emoji on its own.
        fontFamily: "DejaVu Sans, Helvetica, sans-serif",
        fontSize: 26,
        wordLabelScale: 0.62
    )

    /// The range of each size, in px on a 60 px key unless said otherwise (docs/themes.md):
    /// the reader refuses a value outside it, and the painter clamps to it, so no theme makes
    /// it allocate, blur or lay out text without bound.
    public enum Limits {
        public static let cornerRadius: ClosedRange<Double> = 0...30
        public static let shadowOffsetY: ClosedRange<Double> = 0...10
        public static let fontSize: ClosedRange<Double> = 1...60
        /// A fraction of `fontSize`.
        public static let wordLabelScale: ClosedRange<Double> = 0.1...1
        /// The blur is a Gaussian of this σ: its cost grows with it, and look.md's is 1.
        public static let blurRadius: ClosedRange<Double> = 0...4
        public static let embossOffset: ClosedRange<Double> = 0...10
        public static let iconShadowOffset: ClosedRange<Double> = 0...10
        /// An opacity.
        public static let iconShadowAlpha: ClosedRange<Double> = 0...1
    }

    /// The theme with every size brought within `Limits` (NaN to the lower bound).
    public var clampedToLimits: Theme {
        var theme = self
        theme.cornerRadius = Limits.cornerRadius.clamp(cornerRadius)
        theme.shadowOffsetY = Limits.shadowOffsetY.clamp(shadowOffsetY)
        theme.fontSize = Limits.fontSize.clamp(fontSize)
        theme.wordLabelScale = Limits.wordLabelScale.clamp(wordLabelScale)
        theme.blurRadius = Limits.blurRadius.clamp(blurRadius)
        theme.embossOffset = Limits.embossOffset.clamp(embossOffset)
        theme.iconShadowOffset = Limits.iconShadowOffset.clamp(iconShadowOffset)
        theme.iconShadowAlpha = Limits.iconShadowAlpha.clamp(iconShadowAlpha)
        return theme
    }

    /// Every field, one `name=value` line each: what the kept picture's key says of the theme.
    /// A test holds it to the fields reflection finds, so a new field cannot be left out.
    public var fieldLines: String {
        var lines = "name=" + name + "\n"
        func add(_ label: String, _ value: some CustomStringConvertible) { lines += label + "=" + value.description + "\n" }
        add("background", background)
        add("topBorderDark", topBorderDark)
        add("topBorderLight", topBorderLight)
        add("cornerRadius", cornerRadius)
        add("shadow", shadow)
        add("shadowOffsetY", shadowOffsetY)
        add("key", key)
        add("keyPressed", keyPressed)
        add("functionKey", functionKey)
        add("global", global)
        add("innerShadow", innerShadow)
        add("innerHighlight", innerHighlight)
        add("border", border)
        add("label", label)
        add("labelDisabled", labelDisabled)
        add("emboss", emboss)
        add("fontFamily", fontFamily)
        add("fontSize", fontSize)
        add("wordLabelScale", wordLabelScale)
        add("blurRadius", blurRadius)
        add("embossOffset", embossOffset)
        add("iconShadowOffset", iconShadowOffset)
        add("iconShadowAlpha", iconShadowAlpha)
        return lines
    }

    /// Built-in themes by name.
    public static let builtin: [String: Theme] = ["system": .system]
}
