import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Kiosk mode types only what a kiosk needs, whatever the layout asks for: keysyms that zap
/// the server, break grabs or start programs are neither typed nor borrowed onto the keymap.
@Suite(.serialized, .needsDisplay) struct KioskAllowListTests {
    @Test func aKioskLayoutCannotTypeTerminateServerXF86OrAccessXKeys() throws {
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
                    - {id: slow, label: slow, action: {keysym: SlowKeys_Enable}, class: function}
                    - {id: mouse, label: mouse, action: {keysym: MouseKeys_Enable}, class: function}
                  - - {id: shift, icon: shift, action: {modifier: shift}, class: function}
                    - a
                    - {id: euro, label: €, action: {text: €}}
                  - - {id: return, icon: return, action: {keysym: return}, class: function}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--kiosk", "--layout", layout],
                                          environment: ["CLAVIER_LOG": "debug"])
        let before = session.server.keymapDump
        let controlsBefore = Self.enabledControls(session.server.connection)
        // Issue 23: SlowKeys_Enable lay in the range once allowed as dead keys; one tap turned
        // SlowKeys on for the whole server, and the kiosk keyboard typed nothing after it.
        let check = try Harness.clavier(["check", "--kiosk", layout])
        #expect(check.status != 0 && check.out.contains("'SlowKeys_Enable'") && check.out.contains("'MouseKeys_Enable'"), "\(check)")
        try session.tap(["zap", "grab", "term", "f1", "slow", "mouse"])
        usleep(100_000)
        let controls = Self.enabledControls(session.server.connection)
        #expect(controls == controlsBefore, "the server's XKB controls changed: 0x\(String(controlsBefore, radix: 16)) → 0x\(String(controls, radix: 16))")
        let changed = zip(session.server.keymapDump, before).filter { $0 != $1 }.map(\.0)
        #expect(changed.isEmpty, "refused keysyms were borrowed onto the keymap: \(changed)")
        try session.tap(["shift", "a", "euro", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") }, "typed: \(session.received.debugDescription)")
        #expect(session.received == "A€\n", "typed: \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.clavier.isRunning, "the keyboard (and the X server) must still be up")
        #expect(session.stopKeyboard() == 0)
    }

    /// The XKB controls (SlowKeys, MouseKeys, StickyKeys …) the server has on now (`XkbGetControls`).
    static func enabledControls(_ connection: OpaquePointer) -> UInt32 {
        guard let desc = XkbGetMap(connection, 0, UInt32(XkbUseCoreKbd)) else { return 0 }
        defer { XkbFreeKeyboard(desc, 0, 1) }
        guard XkbGetControls(connection, UInt(XkbAllControlsMask), desc) == Success, let controls = desc.pointee.ctrls else { return 0 }
        return controls.pointee.enabled_ctrls
    }
}
