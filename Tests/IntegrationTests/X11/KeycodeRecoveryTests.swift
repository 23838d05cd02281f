import ClavierTestSupport
import ClavierX11
import CX11
import Foundation
import Testing

/// A Clavier killed with SIGKILL cannot give back the spare keycodes it borrowed; the next
/// one to start does, from the record on the root window, and two running Clavier processes
/// never take each other's.
@Suite(.serialized) struct KeycodeRecoveryTests {
    /// 400 distinct CJK characters: many times the pool of spare keycodes (19 in Xvfb's us
    /// keymap), so `clavier type` lends every one and lends them again, batch after batch.
    static let cjk = String((0..<400).map { Character(Unicode.Scalar(0x4E00 + $0)!) })

    /// SIGKILL while `clavier type` has keycodes lent, then the next start — a `clavier type`
    /// or the keyboard — gives every one back: the keymap is as it was and the record is gone.
    @Test(.needsDisplay, arguments: ["type", "keyboard"])
    func whatAKilledTypistBorrowedIsGivenBackByTheNextStart(next: String) throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let server = session.server
        let before = server.keymapDump
        let input = session.directory.appendingPathComponent("cjk.txt")
        try Self.cjk.write(to: input, atomically: true, encoding: .utf8)
        let typist = try server.start([Harness.clavierBinary, "type", "--file", input.path])
        #expect(Harness.waitFor(10) { Self.changed(server, from: before) > 0 }, "clavier type borrowed nothing")
        typist.signal(SIGKILL)
        #expect(typist.wait() == 128 + SIGKILL)
        let left = Self.changed(server, from: before)
        #expect(left > 0, "nothing was left borrowed: the kill came too late to test anything")
        // Every keycode left changed is on record, with the killed process as its owner.
        let record = Self.ledger(server)
        #expect(record.count == left, "\(left) keycodes changed, recorded: \(record)")
        #expect(record.allSatisfy { $0.split(separator: " ")[2] == "\(typist.pid)" }, "recorded: \(record)")

        if next == "type" {
            let result = try Harness.clavier(["type", "x"], environment: server.env)
            #expect(result.status == 0, "clavier type said: \(result.err)")
        } else {
            try session.startKeyboard()
        }
        // The keyboard makes its injector, and gives back, once its first picture is up.
        #expect(Harness.waitFor(10) { server.keymapDump == before },
                "\(Self.changed(server, from: before)) keycodes still borrowed after a new \(next); \(session.errors)")
        #expect(Self.ledger(server).isEmpty, "still recorded: \(Self.ledger(server))")
        if next == "keyboard" { #expect(session.stopKeyboard() == 0) }
        #expect(server.heldKeycodes.isEmpty, "keys left held: \(server.heldKeycodes)")
    }

    /// A keyboard killed with SIGKILL just after typing € (borrowed: it is not on us, with the
    /// other characters of its page that are not) leaves them borrowed; the next keyboard
    /// gives them back.
    @Test(.needsDisplay) func whatAKilledKeyboardBorrowedIsGivenBackByTheNextKeyboard() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        let before = server.keymapDump
        try session.tap(["page-numbers", "page-symbols", "€"])
        #expect(Harness.waitFor(5) { Self.changed(server, from: before) >= 1 }, "typing € should have borrowed a keycode")
        session.clavier.signal(SIGKILL)
        #expect(session.clavier.wait(seconds: 10) == 128 + SIGKILL)
        let borrowed = Self.changed(server, from: before)
        #expect(borrowed >= 1 && Self.ledger(server).count == borrowed)
        try session.startKeyboard()
        #expect(Harness.waitFor(10) { server.keymapDump == before }, "€ is still borrowed; \(session.errors)")
        #expect(Self.ledger(server).isEmpty)
        // The keyboard types € again, on a keycode of its own.
        try session.tap(["page-numbers", "page-symbols", "€", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("€\n") }, "xterm received \(session.received.debugDescription)")
        #expect(session.stopKeyboard() == 0)
        #expect(Self.changed(server, from: before) == 0)
    }

    /// Two `clavier type` at once: the first reads the keymap while every spare keycode is
    /// free, the second then borrows one for €, and the first, reaching 中, must take another:
    /// on a shared keycode the € presses would type 中, or the other way round.
    @Test(.needsDisplay) func twoRunningTypistsDoNotTakeEachOthersKeycodes() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let server = session.server
        let before = server.keymapDump
        // Each line of a's reaches the file at once; 中 comes after 30 of them, about 1.2 s in.
        let first = try server.start([Harness.clavierBinary, "type", "--delay", "20",
                                      String(repeating: "a\n", count: 30) + String(repeating: "中", count: 50) + "\n"])
        #expect(Harness.waitFor(10) { session.received.hasPrefix("a\n") }, "the first clavier type did not start typing")
        let second = try server.start([Harness.clavierBinary, "type", "--delay", "40", String(repeating: "€", count: 60) + "\n"])
        #expect(first.wait(seconds: 30) == 0)
        #expect(second.wait(seconds: 30) == 0)
        #expect(Harness.waitFor(10) { session.received.filter { $0 == "\n" }.count == 32 })
        let received = session.received
        #expect(received.filter { $0 == "a" }.count == 30)
        #expect(received.filter { $0 == "中" }.count == 50, "received \(received.debugDescription)")
        #expect(received.filter { $0 == "€" }.count == 60, "received \(received.debugDescription)")
        #expect(received.count == 30 * 2 + 50 + 60 + 2)
        #expect(Self.changed(server, from: before) == 0)
        #expect(Self.ledger(server).isEmpty)
    }

    /// How many keycodes map to something else than in `before`.
    static func changed(_ server: XServer, from before: [String]) -> Int {
        zip(server.keymapDump, before).filter { $0 != $1 }.count
    }

    /// The lines of the root window's record of borrowed keycodes (`_CLAVIER_BORROWED_KEYCODES`).
    static func ledger(_ server: XServer) -> [String] {
        let atom = XInternAtom(server.connection, "_CLAVIER_BORROWED_KEYCODES", 0)
        let text = WindowProperty.text(server.connection, server.root, atom, limit: 65536) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
