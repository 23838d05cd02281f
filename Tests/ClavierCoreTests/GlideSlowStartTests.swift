import ClavierBuiltins
import Testing
@testable import ClavierCore

/// A glide begun slowly on a key with alternates (`e`, `a`, `u` on us): the finger rests a
/// moment, then moves on through the word before the long press would open the alternates.
@Suite struct GlideSlowStartTests {
    let t0 = ContinuousClock.now

    func keyboard() -> TypingKeyboard {
        TypingKeyboard(Keyboard(layout: .us, size: GlideGestureTests.size), glide: true)
    }

    func rect(_ k: TypingKeyboard, _ id: String) -> Rect { k.geometry.frame(id: id)!.rect }

    func glided(_ effects: [Effect]) -> Bool {
        effects.contains { if case .decodeGlide = $0 { true } else { false } }
    }

    /// Events every 16 ms with the ticks the loop sends when the keyboard asks for one.
    func run(_ k: inout TypingKeyboard, _ points: [Point], from start: Duration = .zero) -> [Effect] {
        var effects = k.handle(.press(points[0], pointer: 0), at: t0 + start)
        var now = t0 + start
        for p in points.dropFirst() {
            now += .milliseconds(16)
            if let due = k.nextDeadline, due <= now { effects += k.handle(.tick, at: now) }
            effects += k.handle(.motion(p, pointer: 0), at: now)
        }
        return effects + k.handle(.release(points[points.count - 1], pointer: 0), at: now + .milliseconds(16))
    }

    @Test func aSlowStartOnAKeyWithAlternatesStillGlides() {
        for first in ["e", "a", "u"] {
            var k = keyboard()
            let e = rect(k, first), next = rect(k, first == "u" ? "p" : "t")
            // 20 small moves inside the key (320 ms), then on to the next letters quickly.
            var points = (0...20).map { Point(x: e.midX + Double($0) * Double(e.width) / 50, y: e.midY) }
            let from = points[points.count - 1]
            for s in 1...6 {
                let t = Double(s) / 6
                points.append(Point(x: from.x + (next.midX - from.x) * t, y: from.y + (next.midY - from.y) * t))
            }
            let effects = run(&k, points)
            #expect(glided(effects), "a drag from \(first) on to the next letters within the long press delay glides")
            #expect(k.popup == nil && k.pressed.isEmpty)
        }
    }

    /// The finger starts moving on the key and takes a while to leave it: once it has moved
    /// more than a tremble, the press is no long press, and the alternates never open.
    @Test func aDragThatMovesOnTheKeyOpensNoAlternatesAndStillGlides() {
        var k = keyboard()
        let e = rect(k, "e"), r = rect(k, "r"), t = rect(k, "t")
        // 40 moves of a pixel each inside e (640 ms, past the long press delay), then r and t.
        var points = (0...40).map { Point(x: e.midX + Double($0), y: e.midY) }
        points += [Point(x: r.midX, y: r.midY), Point(x: t.midX, y: t.midY)]
        let effects = run(&k, points)
        #expect(glided(effects), "the drag glides")
        #expect(k.popup == nil && k.pressed.isEmpty)
    }

    @Test func aTrembleOnTheKeyStillOpensTheAlternates() {
        var k = keyboard()
        let e = rect(k, "e")
        let points = (0...40).map { Point(x: e.midX + Double($0 % 3), y: e.midY + Double($0 % 2)) }
        var now = t0
        _ = k.handle(.press(points[0], pointer: 0), at: now)
        for p in points.dropFirst() {
            now += .milliseconds(16)
            if let due = k.nextDeadline, due <= now { _ = k.handle(.tick, at: now) }
            _ = k.handle(.motion(p, pointer: 0), at: now)
        }
        #expect(k.popup != nil, "a hand held still trembles: it is a long press all the same")
    }

    @Test func aDragThatMovesOnTheKeyAndLiftsThereTypesTheKey() {
        var k = keyboard()
        let e = rect(k, "e")
        let points = (0...40).map { Point(x: e.midX + Double($0), y: e.midY) }
        let effects = run(&k, points)
        #expect(!glided(effects) && k.popup == nil)
        #expect(effects.contains { if case .type(let sym, _) = $0 { sym.scalar == "e" } else { false } }, "a tap of e")
    }
}
