import ClavierCore
import CX11
import Testing
@testable import ClavierApp

/// The whole loop (KeyboardApp+Loop.swift) on the recording host: the host's events are a
/// script, one turn each, and the app translates them into the session's events as it does
/// on X; what it asks of the world comes back to the host (issue 35: the host is the only
/// way out of the app).
@Suite struct LoopTests {
    func press(_ p: Point) -> HostEvent { .window(.pointer(.press(p, pointer: 0))) }
    func motion(_ p: Point) -> HostEvent { .window(.pointer(.motion(p, pointer: 0))) }
    func release(_ p: Point) -> HostEvent { .window(.pointer(.release(p, pointer: 0))) }

    @Test func aGlideIsDecodedAndASuggestionTakenThroughTheLoop() throws {
        var options = Session.Options()
        options.glide = true
        var decoded: [[Point]] = []
        let t = AppUnderTest(options, glideWords: { _, points, _ in
            decoded.append(points)
            return ["hello", "help"]
        }, words: ["world", "word", "work"])
        let letters = "helo".map { t.centre(String($0)) }
        var drawn = [press(letters[0])]
        for (a, b) in zip(letters, letters.dropFirst()) {
            for step in 1...4 {
                let s = Double(step) / 4
                drawn.append(motion(Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)))
            }
        }
        drawn.append(release(letters[letters.count - 1]))
        let bar = try #require(t.keyboard.accessory)
        let first = try #require(bar.rect(of: .completion(0)))
        let cell = Point(x: first.midX, y: first.midY)
        t.host.script = [[.window(.mapped)]] + drawn.map { [$0] }
            + [[.deadline], [press(t.centre("space")), release(t.centre("space"))], [press(cell), release(cell)],
               [.request(.hide)]]
        t.app.run(control: nil)

        #expect(decoded.count == 1, "the glide was not decoded once: \(decoded.count)")
        // The press's h taken back, the glided word typed; then a space, and the bar's first
        // word (the host's words, asked after the space) with its own space.
        var text = ""
        for line in t.host.log where line.hasPrefix("type ") {
            let typed = line.dropFirst(5)
            if typed == "0xff08" { _ = text.popLast() } else if typed == "0x20" { text += " " } else { text += typed }
        }
        #expect(text == "hello world ", "typed \(text.debugDescription); log: \(t.host.log)")
        #expect(t.host.log.first == "start" && t.host.log.last == "finish" && t.host.log.contains("hide"), "\(t.host.log)")
        // The loop waited for the session's deadlines (the trail's fade) and ended when the script did.
        #expect(t.host.deadlines.contains { $0 != nil })
        #expect(!t.app.running)
    }

    /// Idle `Timing.idleBuffers` after the last input or query, the models' pages are given
    /// back once, woken for by the loop's one deadline; then the loop waits with no deadline
    /// (no wakeup) until input comes, after which the next idle spell gives them back again.
    @Test func theModelsPagesAreGivenBackOnceAnIdleSpellAndNothingWakesAfter() throws {
        let t = AppUnderTest(words: ["world", "word", "work"])
        let key = t.centre("a")
        t.host.script = [[.window(.mapped)], [press(key), release(key)], [.deadline], [.deadline], [.deadline],
                         [press(key), release(key)], [.deadline], [.deadline], [.request(.hide)]]
        t.app.run(control: nil)
        let drops = t.host.log.indices.filter { t.host.log[$0] == "drop idle pages" }
        #expect(drops.count == 2, "\(t.host.log)")
        // After each drop, the loop waited with no deadline until the script's next input.
        #expect(t.host.deadlines.filter { $0 == nil }.count >= 2, "\(t.host.deadlines)")
        // The press typed the same before and after a trim (the words are the host's).
        #expect(t.host.typed == "aa", "\(t.host.log)")
    }

    /// What the show button and a hardware key ask goes through the session's rules: a hide
    /// while hidden, or in a kiosk, is dropped; the window's own events come back as session
    /// events (another program closing or destroying the window).
    @Test func theHostsRequestsAndWindowEventsReachTheSession() {
        var kiosk = Session.Options()
        kiosk.kiosk = true
        let t = AppUnderTest(kiosk)
        t.host.script = [[.request(.hide)], [.window(.close)]]
        t.app.run(control: nil)
        #expect(!t.host.log.contains("hide"), "a kiosk keyboard hid: \(t.host.log)")
        let gone = AppUnderTest(kiosk)
        gone.host.script = [[.window(.destroyed)]]
        gone.app.run(control: nil)
        #expect(gone.host.log.contains("recreate"), "a kiosk keyboard's destroyed window was not made again: \(gone.host.log)")

        // A plug's window destroyed with its embedder (`--xid`) is said so by the X window.
        let plug = AppUnderTest()
        plug.host.script = [[.window(.embedderGone)], [.request(.show)]]
        plug.app.run(control: nil)
        #expect(!plug.host.log.contains("recreate") && plug.host.script.count == 1, "a plug outlived its window: \(plug.host.log)")
    }
}
