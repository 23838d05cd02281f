import ClavierCore
import ClavierLayouts
import ClavierRender
import Testing

/// Issue 18: whatever sizes a theme holds, the painter neither traps nor runs away: it
/// paints a theme outside `Theme.Limits` exactly as the same theme clamped to them.
@Suite(.serialized) struct PainterLimitsTests {
    static let size = Size(width: 480, height: 160)

    static func paint(_ theme: Theme, layout: Layout = .us) throws -> Canvas {
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: theme).paintAll(Keyboard(layout: layout, size: size), on: canvas)
        return canvas
    }

    @Test func aWildThemeIsPaintedAsItsClampedSelf() throws {
        var wild = Theme.system
        wild.shadowOffsetY = 1e308
        wild.fontSize = 32768
        wild.cornerRadius = .infinity
        wild.blurRadius = .nan
        wild.embossOffset = -1e308
        wild.iconShadowOffset = .greatestFiniteMagnitude
        wild.wordLabelScale = 1e9
        wild.iconShadowAlpha = 7
        let painted = try Self.paint(wild)
        let clamped = try Self.paint(wild.clampedToLimits)
        #expect(GoldenImage.compare(painted, clamped, tolerance: 0).differing == 0)
    }

    /// Every size at its largest at once: the dearest theme the reader lets through.
    @Test func theLargestSizesThePainterTakesArePainted() throws {
        var largest = Theme.system
        largest.cornerRadius = Theme.Limits.cornerRadius.upperBound
        largest.shadowOffsetY = Theme.Limits.shadowOffsetY.upperBound
        largest.fontSize = Theme.Limits.fontSize.upperBound
        largest.wordLabelScale = Theme.Limits.wordLabelScale.upperBound
        largest.blurRadius = Theme.Limits.blurRadius.upperBound
        largest.embossOffset = Theme.Limits.embossOffset.upperBound
        largest.iconShadowOffset = Theme.Limits.iconShadowOffset.upperBound
        let canvas = try Self.paint(largest)
        // Painted with those sizes, not clamped below them.
        #expect(GoldenImage.compare(canvas, try Self.paint(.system), tolerance: 0).differing > 1000)
    }

    @Test func keysOfExtremeWidthsArePainted() throws {
        let wide = Key(id: "w", label: .text("w"), action: .text("w"), width: .greatestFiniteMagnitude)
        let thin = Key(id: "t", label: .text("t"), action: .text("t"), width: .leastNonzeroMagnitude)
        let layout = Layout(id: "x", pages: [Page(id: "p", rows: [Row([wide, thin, .character("a")]), Row([wide, wide])])])
        let canvas = try Self.paint(.system, layout: layout)
        // The last key of the first row, a letter key at the clamped narrowest width, is there.
        #expect(GoldenImage.compare(canvas, try Self.paint(.system, layout: Layout(id: "y", pages: [Page(id: "p", rows: [Row([wide, wide])])])),
                                    tolerance: 0).differing > 0)
    }

    /// Seeded themes and layouts whose numbers lie at, inside and past the ends of their
    /// ranges: each the reader accepts is painted, as the keyboard would paint it at start.
    @Test func whatTheReaderAcceptsIsPainted() throws {
        var random = SeededGenerator(seed: 18)
        let fields = ["corner-radius", "shadow-offset-y", "font-size", "word-label-scale", "blur-radius", "emboss-offset",
                      "icon-shadow-offset", "icon-shadow-alpha"]
        let numbers = ["0", "0.01", "0.1", "0.5", "1", "2", "4", "10", "30", "60", "100", "1e308", "32768", "-1", "1e-320"]
        var painted = 0
        for _ in 0..<400 {
            var text = ""
            for field in fields where Bool.random(using: &random) { text += "\(field): \(numbers.randomElement(using: &random)!)\n" }
            let widths = (0..<4).map { _ in numbers.randomElement(using: &random)! }
            let layoutText = "pages: [{id: p, rows: [[{label: a, width: \(widths[0])}, {icon: shift, action: {modifier: shift}, width: \(widths[1])}], "
                + "[{label: space, width: \(widths[2])}, {label: é, width: \(widths[3])}]]}]"
            guard let theme = try? ThemeFile.parse(text, name: "fuzz", file: "fuzz.yaml") else { continue }
            let layout = (try? LayoutFile.parse(layoutText, id: "fuzz", file: "fuzz.yaml")) ?? .us
            let canvas = try Canvas(size: Size(width: 240, height: 80))
            KeyboardPainter(theme: theme).paintAll(Keyboard(layout: layout, size: canvas.size), on: canvas)
            painted += 1
        }
        #expect(painted > 20, "\(painted) painted")
    }
}
