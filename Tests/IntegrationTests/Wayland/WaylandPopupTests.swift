import ClavierTestSupport
import Foundation
import Testing

/// The key preview above a held key and the show button of a hidden keyboard on Wayland,
/// seen in the compositor's own screenshots (grim) and used by clicks (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "grim"))
struct WaylandPopupTests {
    /// With foot focused (a field input-method-v2 tells), and with no window at all: the
    /// keyboard's field is private (no preview) only until input-method-v2 first answers.
    @Test(arguments: [true, false]) func aHeldKeysPreviewStandsAboveTheKeyboard(withAWindow: Bool) throws {
        let sway = try HeadlessSway()
        let foot = withAWindow ? try FootRecorder(on: sway) : nil
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--preview", "always"])
        let place = try session.status().geometry
        let q = try #require(try session.keys(page: "letters")["q"])
        // Above the keyboard, over the key's column: foot's dark background before the press.
        let probe = (x: q.x, y: place.y - 10)
        let before = try Screenshot.pixel(sway, probe.x, probe.y)
        let holding = try sway.start(["sh", "-c", "printf 'move \(q.x) \(q.y)\\ndown\\nsleep 1500\\nup\\n' | '\(Harness.pointerBinary)' -"])
        #expect(Harness.waitFor(5) { (try? Screenshot.pixel(sway, probe.x, probe.y)) != before },
                "nothing stood above the key (\(before)); clavier said: \(session.errors)")
        #expect(holding.wait(seconds: 10) == 0)
        #expect(Harness.waitFor(5) { (try? Screenshot.pixel(sway, probe.x, probe.y)) == before }, "the preview stayed after the release")
        if let foot { #expect(foot.waitFor(suffix: "q"), "foot received \(foot.received.debugDescription)") }
        #expect(try session.quit() == 0)
    }

    @Test func theShowButtonBringsTheHiddenKeyboardBack() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        // The button's centre: 56 px square, 16 px from the output's bottom right corner.
        let button = (x: 1280 - 16 - 28, y: 800 - 16 - 28)
        let shownThere = try Screenshot.pixel(sway, button.x, button.y)
        _ = try session.command(["hide"])
        #expect(Harness.waitFor(5) { (try? session.status().visible) == false })
        #expect(Harness.waitFor(5) { ((try? Screenshot.pixel(sway, button.x, button.y)) ?? shownThere) != shownThere },
                "no button where the keyboard was")
        try session.pointer(["move \(button.x) \(button.y)", "down", "sleep 30", "up", "sleep 100"])
        #expect(Harness.waitFor(5) { (try? session.status().visible) == true }, "clavier said: \(session.errors)")
        // The button never took the focus from the application.
        #expect(try sway.focusedWindow()?.appID == foot.appID)
        #expect(try session.quit() == 0)
    }
}

/// One pixel of the compositor's picture of the output, from grim's PPM of that pixel alone.
enum Screenshot {
    static func pixel(_ sway: HeadlessSway, _ x: Int, _ y: Int) throws -> [UInt8] {
        let result = try sway.run(["sh", "-c", "grim -g '\(x),\(y) 1x1' -t ppm - | od -An -v -tu1"], timeout: 20)
        guard result.status == 0 else { throw HarnessError("grim: \(result.err)") }
        let bytes = result.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt8($0) }
        // "P6\n1 1\n255\n", then the pixel.
        guard bytes.count >= 3 else { throw HarnessError("grim gave no PPM") }
        return Array(bytes.suffix(3))
    }
}
