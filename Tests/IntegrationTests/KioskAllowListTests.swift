import CX11
import Foundation
import Testing

/// Kiosk mode types only what a kiosk needs, whatever the layout asks for: keysyms that zap
/// the server, break grabs or start programs are neither typed nor borrowed onto the keymap.
@Suite(.serialized) struct KioskAllowListTests {
    @Test func aKioskLayoutCannotTypeTerminateServerOrXF86Keys() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let layout = dir.appendingPathComponent("kiosk.yaml").path
        try """
            pages:
              - id: letters
                rows:
                  - - {id: zap, label: zap, action: {keysym: Terminate_Server}, class: function}
                    - {id: grab, label: grab, action: {keysym: XF86ClearGrab}, class: function}
                    - {id: term, label: term, action: {keysym: XF86Terminal}, class: function}
                    - {id: f1, label: F1, action: {keysym: F1}, class: function}
                  - - {id: shift, icon: shift, action: {modifier: shift}, class: function}
                    - a
                    - {id: euro, label: €, action: {text: €}}
                  - - {id: return, icon: return, action: {keysym: return}, class: function}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--kiosk", "--layout", layout],
                                          environment: ["CLAVIER_LOG": "debug"])
        let before = keymap(session.server.connection)
        try session.tap(["zap", "grab", "term", "f1"])
        usleep(100_000)
        let changed = zip(keymap(session.server.connection), before).filter { $0 != $1 }.map { String($0.0, radix: 16) }
        #expect(changed.isEmpty, "refused keysyms were borrowed onto the keymap: \(changed)")
        try session.tap(["shift", "a", "euro", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") }, "typed: \(session.received.debugDescription)")
        #expect(session.received == "A€\n", "typed: \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.clavier.isRunning, "the keyboard (and the X server) must still be up")
        #expect(session.stopKeyboard() == 0)
    }

    /// Every keysym of the core keyboard mapping, to compare before and after.
    func keymap(_ connection: OpaquePointer) -> [KeySym] {
        var low: Int32 = 0, high: Int32 = 0, perCode: Int32 = 0
        XDisplayKeycodes(connection, &low, &high)
        guard let syms = XGetKeyboardMapping(connection, KeyCode(low), high - low + 1, &perCode) else { return [] }
        defer { XFree(syms) }
        return Array(UnsafeBufferPointer(start: syms, count: Int((high - low + 1) * perCode)))
    }
}
