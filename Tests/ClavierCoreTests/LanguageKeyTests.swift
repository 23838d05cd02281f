import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The language key (issue 27, part 5): a globe before the space bar of the first page; a tap
/// switches to the next language, a long press lists them and a release on one chooses it.
@Suite struct LanguageKeyTests {
    let t0 = ContinuousClock.now
    let languages = ["us", "de", "ru"]

    func centre(_ k: Keyboard, _ id: String) -> Point {
        let r = k.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    @Test func theGlobeStandsBeforeTheSpaceBarOfTheFirstPageOnly() {
        let layout = Layout.us.speaking(languages)
        #expect(layout.pages[0].rows[3].keys.map(\.id) == ["page-numbers", "hide", "language", "space", "return"])
        #expect(layout.pages[0].rows[3].units == Layout.us.pages[0].rows[3].units)
        #expect(layout.pages[1] == Layout.us.pages[1] && layout.pages[2] == Layout.us.pages[2])
        #expect(layout.pages[0].key(id: "language")?.alternates == languages)
        #expect(Layout.us.speaking(["us"]) == Layout.us, "one language needs no key")
        #expect(layout.speaking(languages) == layout, "never twice")
        let pad = Layout(id: "pin", pages: [Page(id: "digits", rows: [Row([Key.character("1")])])])
        #expect(pad.speaking(languages) == pad, "no space bar, no globe")
    }

    @Test func aTapSwitchesToTheNextLanguageAndALongPressChoosesOne() {
        var k = Keyboard(layout: Layout.us.speaking(languages), size: Size(width: 1000, height: 300))
        let globe = centre(k, "language")
        let tapped = k.handle(.press(globe, pointer: 0), at: t0) + k.handle(.release(globe, pointer: 0), at: t0)
        #expect(tapped.contains(.switchLanguage(nil)))
        #expect(!tapped.contains { if case .type = $0 { true } else { false } })
        _ = k.handle(.press(globe, pointer: 0), at: t0)
        _ = k.handle(.tick, at: t0 + k.longPressDelay)
        let popup = try! #require(k.popup)
        #expect(popup.texts == languages)
        let ru = Point(x: popup.cells[2].midX, y: popup.cells[2].midY)
        _ = k.handle(.motion(ru, pointer: 0), at: t0 + .seconds(1))
        let chosen = k.handle(.release(ru, pointer: 0), at: t0 + .seconds(1))
        #expect(chosen.contains(.switchLanguage(2)))
        #expect(!chosen.contains { if case .type = $0 { true } else { false } }, "a language's name is never typed")
    }

    /// Each keymap's language is written on its own layout where one is shipped: Vietnamese
    /// (`vn`) on `vi`, with its own letters and tones, not on `us`.
    @Test func eachKeymapBringsItsLanguagesLayout() {
        #expect(Layout.writing(keymap: "vn") == "vi")
        #expect(Layout.writing(keymap: "ru") == "ru")
        #expect(Layout.writing(keymap: "de") == "us")
    }

    /// On a layout that writes one language (`us`, `ru` …, issue 51) the globe moves between
    /// the languages' own layouts: us → de (still us, the group locked) → ru (the ru layout
    /// loaded) → us; a long press's choice loads its layout too. The `xkb` layout only locks groups.
    @Test func onALayoutOfOneLanguageTheGlobeBringsTheNextLanguagesLayout() {
        let size = Size(width: 1000, height: 300)
        var s = Session(keyboard: Keyboard(layout: Layout.us.speaking(languages), size: size), options: Session.Options(), at: t0)
        func tap() -> [Effect] {
            let globe = centre(s.keyboard, "language")
            return s.handle(.input(.press(globe, pointer: 0)), at: t0) + s.handle(.input(.release(globe, pointer: 0)), at: t0)
        }
        func loads(_ effects: [Effect]) -> [String] {
            effects.compactMap { if case .loadLayout(let name, .request) = $0 { name } else { nil } }
        }
        let toGerman = tap()
        #expect(toGerman.contains(.switchLanguage(1)) && loads(toGerman).isEmpty, "\(toGerman)")
        let toRussian = tap()
        #expect(toRussian.contains(.switchLanguage(2)) && loads(toRussian) == ["ru"], "\(toRussian)")
        let russian = Layout(id: "ru", pages: [Page(id: "letters", rows: [Row([Key.character("й")]), Layout.us.pages[0].rows[3]])])
        _ = s.handle(.keyboardReady(Keyboard(layout: russian.speaking(languages), size: size), .request("ru")), at: t0)
        let back = tap()
        #expect(back.contains(.switchLanguage(0)) && loads(back) == ["us"], "\(back)")

        var xkb = Session(keyboard: Keyboard(layout: Layout(id: "xkb", pages: Layout.us.pages).speaking(languages), size: size),
                          options: Session.Options(), at: t0)
        let globe = centre(xkb.keyboard, "language")
        let locked = xkb.handle(.input(.press(globe, pointer: 0)), at: t0) + xkb.handle(.input(.release(globe, pointer: 0)), at: t0)
        #expect(locked.contains(.switchLanguage(nil)) && loads(locked).isEmpty, "\(locked)")
    }
}
