import ClavierCore

/// look.md's figures that every theme shares, for a key `baseKeyHeight` px tall (the
/// others are `Theme` values).
enum LookFigures {
    /// px: the key height the other figures are given for (look.md: "a key about 60 px tall").
    static let baseKeyHeight = 60.0
    /// The Gaussian standard deviation per px of blur radius. CoreAnimation's shadowRadius
    /// matches a CSS blur of twice as much, whose σ is half the CSS figure: σ = radius.
    static let sigmaPerBlurRadius = 1.0
}

/// Every size a key is painted with, scaled from look.md's 60 px key to this keyboard's keys.
struct Metrics {
    let keyHeight: Double
    /// look.md's scale factor s = keyHeight / 60.
    let s: Double
    /// px: the width of a "1 px" line, whole pixels so borders stay crisp.
    let hair: Double
    let radius: Double
    let shadowOffset: Double
    let shadowSigma: Double
    let innerShadowSigma: Double
    /// px: how far the inner shadow and highlight are cast into the key: one and a half
    /// hairlines, so the highlight fills the whole pixel row(s) under the border instead of
    /// straddling two rows (the outline sits on half pixels).
    let innerOffset: Double
    let embossOffset: Double
    let embossSigma: Double
    let iconShadowOffset: Double
    /// px: how far outside its rectangle a key paints (its blurred drop shadow), and so how
    /// much `paintKeys` repaints around it.
    let margin: Int
    let charSize: Double
    let wordSize: Double

    init(keyHeight: Int, theme: Theme) {
        self.keyHeight = Double(max(keyHeight, 1))
        s = self.keyHeight / LookFigures.baseKeyHeight
        hair = max(1, s.rounded())
        radius = theme.cornerRadius * s
        shadowOffset = theme.shadowOffsetY * s
        shadowSigma = theme.blurRadius * LookFigures.sigmaPerBlurRadius * s
        innerShadowSigma = shadowSigma
        innerOffset = 1.5 * hair
        embossOffset = max(1, (theme.embossOffset * s).rounded())
        embossSigma = shadowSigma
        iconShadowOffset = theme.iconShadowOffset * s
        margin = Int((shadowOffset + 3 * shadowSigma).rounded(.up)) + 1
        charSize = theme.fontSize * s
        wordSize = theme.fontSize * theme.wordLabelScale * s
    }
}
