import Testing
@testable import ClavierCore

/// A right-to-left layout (`language: ar`, `fa`, `he` …): the bar's first suggestion at the
/// right, and long-press alternates opening leftwards from the key.
@Suite struct RightToLeftTests {
    let size = Size(width: 1000, height: 300)
    let t0 = ContinuousClock.now

    func layout(_ language: String?) -> Layout {
        Layout(id: "t", pages: [Page(id: "letters", rows: [Row([
            Key.character("ض"), Key.character("ص"),
            Key(id: "alef", label: .text("ا"), action: .text("ا"), alternates: ["أ", "إ", "آ"]),
            Key.character("ث"), Key.character("ق"),
        ])])], options: LayoutOptions(accessory: [.completions], language: language))
    }

    @Test func theLanguageSaysTheDirection() {
        #expect(layout("ar").isRightToLeft && layout("fa").isRightToLeft && layout("he").isRightToLeft)
        #expect(!layout("en").isRightToLeft && !layout("ru").isRightToLeft && !layout(nil).isRightToLeft)
    }

    @Test func theBarsFirstSuggestionIsAtTheRight() throws {
        let rtl = try #require(Keyboard(layout: layout("ar"), size: size).accessory)
        let x = try (0..<3).map { try #require(rtl.rect(of: .completion($0))).x }
        #expect(x[0] > x[1] && x[1] > x[2])
        let ltr = try #require(Keyboard(layout: layout("en"), size: size).accessory)
        let y = try (0..<3).map { try #require(ltr.rect(of: .completion($0))).x }
        #expect(y[0] < y[1] && y[1] < y[2])
        #expect(Set(x) == Set(y), "the same cells, the other way round")
    }

    @Test func alternatesOpenLeftwardsFromTheKey() throws {
        for (language, rightToLeft) in [("ar", true), ("en", false)] {
            var k = Keyboard(layout: layout(language), size: size)
            let key = try #require(k.geometry.frame(id: "alef")).rect
            _ = k.handle(.press(Point(x: key.midX, y: key.midY)), at: t0)
            _ = k.handle(.tick, at: t0 + .seconds(1))
            let cells = try #require(k.popup).cells
            #expect(cells.count == 3)
            if rightToLeft {
                #expect(cells[0].maxX == key.maxX, "the first over the key")
                #expect(cells[0].x > cells[1].x && cells[1].x > cells[2].x)
            } else {
                #expect(cells[0].x == key.x)
                #expect(cells[0].x < cells[1].x && cells[1].x < cells[2].x)
            }
        }
    }

    @Test func nearTheLeftEdgeTheyRunRightInstead() {
        let g = PageGeometry(page: layout("ar").pages[0], size: size)
        let first = g.frames[0]
        let cells = g.alternateCells(above: first, count: 3, rightToLeft: true)
        #expect(cells.allSatisfy { $0.x >= 0 })
        #expect(cells.map(\.x).min() == 0)
    }
}
