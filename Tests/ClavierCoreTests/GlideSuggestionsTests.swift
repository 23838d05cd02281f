import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Glide typing and the suggestion bar together in the session: a glided word is typed text
/// (the context, learning), its alternatives hold the bar until something else is typed.
@Suite struct GlideSuggestionsTests {
    let t0 = ContinuousClock.now

    func session() -> Session {
        var options = Session.Options()
        options.capitalize = .never
        options.glide = true
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func centre(_ s: Session, _ id: String) -> Point {
        let r = s.keyboard.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    func tap(_ s: inout Session, _ p: Point) -> [Effect] {
        s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
    }

    func glide(_ letters: String, on s: inout Session) -> [Effect] {
        let points = letters.map { centre(s, String($0)) }
        var effects = s.handle(.input(.press(points[0], pointer: 0)), at: t0)
        for p in points.dropFirst() { effects += s.handle(.input(.motion(p, pointer: 0)), at: t0) }
        return effects + s.handle(.input(.release(points[points.count - 1], pointer: 0)), at: t0)
    }

    @Test func theBarShowsTheGlidesAlternativesThenSuggestionsAgain() throws {
        var s = session()
        _ = tap(&s, centre(s, "o"))
        _ = tap(&s, centre(s, "k"))
        let released = glide("help", on: &s)
        #expect(released.contains { if case .decodeGlide = $0 { true } else { false } })
        let glided = s.handle(.glided(["help", "hello", "hell"]), at: t0)
        #expect(!glided.contains(.suggest), "the alternatives hold the bar")
        #expect(s.typing.completions == ["hello", "hell"])
        #expect(s.typing.context.before == "ok help", "the glided word is in the context")
        // Words asked for before the glide come late: they do not push the alternatives off.
        _ = s.handle(.completions(["okay"]), at: t0)
        #expect(s.typing.completions == ["hello", "hell"])
        // An alternative replaces the glided word, and the bar still offers the others.
        let cell = try #require(s.keyboard.accessory?.rect(of: .completion(0)))
        let replaced = tap(&s, Point(x: cell.midX, y: cell.midY))
        #expect(!replaced.contains(.suggest))
        #expect(s.typing.context.before == "ok hello")
        #expect(s.typing.completions == ["help", "hell"])
        // Anything typed next ends the alternatives: suggestions again, and learning has the word.
        #expect(tap(&s, centre(s, "space")).contains(.suggest))
        let ended = tap(&s, centre(s, "return"))
        #expect(ended.contains(.learn("ok hello \n")), "\(ended)")
    }

    @Test func anotherWindowEndsTheAlternatives() {
        var s = session()
        _ = glide("help", on: &s)
        _ = s.handle(.glided(["help", "hello"]), at: t0)
        #expect(s.typing.glideContext.lastWord == "help")
        let moved = s.handle(.activeWindow(WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "")), at: t0)
        #expect(s.typing.glideContext.lastWord == nil && moved.contains(.suggest))
    }

    @Test func aPasswordFieldNeverGlides() {
        var s = session()
        _ = s.handle(.field(.password, before: nil, moved: true), at: t0)
        #expect(!s.typing.mayGlide)
        #expect(!glide("help", on: &s).contains { if case .decodeGlide = $0 { true } else { false } })
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        #expect(s.typing.mayGlide)
    }
}
