import ClavierTestSupport
import Foundation
import Testing

@Suite(.serialized, .needsDisplay) struct EmojiTests {
    /// 🐶 (U+1F436) is on no keymap: the injector lends it a spare keycode and xterm
    /// receives its UTF-8. After a restart it leads the frequently used page.
    @Test func anEmojiArrivesAsUTF8AndLeadsFrequentlyUsedAfterARestart() throws {
        let state = TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": state.path]
        let arguments = ["--no-sound", "--layout", "emoji"]
        do {
            let session = try KeyboardSession(windowManager: false, clavierArguments: arguments,
                                              geometryArguments: ["--layout", "emoji"], environment: environment)
            let before = try session.geometry(page: "frequent")
            #expect(before.keys.contains("1f600"))
            try session.tap(["to-animals"], startingOn: "frequent")
            try session.tap(["1f436", "1f436", "return"], startingOn: "animals-1")
            #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") }, "xterm received \(session.received.debugDescription)")
            #expect(session.received == "🐶🐶\n", "clavier said: \(session.errors)")
            #expect(Array(session.received.utf8.prefix(4)) == [0xF0, 0x9F, 0x90, 0xB6])
            #expect(session.stopKeyboard() == 0)
        }
        let file = state.file("clavier/taps.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let again = try KeyboardSession(windowManager: false, clavierArguments: arguments,
                                        geometryArguments: ["--layout", "emoji"], environment: environment)
        // The frequent page's first key, top left, is now the dog.
        let frequent = try again.geometry(page: "frequent")
        let first = frequent.min { ($0.value.y, $0.value.x) < ($1.value.y, $1.value.x) }
        #expect(first?.key == "1f436")
        try again.tap(["1f436", "return"], startingOn: "frequent")
        #expect(Harness.waitFor(10) { again.received.hasSuffix("\n") })
        #expect(again.received == "🐶\n", "clavier said: \(again.errors)")
    }

    /// Emoji search: "cat" typed on the search page's letters goes into the keyboard's own
    /// field, and xterm receives only the first match tapped (🐈, U+1F408, whose whole English
    /// name is "cat"), then the Return typed after closing the search.
    @Test func aSearchTypesOnlyTheMatchTapped() throws {
        let state = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "emoji"],
                                          geometryArguments: ["--layout", "emoji"], environment: ["XDG_STATE_HOME": state.path])
        try session.tap(["to-search"], startingOn: "frequent")
        // 1f600 is the id the layout file gives the search page's first emoji key, where the
        // best match shows.
        try session.tap(["c", "a", "t", "space", "backspace", "1f600", "close"], startingOn: "search")
        try session.tap(["return"], startingOn: "frequent")
        #expect(session.waitForLines(1), "xterm received \(session.received.debugDescription)")
        #expect(session.received == "🐈\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }
}
