import ClavierBuiltins
import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

@Suite(.serialized, .needsDisplay) struct LongPressTests {
    /// Holding e opens its alternates; dragging onto é and letting go types é into xterm,
    /// and a quick tap on e still types e.
    @Test func aLongPressAndADragTypeAnAlternate() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        let keys = try session.geometry(page: "letters")
        let e = try #require(keys["e"])
        let f = server.frame(of: session.keyboardWindow)
        // Where the keyboard puts the popup, from the same core code the keyboard runs.
        let geometry = Keyboard(layout: .us, size: Size(width: f.width, height: f.height)).geometry
        let frame = try #require(geometry.frame(id: "e"))
        #expect(frame.rect == Rect(x: e.x, y: e.y, width: e.width, height: e.height))
        let cells = geometry.alternateCells(above: frame, count: frame.key.alternates.count)
        let acute = try #require(frame.key.alternates.firstIndex(of: "é"))

        server.movePointer(x: f.x + e.x + e.width / 2, y: f.y + e.y + e.height / 2)
        server.button(down: true)
        usleep(900_000)  // longer than the 500 ms long-press delay
        let target = cells[acute]
        // Two steps, as a finger slides: first over the key's own column, then onto é.
        server.movePointer(x: f.x + Int(cells[0].midX), y: f.y + Int(target.midY))
        server.movePointer(x: f.x + Int(target.midX), y: f.y + Int(target.midY))
        server.button(down: false)
        try session.tap(["e", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") },
                "xterm received \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.received == "ée\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        #expect(server.heldKeycodes.isEmpty)
    }
}
