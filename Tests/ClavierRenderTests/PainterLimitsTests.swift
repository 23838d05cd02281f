import ClavierBuiltins
@testable import ClavierCore
import ClavierLayouts
import ClavierRender
import Testing

/// Issue 18: whatever sizes a theme holds, the painter neither traps nor runs away: it
/// paints a theme outside `Theme.Limits` exactly as the same theme clamped to them.
@Suite(.serialized) struct PainterLimitsTests {
    static let size = Size(width: 480, height: 160)

    /// How many pixels differ between two paintings inside `rect` and outside it.
    static func changedPixels(_ a: borrowing Canvas, _ b: borrowing Canvas, within rect: Rect) -> (inside: Int, outside: Int) {
        var outside = 0, inside = 0
        for y in 0..<size.height {
            for x in 0..<size.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                if x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

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
        let labels = ["é", "x\\ny\\nz", String(repeating: "x\\n", count: 3000), "a" + String(repeating: "\\u0301", count: 15),
                      "a" + String(repeating: "\\u0301", count: 2000), String(repeating: "ก\\u0e49\\u0e4a\\u0e4b", count: 8),
                      Array(repeating: String(repeating: "W\\u0301\\u0302\\u0303", count: 10), count: 3).joined(separator: "\\n")]
        var painted = 0
        for _ in 0..<400 {
            var text = ""
            for field in fields where Bool.random(using: &random) { text += "\(field): \(numbers.randomElement(using: &random)!)\n" }
            let widths = (0..<4).map { _ in numbers.randomElement(using: &random)! }
            // Issue 23: tall and combining-heavy labels, at and past `LabelLimits`.
            let label = labels.randomElement(using: &random)!
            let layoutText = "pages: [{id: p, rows: [[{label: a, width: \(widths[0])}, {icon: shift, action: {modifier: shift}, width: \(widths[1])}], "
                + "[{label: space, width: \(widths[2])}, {label: \"\(label)\", action: {char: é}, width: \(widths[3])}]]}]"
            guard let theme = try? ThemeFile.parse(text, name: "fuzz", file: "fuzz.yaml", over: .system) else { continue }
            let layout = (try? LayoutFile.parse(layoutText, id: "fuzz", file: "fuzz.yaml")) ?? .us
            let canvas = try Canvas(size: Size(width: 240, height: 80))
            KeyboardPainter(theme: theme).paintAll(Keyboard(layout: layout, size: canvas.size), on: canvas)
            painted += 1
        }
        #expect(painted > 20, "\(painted) painted")
    }

    /// Issue 23: labels no file may hold (the reader refuses them) but a painter may still be
    /// given: thousands of lines, a letter under thousands of combining accents. Each is painted
    /// without a trap, clipped to its key: outside the key's face the picture is that of a
    /// plain label.
    static let tallLabels = [
        String(repeating: "x\n", count: 3000),
        "a" + String(repeating: "\u{301}", count: 2000),
        "a" + String(repeating: "\u{301}", count: 1300),
        String(repeating: "W", count: 5000),
        String(repeating: "\u{5d0}\u{5b8}\u{5bc}\u{591}\u{592}", count: 400) + "\n" + String(repeating: "ก\u{e49}\u{e4a}\u{e4b}", count: 600),
    ]

    @Test(arguments: tallLabels.indices) func aTallLabelIsClippedToItsKey(_ index: Int) throws {
        func layout(_ label: String) -> Layout {
            let tall = Key(id: "t", label: .text(label), action: .text("t"), alternates: [label, "b"])
            return Layout(id: "x", pages: [Page(id: "p", rows: [Row([.character("q"), .character("w"), .character("e")]),
                                                                 Row([.character("a"), tall, .character("d")]),
                                                                 Row([.character("z"), .character("x"), .character("c")])])])
        }
        let painted = try Self.paint(.system, layout: layout(Self.tallLabels[index]))
        let plain = try Self.paint(.system, layout: layout("t"))
        let keyboard = Keyboard(layout: layout("t"), size: Self.size)
        let key = try #require(keyboard.geometry.frame(id: "t")).rect
        let (inside, outside) = Self.changedPixels(painted, plain, within: key)
        #expect(outside == 0, "\(outside) pixels changed outside the key's face")
        #expect(inside > 0, "the label is not painted at all")

        // Held and previewed: the magnified copy of the key, painted alone.
        let preview = KeyPreview(key: "t", pointer: 0, label: .text(Self.tallLabels[index]), keyClass: .letter, keyRect: key)
        let canvas = try Canvas(size: preview.size)
        KeyboardPainter(theme: .system).paintAll(preview.keyboard(), on: canvas)
        // With its alternates open after a long press: the popup's cells clip their labels too.
        var held = Keyboard(layout: layout(Self.tallLabels[index]), size: Self.size)
        let start = ContinuousClock.now
        _ = held.handle(.press(Point(x: Double(key.midX), y: Double(key.midY)), pointer: 0), at: start)
        _ = held.handle(.tick, at: start + .seconds(2))
        #expect(held.popup != nil)
        let open = try Canvas(size: Self.size)
        KeyboardPainter(theme: .system).paintAll(held, on: open)
    }

    /// The suggestion bar's words come from what was typed and from the focused field's text
    /// (another program's): the same tall and combining-heavy texts as completions are
    /// painted without a trap, each inside its cell of the bar, the keys untouched.
    @Test(arguments: tallLabels.indices) func aTallCompletionStaysInTheBar(_ index: Int) throws {
        let layout = Layout.us.offering(suggestions: 3)
        let keyboard = Keyboard(layout: layout, size: Self.size)
        let tall = Picture(keyboard, completions: ["one", Self.tallLabels[index], "three"])
        let plain = Picture(keyboard, completions: ["one", "two", "three"])
        let bar = try #require(tall.accessory).rect
        let painted = try Canvas(size: Self.size), expected = try Canvas(size: Self.size)
        KeyboardPainter(theme: .system).paintAll(tall, on: painted)
        KeyboardPainter(theme: .system).paintAll(plain, on: expected)
        let (inside, outside) = Self.changedPixels(painted, expected, within: bar)
        #expect(outside == 0, "\(outside) pixels changed outside the bar")
        #expect(inside > 0, "the word is not painted at all")
    }
}
