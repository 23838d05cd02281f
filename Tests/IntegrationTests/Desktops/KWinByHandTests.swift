import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Clavier on KDE Plasma started by hand (issue 49): KWin did not start it as its input method,
/// so it has no input-method-v1 and no virtual keyboard, only layer-shell and KWin's fake input
/// (the .desktop file's grant; every client of the user's here, `HeadlessKWin`). It docks as a
/// layer surface that never takes the focus and types every key through fake input, the `pc`
/// layout's modifiers and shortcuts included. Before, it fell back to X11: with no X server
/// here it never came up, and the entry got nothing.
@Suite(.serialized, .enabled(if: Harness.which("kwin_wayland") != nil, "kwin_wayland is not installed (tools/install-deps test installs it)"),
       .needs("kwin_wayland", "dbus-run-session", "setpriv"))
struct KWinByHandTests {
    @Test func itTypesKeysShiftBackSpaceReturnAndCtrlAThroughFakeInput() throws {
        let session = try KWinSession(["--no-sound", "--layout", "pc"], byHand: true)
        let entry = try GTK4Entry(on: session.kwin)
        #expect(session.errors.contains("typing through KWin's fake input"), "clavier said: \(session.errors)")
        #expect(try session.status().typing == "kwin-fake-input")
        // Shift latched for one key, then h, i, x; BackSpace takes the x.
        try session.tap(["lshift", "ac06", "ad08", "ab02", "backspace"], startingOn: "keys", layout: "pc")
        #expect(entry.waitFor(text: "Hi"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        try session.tap(["return"], startingOn: "keys", layout: "pc")
        #expect(Harness.waitFor(5) { entry.activations == 1 }, "Return reached the entry \(entry.activations) times; clavier said: \(session.errors)")
        // Ctrl+A selects the text: the x typed next replaces it.
        try session.tap(["lctrl", "ac01", "ab02"], startingOn: "keys", layout: "pc")
        #expect(entry.waitFor(text: "x"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
    }

    /// A character KWin's keymap lacks (€: `us` has none) is not typed, and said in one line,
    /// once, never naming it; the keys around it are typed. If € were typed, BackSpace would
    /// take it and the entry would hold "ok#".
    @Test func aCharacterTheKeymapLacksIsSaidOnceNotTyped() throws {
        let session = try KWinSession(byHand: true)
        let entry = try GTK4Entry(on: session.kwin)
        try session.tap(["o", "k", "page-numbers", "page-symbols", "€", "€", "backspace", "#"])
        #expect(Harness.waitFor(10) { entry.text.lowercased() == "o#" }, "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        let said = session.errors.split(separator: "\n").filter { $0.contains("not in KWin's keymap") }
        #expect(said.count == 1, "clavier said: \(session.errors)")
        #expect(!session.errors.contains("€"), "clavier named the character: \(session.errors)")
    }
}
