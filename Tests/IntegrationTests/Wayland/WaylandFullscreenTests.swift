import ClavierTestSupport
import Foundation
import Testing

/// A docked keyboard above a fullscreen application (a kiosk's `chromium --kiosk`, here foot
/// made fullscreen by sway): a kiosk's keyboard, and any with `--layer overlay`, is a surface of
/// the overlay layer, which sway draws above a fullscreen window and gives the pointer to. A
/// top-layer keyboard (the default) is neither drawn nor clicked there (issue 49).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "grim"))
struct WaylandFullscreenTests {
    @Test(arguments: [["--kiosk"], ["--layer", "overlay"]])
    func aDockedKeyboardStaysVisibleAndTypingAboveAFullscreenWindow(arguments: [String]) throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let whole = SwayRect(x: 0, y: 0, width: 1280, height: 800)
        _ = try sway.swaymsg(["[app_id=\(foot.appID)]", "fullscreen", "enable"])
        #expect(Harness.waitFor(5) { (try? sway.focusedWindow())??.rect == whole }, "foot is not fullscreen")
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"] + arguments)
        let place = try session.status().geometry
        #expect(place.width == 1280 && place.y + place.height == 800, "docked at \(place)")
        // A fullscreen window ignores exclusive zones: it keeps the whole output, its bottom
        // rows under the keyboard.
        #expect(try sway.focusedWindow()?.rect == whole, "foot left fullscreen")
        let keys = try session.keys(page: "letters")
        for id in ["q", "m"] {
            let key = try #require(keys[id])
            let pixel = try Screenshot.pixel(sway, key.x - 15, key.y)
            #expect(Self.isKeyFill(pixel), "\(id) shows \(pixel), not a key's fill; clavier said: \(session.errors)")
        }
        try session.tap(["o", "k", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "ok\r", "clavier said: \(session.errors)")
        // On the overlay layer the keyboard still reserves its height for windows that are not fullscreen.
        _ = try sway.swaymsg(["[app_id=\(foot.appID)]", "fullscreen", "disable"])
        #expect(Harness.waitFor(5) { (try? sway.focusedWindow())??.rect.height == 800 - place.height },
                "foot's rect \(String(describing: try? sway.focusedWindow()?.rect))")
        // A window made fullscreen while the keyboard is up goes beneath it too.
        _ = try sway.swaymsg(["[app_id=\(foot.appID)]", "fullscreen", "enable"])
        #expect(Harness.waitFor(5) { (try? sway.focusedWindow())??.rect == whole }, "foot is not fullscreen again")
        let q = try #require(keys["q"])
        #expect(try Self.isKeyFill(Screenshot.pixel(sway, q.x - 15, q.y)), "clavier said: \(session.errors)")
        try session.tap(["o"])
        #expect(foot.waitFor(suffix: "ok\ro"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
    }

    /// The default: a top-layer keyboard, drawn beneath a fullscreen window (so the check above can fail).
    @Test func aTopLayerKeyboardIsBeneathAFullscreenWindow() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        _ = try sway.swaymsg(["[app_id=\(foot.appID)]", "fullscreen", "enable"])
        #expect(Harness.waitFor(5) { (try? sway.focusedWindow())??.rect.height == 800 }, "foot is not fullscreen")
        let session = WaylandSession(sway: sway)
        try session.start()
        let q = try #require(try session.keys(page: "letters")["q"])
        let pixel = try Screenshot.pixel(sway, q.x - 15, q.y)
        #expect(!Self.isKeyFill(pixel), "q shows \(pixel), a key's fill")
        // There all along: it shows as the window leaves fullscreen.
        _ = try sway.swaymsg(["[app_id=\(foot.appID)]", "fullscreen", "disable"])
        #expect(Harness.waitFor(5) { (try? Screenshot.pixel(sway, q.x - 15, q.y)).map(Self.isKeyFill) == true },
                "q shows \(String(describing: try? Screenshot.pixel(sway, q.x - 15, q.y)))")
        #expect(try session.quit() == 0)
    }

    /// A key's fill in the system theme: its grey gradient (241 to 223, blue a little more)
    /// under the keyboard's shade (up to 40 % of 25.5 grey at the bottom row), so 140 to 248;
    /// foot's background is 17 grey.
    static func isKeyFill(_ pixel: [UInt8]) -> Bool {
        pixel.count == 3 && pixel[0] == pixel[1] && pixel[2] >= pixel[0] && pixel.allSatisfy { (140...248).contains($0) }
    }
}
