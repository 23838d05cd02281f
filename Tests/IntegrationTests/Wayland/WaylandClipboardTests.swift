import ClavierTestSupport
import Foundation
import Testing

/// The clipboard strip on a headless sway (issue 38): wl-copy's text is seen through
/// wlr-data-control without the focus, offered on the bar, and a tap types exactly it into foot;
/// a long press pins it, kept across a restart; a copy marked secret is never read.
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

    /// A password manager's copy (issue 48): a GTK 4 window copies a text offered as
    /// `text/plain;charset=utf-8` and `x-kde-passwordManagerHint` (what KeePassXC offers). The
    /// keyboard never asks for it: the bar still offers the copy made before, which a tap types
    /// into foot once the copier is gone and foot has the focus again.
    @Test(.needs("python3")) func aCopyMarkedSecretIsNeitherReadNorOffered() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.errors)")
        #expect(try sway.run(["wl-copy", "echo before"]).status == 0)
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: a copy read") }, "\(session.errors)")
        let secret = try GTK4Copier("hunter2 zqx", hint: "secret", on: sway, pointer: Harness.pointerBinary)
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: a copy marked secret, not read") }, "\(session.errors)")
        secret.stop()
        try sway.waitForFocus(appID: foot.appID)
        try session.tap(["completion-0", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "echo before\r", "clavier said: \(session.errors)")
        #expect(!session.errors.contains("zqx"), "the log holds the secret")
        #expect(try session.quit() == 0)
    }

    /// Pinning on Wayland: a long press (the pointer held a second) pins the older copy; only
    /// it reaches the pin file, and after a restart it is offered first and typed into foot.
    @Test func aLongPressPinsACopyThatComesFirstAfterARestart() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.errors)")
        for (n, text) in ["pin me ü", "not pinned zqx"].enumerated() {
            #expect(try sway.run(["wl-copy", text]).status == 0)
            #expect(Harness.waitFor(10) { session.errors.components(separatedBy: "clipboard: a copy read").count > n + 1 }, "\(session.errors)")
        }
        let cell = try #require(try session.keys(page: "letters")["completion-1"])
        try session.pointer(["move \(cell.x) \(cell.y)", "down", "sleep 1000", "up", "sleep 100"])
        let pins = session.environment["XDG_STATE_HOME"]! + "/clavier/clipboard-pins"
        #expect(Harness.waitFor(5) { FileManager.default.fileExists(atPath: pins) }, "\(session.errors)")
        #expect((try? String(contentsOfFile: pins, encoding: .utf8)) == "clavier-clipboard-pins 1\npin me ü\n")
        #expect(try session.quit() == 0)
        for dir in ["XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"] {
            let root = session.environment[dir]!
            let files = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
            let holding = files.filter { FileManager.default.contents(atPath: root + "/" + $0).map { $0.range(of: Data("zqx".utf8)) != nil } ?? false }
            #expect(holding == [], "an unpinned copy on disk in \(dir)")
        }
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        try session.tap(["completion-0", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "pin me ü\r", "clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
