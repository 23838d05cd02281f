import ClavierTestSupport
import CX11
import ClavierCore
import Foundation
import Testing

@Suite(.serialized) struct SoakTests {
    /// 2,000 clicks, each a press and a release 4 ms apart with 4 ms to the next (several
    /// times faster than anyone taps), on letters, Shift, digits, space, Return and € (off
    /// the keymap: borrowed and given back all along): xterm receives every character, and
    /// afterwards no key is held and the keymap is as it was.
    @Test(.needsDisplay) func twoThousandFastClicksLoseNothingAndLeaveNothingHeld() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        let before = server.keymapDump
        let (taps, expected) = Self.plan(clicks: 2000, seed: 18)
        #expect(taps.count == 2000)
        var pages: [String: [String: PrintedGeometry.Box]] = [:]
        for page in ["letters", "numbers", "symbols"] { pages[page] = try session.geometry(page: page) }
        let f = server.frame(of: session.keyboardWindow)
        for (page, id) in taps {
            let key = try #require(pages[page]?[id], "no key \(id) on \(page)")
            Self.fastClick(server, x: f.x + key.midX, y: f.y + key.midY)
        }
        let arrived = Harness.waitFor(30) { session.received.count >= expected.count }
        #expect(arrived, "received \(session.received.count) of \(expected.count) characters; clavier said: \(session.errors)")
        if let difference = firstDifference(sent: expected, received: session.received) { Issue.record("\(difference)") }
        #expect(server.heldKeycodes.isEmpty, "keys held while the keyboard runs: \(server.heldKeycodes)")
        #expect(session.stopKeyboard() == 0)
        #expect(server.heldKeycodes.isEmpty, "keys left held: \(server.heldKeycodes)")
        #expect(server.keymapDump == before, "the keymap was left changed")
    }

    /// `clicks` taps as (page, key id) and the text they type: mostly letters, some with
    /// Shift, digits, spaces and €, a Return every 60 clicks or so, and a Return last.
    static func plan(clicks: Int, seed: UInt64) -> (taps: [(String, String)], text: String) {
        let letters = "qwertyuiopasdfghjklzxcvbnm".map(String.init)
        // Core's seeded generator: the same taps on every machine.
        var random = SeededGenerator(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var taps: [(String, String)] = [], text = ""
        var sinceReturn = 0
        while taps.count < clicks - 5 {
            let letter = letters[next(letters.count)]
            switch next(24) {
            case 0:
                taps += [("letters", "shift"), ("letters", letter)]
                text += letter.uppercased()
            case 1:
                let digit = String(next(10))
                taps += [("letters", "page-numbers"), ("numbers", digit), ("numbers", "page-letters")]
                text += digit
            case 2:
                taps += [("letters", "page-numbers"), ("numbers", "page-symbols"), ("symbols", "€"), ("symbols", "page-letters")]
                text += "€"
            case 3, 4:
                taps.append(("letters", "space"))
                text += " "
            default:
                taps.append(("letters", letter))
                text += letter
            }
            if taps.count - sinceReturn >= 60 {
                taps.append(("letters", "return"))
                text += "\n"
                sinceReturn = taps.count
            }
        }
        while taps.count < clicks - 1 {
            taps.append(("letters", "a"))
            text += "a"
        }
        taps.append(("letters", "return"))
        return (taps, text + "\n")
    }

    /// Moves the pointer to (x, y) and clicks there through XTest, 4 ms down and 4 ms before
    /// the next (`XServer.click` takes 60 ms, a human pace, for window managers that replay).
    static func fastClick(_ server: XServer, x: Int, y: Int) {
        XTestFakeMotionEvent(server.connection, 0, Int32(x), Int32(y), 0)
        XTestFakeButtonEvent(server.connection, 1, 1, 0)
        XSync(server.connection, 0)
        usleep(4_000)
        XTestFakeButtonEvent(server.connection, 1, 0, 0)
        XSync(server.connection, 0)
        usleep(4_000)
    }
}
