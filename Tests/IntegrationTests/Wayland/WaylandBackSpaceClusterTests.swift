import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// What one BackSpace deletes in a GTK 4 entry, beside what the keyboard thinks it deletes
/// (`FieldBackSpace`, issue 51): one code point of a Devanagari cluster, a Latin letter with its
/// combining accent whole, an emoji with its skin tone whole. The layout's keys type each
/// scalar on its own (as a phone's Hindi keys do), off the `us` keymap.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg"))
struct WaylandBackSpaceClusterTests {
    /// Key ids and what each types.
    static let keys: [(id: String, text: String)] = [
        ("na", "न"), ("ma", "म"), ("sa", "स"), ("virama", "\u{094D}"), ("ta", "त"), ("e-sign", "\u{0947}"),
        ("e", "e"), ("acute", "\u{0301}"), ("thumb", "👍"), ("tone", "🏽"), ("space", " "),
    ]

    @Test func aGTK4EntryDeletesWhatTheKeyboardThinksItDeletes() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("scripts.yaml")
        let row = Self.keys.map { #"{id: "\#($0.id)", label: "\#($0.text)"}"# }.joined(separator: ", ")
        try """
        pages:
          - id: letters
            rows:
              - [\(row)]
              - [{id: backspace, icon: backspace, action: {keysym: BackSpace}, class: function}]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--layout", path])
        // The entry has the focus back, and the keyboard answers, before the first tap (one
        // run in eight lost the first keys without it, on a cold start after a build).
        try sway.waitForFocus(appID: entry.appID)
        #expect(Harness.waitFor(20) { (try? session.command(["status"]))?.status == 0 })
        var expected = ""
        func type(_ ids: [String]) throws {
            try session.tap(ids, layout: path)
            for id in ids {
                if id == "backspace" { FieldBackSpace.delete(from: &expected, in: .prose) }
                else { expected += Self.keys.first { $0.id == id }!.text }
            }
            #expect(entry.waitFor(text: expected), "the entry holds \(entry.text.debugDescription), the keyboard thinks \(expected.debugDescription)")
        }
        try type(["na", "ma", "sa", "virama", "ta", "e-sign"])
        try type(["backspace"])
        #expect(expected == "नमस्त", "one code point of the cluster")
        try type(["backspace", "backspace"])
        #expect(expected == "नमस")
        try type(["space", "e", "acute", "backspace"])
        #expect(expected == "नमस ", "e with its accent at once")
        try type(["thumb", "tone", "backspace"])
        #expect(expected == "नमस ", "the emoji with its tone at once")
        #expect(try session.quit() == 0)
    }
}
