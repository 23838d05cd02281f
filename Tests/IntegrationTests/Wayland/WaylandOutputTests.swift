import ClavierTestSupport
import Foundation
import Testing

/// The docked keyboard follows its output: a new resolution docks it full width again, and a
/// HiDPI scale gives it buffers of that scale, its keys still where the pointer lands (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandOutputTests {
    @Test func itFollowsANewResolutionAndAScale() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        _ = try sway.swaymsg(["output", "HEADLESS-1", "resolution", "1024x768"])
        #expect(Harness.waitFor(5) {
            guard let place = try? session.status().geometry else { return false }
            return place.width == 1024 && place.y + place.height == 768
        }, "after 1024x768: \(String(describing: try? session.status().geometry))")
        _ = try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
        // 512×384 logical pixels now.
        #expect(Harness.waitFor(5) {
            guard let place = try? session.status().geometry else { return false }
            return place.width == 512 && place.y + place.height == 384
        }, "after scale 2: \(String(describing: try? session.status().geometry))")
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect())?.height == 384 - ((try? session.status().geometry.height) ?? 0) })
        try session.tap(["o", "k", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "ok\r")
        #expect(try session.quit() == 0)
    }
}

/// The second start's first frame is the picture kept by the first (no Cairo, no fonts before
/// it), checked against a fresh paint once it is up; its keys type as ever.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "grim"))
struct WaylandFirstPictureTests {
    @Test func aSecondStartShowsTheKeptPicture() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(5) { session.errors.contains("no kept picture: painting the first one") }, "\(session.errors)")
        let place = try session.status().geometry
        let q = try #require(try session.keys(page: "letters")["q"])
        let first = try Screenshot.pixel(sway, q.x - 20, q.y)
        #expect(try session.quit() == 0)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(session.errors.contains("first picture from the cache"), "\(session.errors)")
        #expect(!session.errors.contains("differs from a fresh paint"), "\(session.errors)")
        #expect(try session.status().geometry.height == place.height)
        #expect(try Screenshot.pixel(sway, q.x - 20, q.y) == first)
        try session.tap(["o", "k", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }
}

/// Idle, the keys' canvas gives its pages back, and the buffer on screen its mapping's (the
/// memfd keeps the pixels); the next press repaints its key over them, the rest of the keyboard as it was (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "grim"))
struct WaylandIdleTests {
    @Test func aPressAfterAnIdleSpellLeavesTheOtherKeysAsTheyWere() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        let keys = try session.keys(page: "letters")
        let p = try #require(keys["p"]), m = try #require(keys["m"])
        let before = [try Screenshot.pixel(sway, p.x - 15, p.y), try Screenshot.pixel(sway, m.x - 15, m.y)]
        // Longer than `Timing.idleBuffers`: the buffer on screen leaves the keyboard's memory
        // (it stays in the memfd sway maps), so it holds no shared memory pages.
        usleep(1_600_000)
        let status = try String(contentsOfFile: "/proc/\(session.clavier.pid)/status", encoding: .utf8)
        let shmem = status.split(separator: "\n").first { $0.hasPrefix("RssShmem:") }
        #expect(shmem.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? -1 < 200,
                "idle, the keyboard still holds \(shmem ?? "?") of its frame")
        try session.tap(["q"])
        #expect(foot.waitFor(suffix: "q"), "foot received \(foot.received.debugDescription)")
        usleep(300_000)
        let after = [try Screenshot.pixel(sway, p.x - 15, p.y), try Screenshot.pixel(sway, m.x - 15, m.y)]
        #expect(after == before, "the keys p and m changed after an idle spell and a press on q; clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
