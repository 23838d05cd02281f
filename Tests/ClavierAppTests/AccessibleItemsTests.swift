import CAccessibleKeys
import ClavierBuiltins
import ClavierCore
import Testing
@testable import ClavierApp

/// What the keys' AT-SPI objects say of a picture (issue 50, `AccessibleKeys.items`): the bar's
/// words, then every key, each by the name a voice says, at its rectangle, latched or not.
@Suite struct AccessibleItemsTests {
    @Test func theBarsWordsAndEveryKeyAreNamedWhereTheyShow() throws {
        let keyboard = Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1280, height: 330))
        let items = AccessibleKeys.items(of: Picture(keyboard, completions: ["the", "I", "if"]))
        #expect(items.prefix(3).map(\.name) == ["the", "I", "if"])
        #expect(items.prefix(3).map(\.id) == ["word-0", "word-1", "word-2"])
        let q = try #require(items.first { $0.id == "q" })
        #expect(q.name == "q" && q.rect == keyboard.geometry.frame(id: "q")?.rect)
        let names = Set(items.map(\.name))
        for name in ["q", "p", "shift", "backspace", "space", "return", "hide keyboard"] { #expect(names.contains(name), "\(name)") }
        #expect(items.allSatisfy { $0.rect.width > 0 && $0.state == Int32(CLAVIER_ACCESSIBLE_NORMAL) })
        // Every key of the page is one object, and no empty slot of the bar is.
        #expect(items.count(where: { if case .key = $0.target { true } else { false } }) == keyboard.geometry.frames.count)
    }

    @Test func aLatchedShiftIsCheckedAndTheLettersAreCapitals() throws {
        var keyboard = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        let shift = try #require(keyboard.geometry.frame(id: "shift")?.rect)
        let centre = Point(x: shift.midX, y: shift.midY)
        let now = ContinuousClock.now
        _ = keyboard.handle(.press(centre), at: now)
        _ = keyboard.handle(.release(centre), at: now)
        let items = AccessibleKeys.items(of: Picture(keyboard))
        #expect(items.first { $0.id == "shift" }?.state == Int32(CLAVIER_ACCESSIBLE_CHECKED))
        #expect(items.first { $0.id == "q" }?.name == "capital q")
    }
}
