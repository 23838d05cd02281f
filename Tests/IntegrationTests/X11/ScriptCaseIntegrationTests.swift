import ClavierTestSupport
import Foundation
import Testing

/// Case by the layout's language (issue 51): on a layout that says `language: tr`, Shift on
/// `i` types `İ` and on `ı` types `I` into xterm; Shift on `ß` types one letter, `ẞ` (all of
/// them off the `us` keymap, through borrowed keycodes).
@Suite(.needsClavier, .needsDisplay) struct ScriptCaseIntegrationTests {
    @Test func shiftOnATurkishLayoutTypesDottedCapitalI() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("turkish.yaml")
        try """
        options:
          language: tr
        pages:
          - id: letters
            rows:
              - [{id: i, label: i}, {id: dotless, label: ı}, {id: sharp, label: ß},
                 {id: shift, icon: shift, action: {modifier: shift}, class: function},
                 {id: return, icon: return, action: {keysym: Return}, class: function}]
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", path])
        try session.tap(["shift", "i", "dotless", "shift", "dotless", "shift", "sharp", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "İıIẞ\n", "xterm received \(session.received.debugDescription)")
        #expect(session.stopKeyboard() == 0)
    }
}
