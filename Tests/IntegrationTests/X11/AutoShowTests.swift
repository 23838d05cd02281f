import ClavierTestSupport
import Foundation
import Testing

/// `--auto-show` on a private session bus with at-spi2-core's accessibility bus, started first
/// as a desktop session does: a GTK 3 or Qt 5 window (FocusProbe) under openbox moves the
/// focus between its entry and its button, and `clavier status` says what the keyboard did.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct AutoShowTests {
    @Test(arguments: FocusProbe.Toolkit.allCases)
    func theKeyboardComesWithATextFieldAndGoesWithoutOne(toolkit: FocusProbe.Toolkit) throws {
        let s = try FocusSession(toolkit, arguments: ["--no-sound", "--auto-show"])
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        // It starts shown, as asked, and stays so until the focus moves.
        #expect(s.status() == "visible")
        for round in 1...2 {
            try s.focus("entry-\(round)")
            #expect(Harness.waitFor(10) { s.status() == "visible" }, "round \(round): the entry has the focus; \(s.said)")
            try s.focus("button-\(round)")
            #expect(Harness.waitFor(10) { s.status() == "hidden" }, "round \(round): the button has the focus; \(s.said)")
        }
        // Shown by hand with the button focused, it stays until the focus moves again.
        _ = try s.clavier("show")
        usleep(1_000_000)
        #expect(s.status() == "visible", "hidden with no focus change after clavier show")
        try s.focus("entry-4")
        try s.focus("button-4")
        #expect(Harness.waitFor(10) { s.status() == "hidden" }, "the next focus change hides it again; \(s.said)")
    }

    /// A kiosk keyboard stays shown, unless the config lets auto-show hide it too.
    @Test(arguments: [false, true])
    func aKioskKeyboardFollowsTheFocusOnlyWhenTheConfigSaysSo(inKiosk: Bool) throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show", "--kiosk"],
                                 config: "auto-show-in-kiosk: \(inKiosk)\n")
        if inKiosk { #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)") }
        try s.focus("entry-1")
        try s.focus("button-1")
        if inKiosk {
            #expect(Harness.waitFor(10) { s.status() == "hidden" }, "\(s.said)")
            try s.focus("entry-2")
            #expect(Harness.waitFor(10) { s.status() == "visible" }, "\(s.said)")
        } else {
            usleep(1_000_000)
            #expect(s.status() == "visible", "\(s.said)")
            #expect(!s.session.errors.contains("auto-show: listening"), "a kiosk keyboard listened on the bus")
        }
    }

    /// Without a bus, one line says auto-show is off, and the keyboard types as ever.
    @Test func withoutABusItSaysSoOnceAndTypes() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        try session.startKeyboard(arguments: ["--no-sound", "--auto-show"],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(session.directory.path)/no-bus"])
        #expect(Harness.waitFor(10) { session.errors.contains("auto-show is off") })
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
        let lines = session.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("clavier: warning: auto-show is off: no accessibility bus"), "\(lines)")
    }
}
