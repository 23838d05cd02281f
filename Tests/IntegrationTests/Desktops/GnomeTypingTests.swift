import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Clavier on GNOME on Wayland (issue 49): a headless mutter, a native GTK 4 entry with the
/// focus, and Clavier's X window on mutter's XWayland, typing through mutter's RemoteDesktop.
/// The clicks go to the X window through XTest on XWayland, which no native window sees: what
/// the entry gets came through mutter's own keyboard, and only while it kept the focus.
@Suite(.serialized, .needs("mutter", "Xwayland", "dbus-run-session", "xdotool", "gdbus"), .needsClavier)
struct GnomeTypingTests {
    @Test func clicksTypeLettersShiftBackSpaceAndReturnIntoANativeEntry() throws {
        let mutter = try HeadlessMutter()
        let entry = try GnomeEntry(on: mutter)
        let session = GnomeSession(mutter: mutter)
        try session.start(["--no-sound"])
        try session.waitUntilTyping(into: entry)
        #expect(session.errors.contains("through mutter's RemoteDesktop"), "clavier said: \(session.errors)")
        try session.tap(["h", "i", "shift", "w", "backspace", "o", "page-numbers", "1", "page-letters"])
        #expect(entry.waitFor(text: "hio1"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        try session.tap(["return"])
        #expect(entry.waitFor(text: "hio1\n"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        // The keyboard's window never took the focus: the keys went on landing in the entry.
        #expect(session.xFocus() != session.window, "XWayland's focus is on the keyboard")
        try session.tap(["shift", "x"])
        #expect(entry.waitFor(text: "hio1X\n"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    @Test func ctrlATypedThroughTheDesktopLayoutSelectsTheEntrysText() throws {
        let mutter = try HeadlessMutter()
        let entry = try GnomeEntry(on: mutter)
        let session = GnomeSession(mutter: mutter)
        try session.start(["--no-sound", "--dock", "bottom"], layout: "pc")
        try session.waitUntilTyping(into: entry, key: "ac01", page: "keys")
        try session.tap(["ac01", "ab05", "ac03"], startingOn: "keys")
        #expect(entry.waitFor(text: "abd"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        // Ctrl+A selects everything; the next letter replaces it.
        try session.tap(["lctrl", "ac01", "ad01"], startingOn: "keys")
        #expect(entry.waitFor(text: "q"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// mutter types only its layout's keys, and an X client cannot change that layout: a
    /// character outside it is said in one line (without itself), and the keyboard goes on.
    @Test func aCharacterOutsideTheLayoutIsSaidAndTheKeyboardGoesOn() throws {
        let mutter = try HeadlessMutter()
        let entry = try GnomeEntry(on: mutter)
        let session = GnomeSession(mutter: mutter)
        try session.start(["--no-sound"])
        try session.waitUntilTyping(into: entry)
        try session.tap(["a", "page-numbers", "page-symbols", "€", "page-letters", "b"])
        #expect(entry.waitFor(text: "ab"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(session.errors.contains("a character outside the keyboard layout cannot be typed"), "clavier said: \(session.errors)")
        #expect(!session.errors.contains("€"), "clavier said what was typed: \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
