import ClavierTestSupport
import Foundation
import Testing

/// Dwell on Wayland: the pointer resting on a key presses it, with no button (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandDwellTests {
    @Test func restingOnAKeyTypesIt() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--dwell", "400"])
        let h = try #require(try session.keys(page: "letters")["h"])
        // Onto a key with no alternates (those open their popup when held), a few pixels of tremor, then resting there longer than the dwell.
        try session.pointer(["move \(h.x - 3) \(h.y)", "sleep 50", "move \(h.x) \(h.y + 2)", "sleep 900"])
        #expect(foot.waitFor(suffix: "h"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "h")
        #expect(try session.quit() == 0)
    }
}
