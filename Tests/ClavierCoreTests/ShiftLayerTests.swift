import Testing
@testable import ClavierCore

/// A key's own Shift layer (`shift:` in a layout): scripts without case whose Shift gives
/// other letters (InScript Hindi, Thai Kedmanee) show and type that layer while Shift is on.
@Suite struct ShiftLayerTests {
    let size = Size(width: 800, height: 200)
    let t0 = ContinuousClock.now

    /// InScript's first keys: ौ (Shift औ), ै (Shift ऐ), and a key with no layer of its own.
    var layout: Layout {
        Layout(id: "t", pages: [Page(id: "letters", rows: [Row([
            Key(id: "au", label: .text("ौ"), action: .text("ौ"), shifted: .text("औ")),
            Key(id: "ai", label: .text("ै"), action: .text("ै"), keyClass: .letter,
                shifted: ShiftedKey(label: .text("ऐ"), action: .text("ऐ"))),
            Key(id: "left", label: .text("←"), action: .key(.left), keyClass: .function,
                shifted: ShiftedKey(label: .text("⇤"), action: .key(KeySym(rawValue: 0xFF50)))),
            Key.character("a"),
            Key(id: "shift", label: .icon(.shift), action: .modifier(.shift), keyClass: .function),
        ])])], options: LayoutOptions(accessory: [.completions], language: "hi"))
    }

    func tap(_ k: inout Keyboard, _ id: Key.ID) -> [Effect] {
        let rect = k.geometry.frame(id: id)!.rect
        let p = Point(x: rect.midX, y: rect.midY)
        return k.handle(.press(p), at: t0) + k.handle(.release(p), at: t0 + .milliseconds(50))
    }

    func typed(_ effects: [Effect]) -> [KeySym] { effects.compactMap { if case .type(let sym, _) = $0 { sym } else { nil } } }

    @Test func withoutShiftTheKeyIsItself() {
        var k = Keyboard(layout: layout, size: size)
        #expect(k.label(of: k.page.key(id: "au")!) == .text("ौ"))
        #expect(typed(tap(&k, "au")) == [KeySym(scalar: "ौ")])
    }

    @Test func underShiftItShowsAndTypesItsLayer() {
        var k = Keyboard(layout: layout, size: size)
        k.setShift(.latched)
        #expect(k.label(of: k.page.key(id: "au")!) == .text("औ"))
        #expect(k.label(of: k.page.key(id: "ai")!) == .text("ऐ"))
        #expect(k.label(of: k.page.key(id: "a")!) == .text("A"), "a key without a layer still upper-cases")
        let effects = tap(&k, "au")
        #expect(effects.contains(.type(KeySym(scalar: "औ"), modifiers: [])), "typed as written, Shift not held around it")
        #expect(k.shift == .off, "the latch is spent")
        #expect(k.label(of: k.page.key(id: "au")!) == .text("ौ"))
    }

    @Test func aLockedShiftKeepsTheLayer() {
        var k = Keyboard(layout: layout, size: size)
        k.setShift(.locked)
        #expect(typed(tap(&k, "ai")) == [KeySym(scalar: "ऐ")])
        #expect(typed(tap(&k, "au")) == [KeySym(scalar: "औ")])
    }

    @Test func aNamedKeysLayerTakesShiftAsNamedKeysDo() {
        var k = Keyboard(layout: layout, size: size)
        k.setShift(.latched)
        #expect(k.label(of: k.page.key(id: "left")!) == .text("⇤"))
        #expect(tap(&k, "left").contains(.type(KeySym(rawValue: 0xFF50), modifiers: .shift)))
    }

    /// A prose field's start latches Shift for a capital; where Shift gives other letters it
    /// would give औ for ौ, so it stays off there (and still latches on `us`).
    @Test func aSentenceStartLatchesNoShiftWhereShiftGivesOtherLetters() {
        var hindi = TypingKeyboard(Keyboard(layout: layout.offering(suggestions: 3), size: size), capitalize: .prose)
        _ = hindi.focusMoved(to: .prose, before: "", at: t0 - .seconds(10))
        #expect(hindi.shift == .off)
        var latin = TypingKeyboard(Keyboard(layout: Layout(id: "t", pages: [Page(id: "letters", rows: [Row([
            Key.character("a"), Key(id: "shift", label: .icon(.shift), action: .modifier(.shift), keyClass: .function),
        ])])], options: LayoutOptions(accessory: [.completions])).offering(suggestions: 3), size: size), capitalize: .prose)
        _ = latin.focusMoved(to: .prose, before: "", at: t0 - .seconds(10))
        #expect(latin.shift == .latched)
    }
}
