import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Glide typing in the reducer: which drags are glides, what a glide types, the bar's alternatives.
@Suite struct GlideGestureTests {
    static let size = Size(width: 1000, height: 300)
    let t0 = ContinuousClock.now

    func keyboard(_ layout: Layout = .us, glide: Bool = true) -> TypingKeyboard {
        TypingKeyboard(Keyboard(layout: layout, size: Self.size), glide: glide)
    }

    func centre(_ k: TypingKeyboard, _ id: String) -> Point {
        let r = k.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    func typed(_ effects: [Effect]) -> String {
        var text = ""
        for case .type(let sym, _) in effects {
            if sym == .backSpace { text += "⌫" } else if let s = sym.scalar { text.unicodeScalars.append(s) }
        }
        return text
    }

    /// Presses on the first letter, moves through the others' centres, releases on the last.
    func glide(_ letters: String, on k: inout TypingKeyboard, pointer: Int = 0) -> [Effect] {
        let points = letters.map { centre(k, String($0)) }
        var effects = k.handle(.press(points[0], pointer: pointer), at: t0)
        for (i, p) in points.enumerated().dropFirst() {
            let before = points[i - 1]
            effects += k.handle(.motion(Point(x: (before.x + p.x) / 2, y: (before.y + p.y) / 2), pointer: pointer), at: t0)
            effects += k.handle(.motion(p, pointer: pointer), at: t0)
        }
        return effects + k.handle(.release(points[points.count - 1], pointer: pointer), at: t0)
    }

    func glidePoints(_ effects: [Effect]) -> [Point]? {
        for case .decodeGlide(let points) in effects { return points }
        return nil
    }

    @Test func aDragOverLettersIsAGlideWhosePointsGoOutOnRelease() throws {
        var k = keyboard()
        let effects = glide("help", on: &k)
        let points = try #require(glidePoints(effects))
        #expect(points.first == centre(k, "h") && points.last == centre(k, "p"))
        #expect(points.count >= 7)
        #expect(typed(effects) == "h", "the press typed its letter, as always; nothing else before the word")
        #expect(k.pressed.isEmpty && k.glideDrag.trace == nil)
    }

    @Test func theWordTakesThePressesLetterBackAndTheNextGetsASpace() {
        var k = keyboard()
        let first = glide("help", on: &k)
        let typedFirst = typed(first + k.typeGlided(["help", "hello"], at: t0))
        #expect(typedFirst == "h⌫help")
        let second = glide("me", on: &k)
        #expect(typed(second + k.typeGlided(["me"], at: t0)) == "m⌫ me")
        // A full stop after it: no space (the space only ever comes before a glided word).
        let stop = k.handle(.press(centre(k, "m"), pointer: 0), at: t0)
        #expect(typed(stop) == "m")
    }

    @Test func aTapADragOnOneKeyAndGlideOffAreNoGlides() {
        var k = keyboard()
        let h = centre(k, "h")
        var effects = k.handle(.press(h, pointer: 0), at: t0)
        effects += k.handle(.motion(Point(x: h.x + 5, y: h.y + 5), pointer: 0), at: t0)
        effects += k.handle(.release(Point(x: h.x + 5, y: h.y + 5), pointer: 0), at: t0)
        #expect(glidePoints(effects) == nil && typed(effects) == "h")
        var off = keyboard(glide: false)
        #expect(glidePoints(glide("help", on: &off)) == nil)
    }

    @Test func aDragStartingOffTheLettersIsNoGlide() {
        var k = keyboard()
        let points = [centre(k, "backspace"), centre(k, "m"), centre(k, "n")]
        var effects = k.handle(.press(points[0], pointer: 0), at: t0)
        for p in points.dropFirst() { effects += k.handle(.motion(p, pointer: 0), at: t0) }
        effects += k.handle(.release(points[2], pointer: 0), at: t0)
        #expect(glidePoints(effects) == nil)
    }

    @Test func aLongPressOpensAlternatesNotAGlide() {
        var k = keyboard()
        let e = centre(k, "e")
        _ = k.handle(.press(e, pointer: 0), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        #expect(k.popup != nil && k.glideDrag.trace == nil)
        let effects = k.handle(.motion(centre(k, "r"), pointer: 0), at: t0 + .seconds(1))
        #expect(glidePoints(effects + k.handle(.release(centre(k, "r"), pointer: 0), at: t0 + .seconds(1))) == nil)
    }

    @Test func aKeyThatRepeatedIsNoGlideButAMotionLateFromABusyLoopIs() {
        var k = keyboard()
        let (d, f) = (centre(k, "h"), centre(k, "j"))  // keys without alternates, which repeat
        _ = k.handle(.press(d, pointer: 0), at: t0)
        // The loop was busy for a second: no tick came, so the key did not repeat.
        #expect(glidePoints(k.handle(.motion(f, pointer: 0), at: t0 + .seconds(1))
                            + k.handle(.release(f, pointer: 0), at: t0 + .seconds(1))) != nil)
        _ = k.handle(.press(d, pointer: 0), at: t0)
        #expect(typed(k.handle(.tick, at: t0 + k.repeatDelay)) == "h", "it repeated")
        #expect(glidePoints(k.handle(.motion(f, pointer: 0), at: t0 + .seconds(1))
                            + k.handle(.release(f, pointer: 0), at: t0 + .seconds(1))) == nil)
    }

    @Test func dwellsPressesNeverGlideNorLoseTheirLongPress() {
        var k = keyboard()
        let (e, r) = (centre(k, "e"), centre(k, "r"))
        var effects = k.handle(.press(e, pointer: DwellAid.pointer), at: t0)
        effects += k.handle(.motion(Point(x: e.x + 40, y: e.y), pointer: DwellAid.pointer), at: t0)
        effects += k.handle(.tick, at: t0 + .seconds(1))
        #expect(k.popup != nil, "the alternates open for dwell's held key, however the pointer drifted on it")
        _ = k.handle(.cancelAll, at: t0 + .seconds(1))
        effects = k.handle(.press(e, pointer: DwellAid.pointer), at: t0)
        effects += k.handle(.motion(r, pointer: DwellAid.pointer), at: t0)
        #expect(glidePoints(effects + k.handle(.release(r, pointer: DwellAid.pointer), at: t0)) == nil)
    }

    @Test func shiftCapitalisesTheGlidedWord() {
        var k = keyboard()
        k.setShift(.latched)
        _ = glide("help", on: &k)
        #expect(typed(k.typeGlided(["help"], at: t0)) == "⌫Help")
    }

    @Test func noWordLeavesThePressesLetter() {
        var k = keyboard()
        _ = glide("help", on: &k)
        #expect(k.typeGlided([], at: t0).isEmpty)
    }

    @Test func theBarOffersTheOtherWordsAndOneReplacesTheWordGlided() throws {
        let layout = Layout(id: "md", pages: Layout.us.pages, options: LayoutOptions(accessory: [.completions]))
        var k = keyboard(layout)
        _ = glide("help", on: &k)
        _ = k.typeGlided(["help", "hello", "hell"], at: t0)
        #expect(k.completions == ["hello", "hell"])
        let cell = try #require(k.accessory?.rect(of: .completion(0)))
        let p = Point(x: cell.midX, y: cell.midY)
        let effects = k.handle(.press(p, pointer: 0), at: t0) + k.handle(.release(p, pointer: 0), at: t0)
        #expect(typed(effects) == "⌫⌫⌫⌫hello")
        #expect(k.completions == ["help", "hell"], "the word replaced takes its place on the bar")
    }

    @Test func theGlideLettersFollowTheLiveKeymap() {
        var k = Keyboard(layout: .us, size: Self.size)
        #expect(String(k.glideLetters.map(\.letter)) == "qwertyuiopasdfghjklzxcvbnm")
        let xkb = Layout(id: "x", pages: [Page(id: "letters", rows: [Row([
            Key(id: "ac10", label: .text(";"), action: .xkbKey("AC10")), Key(id: "ad06", label: .text("y"), action: .xkbKey("AD06")),
        ])])])
        k = Keyboard(layout: xkb, size: Self.size)
        _ = k.setLiveKeys(["AC10": LiveKey(base: KeySym(rawValue: 0xF6), shifted: KeySym(rawValue: 0xD6)), "AD06": LiveKey(base: KeySym(rawValue: 0x7A), shifted: KeySym(rawValue: 0x5A))])
        #expect(String(k.glideLetters.map(\.letter)) == "öz")
    }
}

