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
/// The built-in `system` theme (ClavierBuiltins) is made from Assets/themes/system.yaml at build time.
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
    public var blurRadius: Double
    /// px: how far the label's emboss falls (look.md step 7: offset (0, +1)).
    public var embossOffset: Double
    /// px: how far an icon's white copy falls (look.md step 7: 0.5 px lower).
    public var iconShadowOffset: Double
    /// Opacity of an icon's white copy (look.md step 7: a=0.8).
    public var iconShadowAlpha: Double

    /// Every field, none left to a default: code that makes a theme (ClavierBuiltins' generated
    /// `system`) fails to build when a field is added and it does not say it.
    public init(name: String, background: Gradient, topBorderDark: Color, topBorderLight: Color, cornerRadius: Double,
                shadow: Color, shadowOffsetY: Double, key: Gradient, keyPressed: Gradient, functionKey: Gradient,
                global: Gradient, innerShadow: Color, innerHighlight: Color, border: Color, label: Color,
                labelDisabled: Color, emboss: Color, fontFamily: String, fontSize: Double, wordLabelScale: Double,
                blurRadius: Double, embossOffset: Double, iconShadowOffset: Double, iconShadowAlpha: Double) {
        self.name = name
        self.background = background
        self.topBorderDark = topBorderDark
        self.topBorderLight = topBorderLight
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.shadowOffsetY = shadowOffsetY
        self.key = key
        self.keyPressed = keyPressed
        self.functionKey = functionKey
        self.global = global
        self.innerShadow = innerShadow
        self.innerHighlight = innerHighlight
        self.border = border
        self.label = label
        self.labelDisabled = labelDisabled
        self.emboss = emboss
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.wordLabelScale = wordLabelScale
        self.blurRadius = blurRadius
        self.embossOffset = embossOffset
        self.iconShadowOffset = iconShadowOffset
        self.iconShadowAlpha = iconShadowAlpha
    }

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
}
