import ClavierCore
import ClavierLayouts
import ClavierTestSupport
import Foundation
import Testing

/// Vietnamese (issue 51) types exactly into xterm under the `us` keymap, which has none of its
/// letters: its own keys (ă â ê ô ơ ư đ) by a tap, a toned vowel by a long press and a slide
/// onto the tone, each one precomposed character (NFC), as Vietnamese text is written.
@Suite(.serialized, .needsClavier, .needsDisplay) struct VietnameseTypingTests {
    /// The shipped `vi` layout, read as the keyboard reads it.
    static func layout() throws -> Layout {
        let path = Harness.packageRoot.appendingPathComponent("Assets/layouts/vi.yaml").path
        return try LayoutFile.parse(try String(contentsOfFile: path, encoding: .utf8), id: "vi", file: path)
    }

    /// Holds key `id` past the long-press delay, slides onto its alternate `text` and lets go
    /// there; the cells are where the keyboard's own core code puts them.
    func longPress(_ id: String, onto text: String, in session: KeyboardSession, layout: Layout) throws {
        let server = session.server
        let f = server.frame(of: session.keyboardWindow)
        let printed = try #require(try session.geometry(page: "letters")[id])
        let geometry = Keyboard(layout: layout, size: Size(width: f.width, height: f.height)).geometry
        let frame = try #require(geometry.frame(id: id))
        #expect(frame.rect == Rect(x: printed.x, y: printed.y, width: printed.width, height: printed.height))
        let cells = geometry.alternateCells(above: frame, count: frame.key.alternates.count)
        let target = cells[try #require(frame.key.alternates.firstIndex(of: text))]
        server.movePointer(x: f.x + printed.midX, y: f.y + printed.midY)
        server.button(down: true)
        usleep(900_000)  // longer than the 500 ms long-press delay
        server.movePointer(x: f.x + Int(cells[0].midX), y: f.y + Int(target.midY))
        server.movePointer(x: f.x + Int(target.midX), y: f.y + Int(target.midY))
        server.button(down: false)
    }

    @Test func tonedWordsTypeExactlyUnderUS() throws {
        let layout = try Self.layout()
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "vi"])
        // "Việt": Shift capitalises v, ệ is ê's fifth tone (nặng).
        try session.tap(["shift", "v", "i"])
        try longPress("ê", onto: "ệ", in: session, layout: layout)
        // "đường": đ and ư are keys, ờ is ơ's second tone (huyền).
        try session.tap(["t", "space", "đ", "ư"])
        try longPress("ơ", onto: "ờ", in: session, layout: layout)
        try session.tap(["n", "g", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        let expected = "Vi\u{1EC7}t \u{0111}\u{01B0}\u{1EDD}ng\n"
        #expect(Array(session.received.unicodeScalars) == Array(expected.unicodeScalars),
                "xterm received \(session.received.debugDescription)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty)
    }
}
