import ClavierTestSupport
import Foundation
import Testing

/// sway 1.7 applies `input type:keyboard xkb_layout …` (as `input * xkb_layout …` in a user's
/// config) to Clavier's virtual keyboard too: that keymap takes the place of the one Clavier
/// uploaded, and the keycodes Clavier sends are read with it (issue 51). Return, BackSpace and
/// the arrows are at their standard keys, so they still type right; the text goes by
/// input-method-v2, whatever the keymap.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandReplacedKeymapTests {
    @Test(arguments: ["ru", "gr"])
    func returnBackSpaceAndAnArrowTypeRightUnderAKeymapSwayPutInPlaceOfClaviers(keymap: String) throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", "ru", "--auto-capitalize", "never"])
        // A key first: Clavier's keymap is uploaded and in use before sway replaces it.
        try session.tap(["return"], layout: "ru")
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); \(session.errors)")
        _ = try sway.swaymsg(["input", "type:keyboard", "xkb_layout", keymap])
        try session.tap(["м", "и", "р", "return", "backspace"], layout: "ru")
        try dragSpaceBarLeft(session)
        // The drag types its space at the press, then takes it back (BackSpace) and moves (Left).
        // Seen on Clavier's own numbering: "\rмир65 50", Return, BackSpace and Left read as 6, 5 and 0.
        let expected = "\rмир\r\u{7F} \u{7F}\u{1B}[D"
        #expect(foot.waitFor(suffix: "\u{1B}[D", seconds: 5), "under \(keymap): foot received \(foot.received.debugDescription); \(session.errors)")
        #expect(foot.received == expected, "under \(keymap); \(session.errors)")

        let entry = try GTK4Entry(on: sway)
        try sway.waitForFocus(appID: entry.appID)
        try session.tap(["м", "и", "р", "backspace"], layout: "ru")
        #expect(entry.waitFor(text: "ми"), "under \(keymap): the entry holds \(entry.text.debugDescription); \(session.errors)")
        // Left puts the caret between м and и: а goes in there. (Seen on Clavier's own numbering:
        // "мир5 50а6", BackSpace, Left and Return read as 5, 0 and 6.)
        try dragSpaceBarLeft(session)
        try session.tap(["а", "return"], layout: "ru")
        #expect(entry.waitFor(text: "маи"), "under \(keymap): the entry holds \(entry.text.debugDescription); \(session.errors)")
        #expect(Harness.waitFor(5) { entry.activations == 1 }, "under \(keymap): Return activated the entry \(entry.activations) times; it holds \(entry.text.debugDescription)")
        #expect(entry.text == "маи")
        #expect(try session.quit() == 0)
    }

    /// Ctrl+C stays Ctrl+C under a Latin keymap sway puts in place of Clavier's: the `pc`
    /// layout's keys go as keys, c on c's standard key, with Ctrl's mask.
    @Test func ctrlCStaysCtrlCUnderALatinKeymapSwayPutInPlaceOfClaviers() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", "pc"])
        try session.tap(["return"], startingOn: "keys", layout: "pc")
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); \(session.errors)")
        _ = try sway.swaymsg(["input", "type:keyboard", "xkb_layout", "de"])
        try session.tap(["ab03", "lctrl", "ab03", "return"], startingOn: "keys", layout: "pc")
        #expect(foot.waitFor(suffix: "\u{3}\r", seconds: 5), "foot received \(foot.received.debugDescription); \(session.errors)")
        #expect(foot.received == "\rc\u{3}\r", "\(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// Half a key to the left on the space bar: a third of a key crossed, one Left (left to right).
    func dragSpaceBarLeft(_ session: WaylandSession) throws {
        let place = try session.status().geometry
        let geometry = try session.sway.run([Harness.clavierBinary, "geometry", "--layout", "ru", "--page", "letters",
                                             "--size", "\(place.width)x\(place.height)"], environment: session.environment)
        let boxes = try JSONDecoder().decode(PrintedGeometry.self, from: Data(geometry.out.utf8)).keys
        let space = try #require(boxes.first { $0.id == "space" }), letter = try #require(boxes.first { $0.id == "м" })
        let (x, y) = (place.x + space.midX, place.y + space.midY)
        try session.pointer(["move \(x) \(y)", "down", "sleep 50"]
                            + (1...8).flatMap { ["move \(x - letter.width * $0 / 16) \(y)", "sleep 20"] } + ["up", "sleep 100"])
    }
}
