import ClavierTestSupport
import Foundation
import Testing

/// Every layout for another script (issue 51) types exactly into foot and a GTK 4 entry on
/// headless sway (the text goes by input-method-v2, whatever the keymap), under its `us` keymap
/// and under the keymap matching each layout, set at run time. One keyboard for all: the layout
/// is changed by `clavier layout NAME`. `swaymsg input type:keyboard xkb_layout ru` replaces
/// Clavier's virtual keyboard's keymap too: its Return typed "6" while Clavier numbered its keys
/// itself; now Return, BackSpace, the arrows… are at their standard keys (`StandardKeys`), which
/// any keymap reads right (WaylandReplacedKeymapTests).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandScriptKeymapTests {
    /// The XKB layout matching each of Clavier's (`ScriptLayoutTypingTests.cases`).
    static let matchingKeymaps = ["ru": "ru", "uk": "ua", "bg": "bg", "el": "gr", "tr": "tr", "ar": "ara", "fa": "ir",
                                  "he": "il", "hi": "in", "th": "th", "vi": "vn"]

    @Test func everyScriptLayoutTypesExactlyIntoFootAndAGTK4Entry() throws {
        try typeEveryLayout { _ in nil }
    }

    /// sway's keymap set to the layout's own before it types (what a Russian, Greek… user's
    /// config does): the keymap Clavier uploaded is replaced, and Return still types Return.
    @Test func everyScriptLayoutTypesExactlyUnderTheMatchingKeymapSwayPutsInPlaceOfClaviers() throws {
        try typeEveryLayout { Self.matchingKeymaps[$0.layout] }
    }

    /// Types each layout's word and Return into foot and its word into the entry, sway's
    /// keyboards given `keymap(case)` first when it says one.
    func typeEveryLayout(keymap keymapFor: (ScriptLayoutTypingTests.Case) -> String?) throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        // The entry tells its field: without this, Shift would be latched at its start already.
        try session.start(["--no-sound", "--layout", "us", "--auto-capitalize", "never"])
        var inFoot = "", inEntry = ""
        do {
            for c in ScriptLayoutTypingTests.cases {
                #expect(try session.command(["layout", c.layout]).status == 0)
                #expect(Harness.waitFor(10) { (try? session.status())?.layout == c.layout }, "\(session.errors)")
                let keymap = keymapFor(c) ?? "us"
                if keymapFor(c) != nil { _ = try sway.swaymsg(["input", "type:keyboard", "xkb_layout", keymap]) }
                _ = try sway.swaymsg(["[app_id=\"\(foot.appID)\"]", "focus"])
                try sway.waitForFocus(appID: foot.appID)
                try session.tap(c.keys + ["return"], layout: c.layout)
                inFoot += c.typed + "\r"
                #expect(foot.waitFor(suffix: inFoot), "\(c.layout) under \(keymap): foot received \(foot.received.debugDescription); \(session.errors)")
                _ = try sway.swaymsg(["[app_id=\"\(entry.appID)\"]", "focus"])
                try sway.waitForFocus(appID: entry.appID)
                try session.tap(c.keys, layout: c.layout)
                inEntry += c.typed
                #expect(entry.waitFor(text: inEntry), "\(c.layout) under \(keymap): the entry holds \(entry.text.debugDescription)")
            }
        }
        #expect(foot.received == inFoot)
        #expect(try session.quit() == 0)
    }

    /// Right to left, the space bar's drag moves the caret the way the finger goes on screen,
    /// as on Gboard (issue 51): a drag to the right over سلام, whose end is at the left, sends
    /// Right, which GTK moves by on screen, so the caret goes before م and ب goes in there.
    @Test func onArabicTheSpaceBarsDragMovesTheCaretTheWayTheFingerGoes() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", "ar"])
        try sway.waitForFocus(appID: entry.appID)
        try session.tap(["س", "ل", "ا", "م"], layout: "ar")
        #expect(entry.waitFor(text: "سلام"), "the entry holds \(entry.text.debugDescription)")
        let place = try session.status().geometry
        let geometry = try sway.run([Harness.clavierBinary, "geometry", "--layout", "ar", "--page", "letters",
                                     "--size", "\(place.width)x\(place.height)"], environment: session.environment)
        let boxes = try JSONDecoder().decode(PrintedGeometry.self, from: Data(geometry.out.utf8)).keys
        let space = try #require(boxes.first { $0.id == "space" }), letter = try #require(boxes.first { $0.id == "م" })
        // Half a key to the right: a third of a key crossed, one Right.
        let (x, y) = (place.x + space.midX, place.y + space.midY)
        try session.pointer(["move \(x) \(y)", "down", "sleep 50"]
                            + (1...8).flatMap { ["move \(x + letter.width * $0 / 16) \(y)", "sleep 20"] } + ["up", "sleep 100"])
        try session.tap(["ب"], layout: "ar")
        #expect(entry.waitFor(text: "سلابم"), "the entry holds \(entry.text.debugDescription); \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
