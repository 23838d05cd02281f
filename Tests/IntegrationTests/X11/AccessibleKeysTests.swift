import ClavierTestSupport
import Foundation
import Testing

/// Issue 50: the keys a screen reader can see. On a private session bus with at-spi2-core's
/// accessibility bus (AccessibleSession), an accessibility client (libatspi, through
/// AccessibilityProbe) finds Clavier's key "q" by name, reads where it is, presses it, and xterm
/// receives "q". Nothing is served while the session's accessibility is off.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send", "python3")) struct AccessibleKeysTests {
    @Test func aClientFindsTheKeyQByNameReadsWhereItIsAndPressesIt() throws {
        let accessible = try AccessibleSession()
        let (session, client) = (accessible.session, accessible.client)

        // Off (as a session without a screen reader is): no objects, nothing on the bus.
        #expect(Harness.waitFor(10) { session.errors.contains("accessible keys: accessibility is off") }, "\(session.said)")
        let before = try AccessibilityProbe.read("q", press: false, environment: client)
        #expect(before.names == nil, "served while accessibility is off: \(before)")

        // A tool turns it on (a screen reader says ScreenReaderEnabled): the keys come.
        try accessible.turnAccessibilityOn()

        let reading = try AccessibilityProbe.read("q", press: true, environment: client)
        #expect(reading.windowRole == "window", "\(reading)")
        #expect(reading.role == "push button", "\(reading)")
        let names = reading.names ?? []
        for name in ["q", "p", "a", "z", "shift", "backspace", "space"] { #expect(names.contains(name), "no key \(name): \(names)") }
        #expect(reading.showing == true && reading.action == "press" && reading.atPoint == "q", "\(reading)")

        // Where the key is on the screen: its rectangle in the window, where the window is.
        let window = session.server.frame(of: session.keyboardWindow)
        let q = try #require(try session.geometry(page: "letters")["q"])
        let extents = try #require(reading.extents, "\(reading)")
        let expected = [window.x + q.x, window.y + q.y, q.width, q.height]
        #expect(zip(extents, expected).allSatisfy { abs($0 - $1) <= 1 }, "extents \(extents), on screen \(expected)")

        // Its action pressed it as a tap: xterm receives the q (and the line, with a click on Return).
        #expect(reading.pressed == true, "\(reading)")
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "q\n", "\(session.said)")
    }
}
