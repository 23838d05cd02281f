import CX11
import ClavierCore
import ClavierX11
import Testing
@testable import ClavierApp

/// A finger's glide: Xvfb has no touch device, so, as XInput2Tests do, real `XIDeviceEvent`
/// touch events are built and passed through `XInput2.windowEvent` (what the loop calls for
/// every XI2 event it reads); what it makes of them goes to the app as the loop sends it (a
/// docked keyboard's keys begin at the window's corner), and the app decodes with the real
/// decoder over the installed words, as `clavier` does.
@Suite struct TouchGlideTests {
    func touch(_ type: Int32, at p: Point, touch: Int32 = 9) -> WindowEvent? {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.deviceid = 4
        e.sourceid = 12
        e.detail = touch
        e.event_x = p.x
        e.event_y = p.y
        return XInput2.windowEvent(e)
    }

    /// The text typed, BackSpace taking back the character before it.
    func text(_ host: RecordingHost) -> String {
        var text = ""
        for line in host.log where line.hasPrefix("type ") {
            let typed = line.dropFirst(5)
            if typed == "0xff08" { _ = text.popLast() } else { text += typed }
        }
        return text
    }

    @Test func aTouchDrawnThroughAWordsLettersTypesTheWord() throws {
        let glides = GlideDecoders()
        var options = Session.Options()
        options.glide = true
        let t = AppUnderTest(options) { glides.words(for: $1, on: $0, after: $2) }
        let letters = "world".map { t.centre(String($0)) }
        var events = [touch(XI_TouchBegin, at: letters[0])]
        for (a, b) in zip(letters, letters.dropFirst()) {
            for step in 1...5 {
                let s = Double(step) / 5
                events.append(touch(XI_TouchUpdate, at: Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)))
            }
        }
        events.append(touch(XI_TouchEnd, at: letters[letters.count - 1]))
        var pointers = Set<Int>()
        for event in events {
            guard case .pointer(let input)? = event else {
                Issue.record("a touch is a pointer's press, motion or release: \(String(describing: event))")
                return
            }
            switch input {
            case .press(_, let p), .motion(_, let p), .release(_, let p): pointers.insert(p)
            default: break
            }
            t.app.send(.input(input))
        }
        #expect(pointers.count == 1 && pointers.first != 0, "one finger, one pointer, not the mouse's")
        #expect(text(t.host) == "world", "typed: \(t.host.log.filter { $0.hasPrefix("type") })")
        #expect(t.keyboard.pressed.isEmpty && t.keyboard.glideDrag.trace == nil, "nothing left held")
    }
}
