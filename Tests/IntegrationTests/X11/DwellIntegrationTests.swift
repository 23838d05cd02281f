import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Glibc
import Testing

/// Dwell on a real keyboard beside a real xterm: the pointer moved by XTest with no button,
/// what arrives in the xterm, and the mark on the key as the screen shows it.
@Suite(.serialized, .needsDisplay) struct DwellIntegrationTests {
    /// Rests on `id` until the dwell has pressed it (the status says `done`).
    func dwell(on id: String, _ aid: AidSession, page: String = "letters") throws -> Bool {
        try aid.moveOnto(id, page: page)
        return aid.waitForStatus("dwell:") { $0 == "dwell: \(id) done" }
    }

    /// Ends the line by dwelling on Return, and expects xterm to have received `line`.
    func expectLine(_ line: String, _ aid: AidSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try dwell(on: "return", aid), sourceLocation: sourceLocation)
        aid.parkPointer()
        #expect(aid.session.waitForLines(1), "\(aid.session.said)", sourceLocation: sourceLocation)
        #expect(aid.session.received == line, "\(aid.session.said)", sourceLocation: sourceLocation)
        #expect(aid.session.stopKeyboard() == 0, sourceLocation: sourceLocation)
    }

    @Test func aRestedKeyTypesOnceAndAgainOnlyAfterLeaving() throws {
        let aid = try AidSession(["--dwell", "400"])
        try aid.moveOnto("h")
        // The pointer rests on h for two seconds: one h, not five.
        sleep(2)
        #expect(aid.status("dwell:") == "dwell: h done")
        // Moved away after 0.2 s, j types nothing.
        aid.parkPointer()
        try aid.moveOnto("j", dx: 0)
        usleep(200_000)
        aid.parkPointer()
        #expect(aid.waitForStatus("dwell:") { $0 == "dwell: idle" }, "no count while the pointer is off the keyboard")
        // Back on h: it types again.
        #expect(try dwell(on: "h", aid))
        try expectLine("hh\n", aid)
    }

    @Test func shiftByDwellThenALetterGivesACapitalAndClicksStillWork() throws {
        let aid = try AidSession(["--dwell", "400"])
        #expect(try dwell(on: "shift", aid))
        #expect(try dwell(on: "h", aid))
        // A real click beside the dwell, then a rest on the clicked key types no second i.
        let i = try aid.centre(of: "i")
        aid.server.click(x: i.x, y: i.y)
        usleep(800_000)
        #expect(aid.status("dwell:") == "dwell: idle", "a clicked key is not dwelt on until the pointer leaves it")
        try expectLine("Hi\n", aid)
    }

    @Test func aPageKeyByDwellSwitchesPagesAndTheKeyNowUnderThePointerWaitsForAMove() throws {
        let aid = try AidSession(["--dwell", "400"])
        try aid.moveOnto("page-numbers")
        #expect(aid.waitForStatus("page:") { $0 == "page: numbers" })
        usleep(800_000)
        #expect(aid.status("dwell:") == "dwell: page-letters done", "the still pointer presses no page key back")
        #expect(try dwell(on: "1", aid, page: "numbers"))
        try expectLine("1\n", aid)
    }

    @Test func aKeysAlternatesByDwell() throws {
        let aid = try AidSession(["--dwell", "400"])
        // Held by the dwell, a shows its alternates (á, à, â …); resting on the second types it.
        #expect(try dwell(on: "a", aid))
        let a = try aid.centre(of: "a")
        var popup = ""
        #expect(aid.waitForStatus("dwell:") { popup = $0; return $0.hasPrefix("dwell: popup") }, "\(popup)")
        let cells = try #require(try aid.session.geometry(page: "letters")["a"])
        // The alternates stand in a row above the key, one key wide each, the first over it.
        aid.server.movePointer(x: a.x + cells.width, y: a.y - cells.height - cells.height / 5)
        #expect(aid.waitForStatus("dwell:") { $0.hasPrefix("dwell: alternate 1 ") }, "\(aid.status("dwell:"))")
        // Typed, the popup closes; the key now under the pointer is spent, not pressed too.
        #expect(aid.waitForStatus("dwell:") { $0.hasSuffix(" done") }, "\(aid.status("dwell:"))")
        try expectLine("à\n", aid)
    }

    @Test func aFloatingKeyboardDwellsOnItsKeysNotItsHandle() throws {
        let aid = try AidSession(["--geometry", "800x300+100+400", "--dwell", "400"], top: FloatFrame.handleHeight)
        let f = aid.server.frame(of: aid.session.keyboardWindow)
        aid.server.movePointer(x: f.x + 200, y: f.y + FloatFrame.handleHeight / 2)
        usleep(600_000)
        #expect(aid.status("dwell:") == "dwell: idle", "the handle is for moving, not typing")
        #expect(try dwell(on: "h", aid))
        try expectLine("h\n", aid)
    }

    @Test func theKeyFillsAsTheDwellCounts() throws {
        let aid = try AidSession(["--dwell", "4000"])
        try aid.moveOnto("g")
        func percent(_ line: String) -> Int { Int(line.split(separator: " ").last?.dropLast() ?? "") ?? -1 }
        #expect(aid.waitForStatus("dwell:") { (40...55).contains(percent($0)) }, "\(aid.status("dwell:"))")
        var after = -1
        let differing = try #require(try aid.pixelsDifferingFromRender { after = percent(aid.status("dwell:")) })
        #expect((40...60).contains(after), "the picture was taken at about half: \(after)%")
        let g = try #require(try aid.session.geometry(page: "letters")["g"])
        // Only g changed, and its lower half, not its top.
        #expect(!differing.isEmpty)
        #expect(differing.allSatisfy { $0.x >= g.x && $0.x < g.x + g.width && $0.y >= g.y && $0.y < g.y + g.height },
                "pixels outside g changed")
        let bottom = differing.filter { $0.y >= g.y + g.height * 3 / 4 && $0.y < g.y + g.height - 4 }.count
        let top = differing.filter { $0.y < g.y + g.height / 4 }.count
        #expect(top == 0, "the top quarter of g is filled at half")
        #expect(bottom > (g.height / 4 - 4) * (g.width - 8) * 8 / 10, "the bottom quarter of g is filled: \(bottom) pixels")
        aid.parkPointer()
        #expect(aid.waitForStatus("dwell:") { $0 == "dwell: idle" })
        #expect(Harness.waitFor(5) { (try? aid.pixelsDifferingFromRender())??.isEmpty == true }, "the fill goes when the pointer leaves")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
