import ClavierCore
import Testing
@testable import ClavierApp

/// Glide typing through the app: the session's `.decodeGlide` goes to the decoder hook at the
/// lift, its words come back as `.glided` and are typed; the trail is the host's to paint.
@Suite struct GlideAppTests {
    /// Draws h → e → l → o with pointer 3 and lifts.
    func glideHelo(_ t: AppUnderTest) {
        t.app.send(.input(.press(t.centre("h"), pointer: 3)))
        for key in ["e", "l", "o"] { t.app.send(.input(.motion(t.centre(key), pointer: 3))) }
        t.app.send(.input(.release(t.centre("o"), pointer: 3)))
    }

    func glideOptions(_ on: Bool) -> Session.Options {
        var options = Session.Options()
        options.glide = on
        return options
    }

    @Test func aGlideIsDecodedAtTheLiftAndItsWordTyped() {
        var asked: [[Point]] = []
        let t = AppUnderTest(glideOptions(true)) { _, points, _ in
            asked.append(points)
            return ["hello", "hell"]
        }
        glideHelo(t)
        #expect(asked.count == 1 && asked.first?.first == t.centre("h") && asked.first?.last == t.centre("o"))
        // The press typed h as a tap does; the glide takes it back and types the word.
        #expect(t.host.log.filter { $0.hasPrefix("type") } == ["type h", "type 0xff08", "type h", "type e", "type l", "type l", "type o"])
        #expect(t.host.log.contains("trail"), "the trail was painted while drawn")
        t.wait(1000)
        #expect(t.host.log.last == "trail gone" && t.app.session.nextDeadline(after: t.now) == nil, "the trail faded and went")
        // A layout the session is handed (a rule, `clavier layout`) glides too.
        #expect(t.request(.layout("us")) == .ok(nil) && t.app.session.typing.mayGlide)
    }

    @Test func withGlideOffADragTypesOnlyItsFirstLetter() {
        let t = AppUnderTest(glideOptions(false)) { _, _, _ in
            Issue.record("no glide to decode")
            return []
        }
        glideHelo(t)
        #expect(t.host.typed == "h" && !t.host.log.contains("trail"))
    }
}
