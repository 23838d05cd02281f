import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// The settings page's auto-show cell on X, tapped on a running keyboard beside a GTK 3 window
/// on a private accessibility bus: the focus watch starts at once and the keyboard follows the
/// focus; off, it stays whatever the focus does; on again, it follows once more with the same
/// watch (one "listening", one thread).
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct LiveAutoShowTests {
    func clickAutoShow(_ s: FocusSession) throws {
        #expect(try s.clavier("settings").status == 0)
        let server = s.session.server
        #expect(Harness.waitFor(5) { server.frame(of: s.session.keyboardWindow).viewable })
        try LiveSettingsIntegrationTests.click(.setting("auto-show"), on: s.session.keyboardWindow, server)
    }

    @Test func autoShowTurnedOnFollowsTheFocusAtOnceAndOffLetsItBe() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound"])
        usleep(500_000)
        #expect(!s.session.errors.contains("auto-show: listening"), "a watch without auto-show")
        try clickAutoShow(s)
        #expect(s.fullStatus()?.settings?["auto-show"] == "true")
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "no focus watch after the tap; \(s.said)")
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.status() == "visible" }, "\(s.said)")
        try s.focus("button-1")
        #expect(Harness.waitFor(10) { s.status() == "hidden" }, "auto-show did not hide it; \(s.said)")

        // Off: the focus leaving a field leaves the keyboard up.
        _ = try s.clavier("show")
        try clickAutoShow(s)
        #expect(s.fullStatus()?.settings?["auto-show"] == "false")
        try s.focus("entry-2")
        try s.focus("button-2")
        usleep(1_500_000)
        #expect(s.status() == "visible", "hidden by auto-show turned off; \(s.said)")

        // On again: the same watch follows the focus once more.
        try clickAutoShow(s)
        try s.focus("entry-3")
        try s.focus("button-3")
        #expect(Harness.waitFor(10) { s.status() == "hidden" }, "auto-show on again did not hide it; \(s.said)")
        let listening = s.session.errors.components(separatedBy: "auto-show: listening").count - 1
        #expect(listening == 1, "the focus watch started \(listening) times")
        #expect(s.session.clavier.isRunning)
    }
}
