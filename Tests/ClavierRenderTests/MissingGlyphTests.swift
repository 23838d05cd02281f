@testable import ClavierCore
import ClavierLayouts
import ClavierRender
import Foundation
import Testing

/// Every shipped layout renders with no box: each page painted as it shows, and with Shift
/// on, and each long-press alternate, with the system theme's fonts and fontconfig's
/// fallback (the fonts packaging recommends: fonts-dejavu-core, fonts-noto-color-emoji and a
/// font for each script, tools/install-deps' test list).
@Suite(.serialized)
struct MissingGlyphTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path
    static let library = LayoutLibrary(directories: [.init(label: "data", path: assets)], shipped: ShippedFiles(baseTheme: .system))
    static let layouts: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: assets + "/layouts")) ?? [])
        .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()

    @Test func aCharacterNoFontHasIsABox() throws {
        let painter = KeyboardPainter(theme: try Self.library.theme("system"))
        // U+0378 is unassigned (no font has it); U+E000 is private use, which no font here fills.
        #expect(painter.missingGlyphs(in: "\u{0378}") == 1)
        #expect(painter.missingGlyphs(in: "a\u{E000}b") == 1)
        #expect(painter.missingGlyphs(in: "a") == 0)
        #expect(painter.labelsMissingGlyphs == ["\u{0378}", "a\u{E000}b"], "the painter keeps what it found")
        let canvas = try Canvas(size: Size(width: 400, height: 100))
        let boxed = KeyboardPainter(theme: try Self.library.theme("system"))
        let layout = Layout(id: "t", pages: [Page(id: "p", rows: [Row([Key.character("x"), Key.character("\u{0378}")])])])
        boxed.paintAll(Keyboard(layout: layout, size: canvas.size), on: canvas)
        #expect(boxed.labelsMissingGlyphs == ["\u{0378}"], "painting a page finds the box")
    }

    @Test func theShippedLayoutsIncludeEveryScript() {
        #expect(Set(Self.layouts).isSuperset(of: ["us", "ru", "uk", "bg", "el", "tr", "ar", "fa", "he", "hi", "th", "vi"]))
    }

    @Test(arguments: layouts)
    func everyPageRendersWithoutABox(_ name: String) throws {
        let layout = try Self.library.layout(name)
        let painter = KeyboardPainter(theme: try Self.library.theme("system"))
        let size = Size(width: 800, height: 260)
        let canvas = try Canvas(size: size)
        for page in layout.pages {
            for shift in [ModifierLatch.off, .latched] {
                var keyboard = Keyboard(layout: layout, page: page.id, size: size)
                keyboard.setShift(shift)
                painter.paintAll(keyboard, on: canvas)
                for key in page.keys {
                    for text in key.alternates {
                        let shown = keyboard.shiftsCase(key) ? keyboard.shifted(text) : text
                        if painter.missingGlyphs(in: shown) > 0 { Issue.record("\(name): \(page.id): alternate \(shown) of \(key.id) shows a box") }
                    }
                }
            }
        }
        #expect(painter.labelsMissingGlyphs.isEmpty, "\(name): labels with a box: \(painter.labelsMissingGlyphs)")
    }
}
