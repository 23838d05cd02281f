import ClavierBuiltins
import Testing
@testable import ClavierCore

@Suite struct ThemeTests {
    /// The kept picture's key names the theme by `fieldLines`: a field missing there would let
    /// a picture painted with another value of it be taken for this theme's.
    @Test func fieldLinesNameEveryFieldReflectionFinds() {
        let theme = Theme.system
        let lines = theme.fieldLines.split(separator: "\n").map { String($0.prefix { $0 != "=" }) }
        let fields = Mirror(reflecting: theme).children.compactMap(\.label)
        #expect(lines == fields)
    }

    @Test func fieldLinesChangeWithEachKindOfValue() {
        let base = Theme.system
        var colour = base
        colour.key.bottom.alpha = 0.99
        var size = base
        size.blurRadius = 2
        var font = base
        font.fontFamily = "Noto Sans"
        let all = [base, colour, size, font].map(\.fieldLines)
        #expect(Set(all).count == all.count)
    }

    @Test func coloursNameTheirChannelsExactly() {
        #expect(Color(red: 0.1, green: 1, blue: 0, alpha: 0.5).description == "rgba(0.1,1.0,0.0,0.5)")
        #expect(Gradient(.black, .white).description == "rgba(0.0,0.0,0.0,1.0)->rgba(1.0,1.0,1.0,1.0)")
    }

    /// Issue 18: the painter clamps a theme built in code to the ranges the reader enforces.
    @Test func aThemeIsClampedToItsLimits() {
        var wild = Theme.system
        wild.shadowOffsetY = 1e308
        wild.fontSize = 32768
        wild.cornerRadius = -.infinity
        wild.blurRadius = .nan
        let clamped = wild.clampedToLimits
        #expect(clamped.shadowOffsetY == Theme.Limits.shadowOffsetY.upperBound)
        #expect(clamped.fontSize == Theme.Limits.fontSize.upperBound)
        #expect(clamped.cornerRadius == 0 && clamped.blurRadius == 0)
        #expect(Theme.system.clampedToLimits == Theme.system)
    }
}
