import ClavierTestSupport
import Foundation
import Testing

/// A floating keyboard on Wayland: an overlay layer surface moved by its handle and resized by
/// its grip, where it was left after a restart, and typing where it went (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandFloatTests {
    @Test func itMovesByItsHandleResizesByItsGripAndStaysThere() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--float"])
        let start = try session.status().geometry
        // A floating keyboard reserves nothing.
        #expect(try sway.workspaceRect().height == 800)
        // The handle: the strip along its top.
        let handle = (x: start.x + start.width / 2, y: start.y + 9)
        try session.pointer(["move \(handle.x) \(handle.y)", "down", "sleep 30", "move \(handle.x - 100) \(handle.y - 50)",
                             "sleep 30", "move \(handle.x - 200) \(handle.y - 100)", "sleep 30", "up", "sleep 200"])
        let moved = try session.status().geometry
        #expect(moved.x == start.x - 200 && moved.y == start.y - 100 && moved.width == start.width, "moved to \(moved) from \(start)")
        // The grip: its bottom right corner.
        let grip = (x: moved.x + moved.width - 5, y: moved.y + moved.height - 5)
        try session.pointer(["move \(grip.x) \(grip.y)", "down", "sleep 30", "move \(grip.x + 100) \(grip.y + 40)", "sleep 30",
                             "up", "sleep 300"])
        let resized = try session.status().geometry
        #expect(resized.width == moved.width + 100 && resized.height == moved.height + 40 && resized.x == moved.x,
                "resized to \(resized) from \(moved)")
        // Its keys are where it went.
        try session.tap(["o", "k", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "ok\r")
        #expect(try session.quit() == 0)
        // Started again, it is where it was left.
        try session.start(["--no-sound", "--float"])
        let again = try session.status().geometry
        #expect(again.x == resized.x && again.y == resized.y && again.width == resized.width && again.height == resized.height,
                "after a restart at \(again), left at \(resized)")
        #expect(try session.quit() == 0)
    }
}
