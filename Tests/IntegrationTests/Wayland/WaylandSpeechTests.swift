import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Speech on Wayland as on X11 (issue 50): two-button scanning on headless sway types into
/// foot, and the fake speech-dispatcher hears each highlight; the Speak key says the sentence typed.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandSpeechTests {
    let scans = WaylandScanTests()

    @Test func eachHighlightIsSpokenOnWaylandToo() throws {
        // Where the compositor's user, who runs clavier, may reach the socket.
        let directory = TemporaryDirectory(prefix: "clavier-speech", in: "/tmp")
        chmod(directory.path, 0o755)
        let speechd = try FakeSpeechDispatcher(at: directory.path + "/speechd.sock")
        chmod(speechd.path, 0o777)
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--scan-switch", "button3,button1", "--suggestions", "0", "--speech", "on"],
                          environment: ["SPEECHD_ADDRESS": speechd.address])
        let z = try #require(try session.keys(page: "letters")["z"])
        #expect(Harness.waitFor(5) { speechd.spoken == ["q to p"] }, "\(speechd.spoken) \(session.errors)")
        let pointer = try WaylandScanTests.LivePointer(on: sway)
        pointer.click(z.x, z.y, "right")
        #expect(scans.waitForScan(session) { $0 == "scan: row 2" }, "\(scans.scan(session)) \(session.errors)")
        pointer.click(z.x, z.y)
        #expect(scans.waitForScan(session) { $0 == "scan: key a" }, "\(scans.scan(session))")
        for _ in 0..<5 { pointer.click(z.x, z.y, "right"); pointer.send(["sleep 40"]) }
        #expect(scans.waitForScan(session) { $0 == "scan: key h" }, "\(scans.scan(session))")
        pointer.click(z.x, z.y)
        #expect(foot.waitFor(suffix: "h"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(Harness.waitFor(5) { speechd.spoken.last == "q to p" && speechd.spoken.count > 2 }, "\(speechd.spoken)")
        #expect(speechd.spoken == ["q to p", "a to l", "a", "s", "d", "f", "g", "h", "q to p"], "\(speechd.spoken)")
        #expect(speechd.received.contains("SET SELF LANGUAGE en\r\n"))
        #expect(try session.quit() == 0)
    }

    /// The Speak key says the sentence before the caret, whole (SSIP's `message` priority), as
    /// PhraseIntegrationTests shows on X11.
    @Test func speakSaysTheTypedSentenceOnWaylandToo() throws {
        let directory = TemporaryDirectory(prefix: "clavier-speech", in: "/tmp")
        chmod(directory.path, 0o755)
        let speechd = try FakeSpeechDispatcher(at: directory.path + "/speechd.sock")
        chmod(speechd.path, 0o777)
        let layout = try PhraseIntegrationTests.layout(in: directory)
        chmod(layout, 0o644)
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", layout, "--suggestions", "3", "--no-learning", "--speech", "on"],
                          environment: ["SPEECHD_ADDRESS": speechd.address])
        try session.tap(["h", "i", "speak"], layout: layout)
        #expect(foot.waitFor(suffix: "hi"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(Harness.waitFor(5) { speechd.spoken == ["hi"] }, "\(speechd.spoken) \(session.errors)")
        #expect(speechd.received.hasSuffix("SET SELF LANGUAGE en\r\nSET SELF PRIORITY message\r\nSPEAK\r\nhi\r\n.\r\n"
                                           + "SET SELF PRIORITY text\r\n"), "\(speechd.received)")
        #expect(try session.quit() == 0)
    }
}
