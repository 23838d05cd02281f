import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Several fingers at once: each touch is its own pointer id in the reducer, as XInput 2.2
/// delivers them.
@Suite struct TouchTests {
    let size = Size(width: 1280, height: 330)
    let t0 = ContinuousClock.now

    func typed(_ effects: [Effect]) -> String {
        effects.reduce(into: "") { out, e in if case .type(let sym, _) = e { out += sym.scalar.map { String(Character($0)) } ?? "?" } }
    }

    @Test func twoOverlappingTapsTypeBothInTouchDownOrder() {
        var k = Keyboard(layout: .us, size: size)
        var out = ""
        out += typed(k.handle(.press(k.centre(of: "h"), pointer: 11), at: t0))
        out += typed(k.handle(.press(k.centre(of: "j"), pointer: 12), at: t0 + .milliseconds(30)))
        out += typed(k.handle(.release(k.centre(of: "h"), pointer: 11), at: t0 + .milliseconds(60)))
        out += typed(k.handle(.release(k.centre(of: "j"), pointer: 12), at: t0 + .milliseconds(90)))
        #expect(out == "hj")
        #expect(k.pressed.isEmpty)
    }

    @Test func shiftHeldByOneFingerCapitalisesALetterTappedByAnother() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "shift"), pointer: 21), at: t0)
        let letter = k.handle(.press(k.centre(of: "g"), pointer: 22), at: t0 + .milliseconds(40))
            + k.handle(.release(k.centre(of: "g"), pointer: 22), at: t0 + .milliseconds(80))
        _ = k.handle(.release(k.centre(of: "shift"), pointer: 21), at: t0 + .milliseconds(120))
        #expect(typed(letter) == "G")
        #expect(k.pressed.isEmpty)
    }

    @Test func aTouchThatEndsOffTheKeyboardTypesWhatItsKeyTypedAndNothingMore() {
        var k = Keyboard(layout: .us, size: size)
        let outside = Point(x: -40, y: -300)
        var effects = k.handle(.press(k.centre(of: "h"), pointer: 31), at: t0)
        effects += k.handle(.motion(outside, pointer: 31), at: t0 + .milliseconds(20))
        effects += k.handle(.release(outside, pointer: 31), at: t0 + .milliseconds(40))
        #expect(typed(effects) == "h")
        // A key with alternates types on release: slid off, it types nothing.
        effects = k.handle(.press(k.centre(of: "e"), pointer: 32), at: t0 + .seconds(1))
        effects += k.handle(.motion(outside, pointer: 32), at: t0 + .seconds(1) + .milliseconds(20))
        effects += k.handle(.release(outside, pointer: 32), at: t0 + .seconds(1) + .milliseconds(40))
        #expect(typed(effects) == "")
        #expect(k.pressed.isEmpty && k.nextDeadline == nil)
    }

    @Test func cancellingEndsEveryTouch() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "q"), pointer: 41), at: t0)
        _ = k.handle(.press(k.centre(of: "w"), pointer: 42), at: t0)
        _ = k.handle(.press(k.centre(of: "e"), pointer: 43), at: t0)
        _ = k.handle(.cancelAll, at: t0 + .milliseconds(10))
        #expect(k.pressed.isEmpty && k.nextDeadline == nil)
        #expect(typed(k.handle(.release(k.centre(of: "e"), pointer: 43), at: t0 + .milliseconds(20))) == "")
    }

    /// 1,000 seeded interleavings of 2–4 touches on keys that type on press, each with a few
    /// moves inside its key: every key is typed once, in touch-down order, and nothing stays
    /// pressed or asks for a timer.
    @Test func randomInterleavingsNeverLoseRepeatOrReorderAKey() {
        var random = SeededGenerator(seed: 2026_11_23)
        let letters = ["q", "w", "p", "f", "h", "j", "x", "v", "b", "m"]
        for round in 0..<1_000 {
            var k = Keyboard(layout: .us, size: size)
            let count = Int.random(in: 2...4, using: &random)
            // Each touch: press, 0–2 moves inside its key, release.
            var sequences: [[InputEvent]] = (0..<count).map { i in
                let key = letters.randomElement(using: &random)!
                let rect = k.geometry.frame(id: key)!.rect
                func inside() -> Point {
                    Point(x: Double(rect.x + 2) + Double.random(in: 0...Double(rect.width - 4), using: &random),
                          y: Double(rect.y + 2) + Double.random(in: 0...Double(rect.height - 4), using: &random))
                }
                let pointer = 100 + i
                return [.press(inside(), pointer: pointer)]
                    + (0..<Int.random(in: 0...2, using: &random)).map { _ in .motion(inside(), pointer: pointer) }
                    + [.release(inside(), pointer: pointer)]
            }
            var expected = "", out = ""
            var now = t0
            while sequences.contains(where: { !$0.isEmpty }) {
                let i = sequences.indices.filter { !sequences[$0].isEmpty }.randomElement(using: &random)!
                let event = sequences[i].removeFirst()
                if case .press(let p, _) = event, let key = k.geometry.key(at: p), case .text(let text) = key.action { expected += text }
                now += .milliseconds(Int.random(in: 1...30, using: &random))
                out += typed(k.handle(event, at: now))
            }
            #expect(out == expected, "round \(round)")
            #expect(k.pressed.isEmpty && k.nextDeadline == nil, "round \(round)")
        }
    }
}