@Suite struct GlideTrailTests {
    @Test func theTrailShowsWhileGlidingAndFadesAfterTheLift() throws {
        var k = TypingKeyboard(Keyboard(layout: .us, size: GlideGestureTests.size), glide: true)
        let t0 = ContinuousClock.now
        let h = k.geometry.frame(id: "h")!.rect, e = k.geometry.frame(id: "e")!.rect
        _ = k.handle(.press(Point(x: h.midX, y: h.midY), pointer: 0), at: t0)
        #expect(k.glideDrag.trail(at: t0) == nil, "a press alone draws no trail")
        let moved = k.handle(.motion(Point(x: e.midX, y: e.midY), pointer: 0), at: t0)
        #expect(moved.contains(.redrawTrail))
        #expect(k.glideDrag.trail(at: t0)?.opacity == 1 && k.glideDrag.trail(at: t0)?.points.count == 2)
        _ = k.handle(.release(Point(x: e.midX, y: e.midY), pointer: 0), at: t0)
        let due = try #require(k.nextDeadline)
        let half = try #require(k.glideDrag.trail(at: t0 + Timing.glideTrail.fade / 2))
        #expect(half.opacity > 0.4 && half.opacity < 0.6)
        #expect(k.handle(.tick, at: due).contains(.redrawTrail))
        let end = t0 + Timing.glideTrail.fade
        #expect(k.handle(.tick, at: end).contains(.redrawTrail))
        #expect(k.glideDrag.trail(at: end) == nil && k.nextDeadline == nil, "gone, and no more timers")
    }
}
