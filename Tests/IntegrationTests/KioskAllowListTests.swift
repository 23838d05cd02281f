import ClavierTestSupport
import Foundation
import Testing

/// Kiosk mode types only what a kiosk needs, whatever the layout asks for: keysyms that zap
/// the server, break grabs or start programs are neither typed nor borrowed onto the keymap.
@Suite(.serialized, .needsDisplay) struct KioskAllowListTests {
    @Test func aKioskLayoutCannotTypeTerminateServerOrXF86Keys() throws {
        let dir = TemporaryDirectory()
        let layout = dir.file("kiosk.yaml")
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
        let before = session.server.keymapDump
        try session.tap(["zap", "grab", "term", "f1"])
        usleep(100_000)
        let changed = zip(session.server.keymapDump, before).filter { $0 != $1 }.map(\.0)
        #expect(changed.isEmpty, "refused keysyms were borrowed onto the keymap: \(changed)")
        try session.tap(["shift", "a", "euro", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") }, "typed: \(session.received.debugDescription)")
        #expect(session.received == "A€\n", "typed: \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.clavier.isRunning, "the keyboard (and the X server) must still be up")
        #expect(session.stopKeyboard() == 0)
    }
}
