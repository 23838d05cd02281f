import ClavierTestSupport
import Foundation
import Testing

/// The clipboard strip on a headless sway (issue 38): wl-copy's text is seen through
/// wlr-data-control without the focus, offered on the bar, and a tap types exactly it into foot.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "wl-copy"))
struct WaylandClipboardTests {
    @Test func aCopyTappedOnTheBarIsTypedIntoFoot() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.errors)")
        let copied = try sway.run(["wl-copy", "echo 'copied: ü'"])
        #expect(copied.status == 0, "wl-copy: \(copied.err)")
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: a copy read") }, "\(session.errors)")
        try session.tap(["completion-0", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "echo 'copied: ü'\r", "clavier said: \(session.errors)")
        #expect(!session.errors.contains("copied:"), "the log holds the copy")
        #expect(try session.quit() == 0)
    }
}
