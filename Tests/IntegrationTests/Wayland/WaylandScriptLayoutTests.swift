import ClavierTestSupport
import Foundation
import Testing

/// The Hindi (InScript, a Shift layer) and Persian (right to left, the ZWNJ) layouts type
/// exactly into a GTK 4 entry on Wayland (issue 51), their characters off Clavier's own keymap.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg"))
struct WaylandScriptLayoutTests {
    @Test(arguments: [
        ("hi", ["न", "म", "स", "्", "त", "े", "shift", "ट", "shift", "ो"], "नमस्तेठओ"),
        ("fa", ["م", "ی", "zwnj", "ش", "و", "د", "پ", "چ", "گ"], "می\u{200C}شودپچگ"),
    ])
    func typesExactlyIntoAGTK4Entry(_ layout: String, _ ids: [String], _ typed: String) throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", layout])
        try sway.waitForFocus(appID: entry.appID)
        #expect(Harness.waitFor(20) { (try? session.command(["status"]))?.status == 0 })
        try session.tap(ids, layout: layout)
        #expect(entry.waitFor(text: typed), "the entry holds \(entry.text.debugDescription)")
        #expect(try session.quit() == 0)
    }
}
