import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// A docked keyboard and a fullscreen application on KDE Plasma (issue 49 item 4), measured on
/// Debian 12's KWin 5.27. As KWin's input method, a keyboard docked above fullscreen windows
/// (`--kiosk`, `--layer overlay`) is KWin's input panel (input-panel-v1, a toplevel panel at the
/// bottom), which KWin keeps above every window and never gives the focus: clicks on its keys
/// type into the fullscreen entry. Started by hand there is no input panel: unlike sway
/// (WaylandFullscreenTests), KWin keeps the keyboard beneath an active fullscreen window
/// whatever its layer-shell layer, `--kiosk` and `--layer overlay` included. On KWin Clavier's surface is named `dock`, so that a click on it leaves the focus
/// with the field; KWin 5.27 files a layer surface of that name with its docks (DockLayer), not
/// by its layer, and stacks the active fullscreen window above them (ActiveLayer). Checked by
/// the typing: the clicks at the keys' places (KWin's fake input) go to the window, which types
/// nothing; out of fullscreen the same clicks type, so the keyboard was there all along.
/// If KWin ever puts the overlay keyboard above the window, the entry gets "ok" and this fails.
@Suite(.serialized, .enabled(if: Harness.which("kwin_wayland") != nil, "kwin_wayland is not installed (tools/install-deps test installs it)"),
       .needs("kwin_wayland", "dbus-run-session", "setpriv"))
struct KWinFullscreenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Started by hand (fake input), or by KWin as its input method.
        let byHand: Bool
        var testDescription: String { (arguments.isEmpty ? "top" : arguments.joined(separator: " ")) + (byHand ? ", by hand" : ", as the input method") }
    }

    @Test(arguments: [Case(arguments: [], byHand: true), Case(arguments: ["--kiosk"], byHand: true),
                      Case(arguments: ["--layer", "overlay"], byHand: true)])
    func aFullscreenWindowCoversTheDockedKeyboard(_ test: Case) throws {
        let session = try KWinSession(["--no-sound"] + test.arguments, byHand: test.byHand)
        let entry = try Self.fullscreenEntry(beside: session)
        try session.tap(["o", "k", "return"])
        // Nothing to wait for: wl-pointer returns once KWin has taken the clicks, and a key
        // typed through fake input or input-method-v1 reaches the entry within a round trip.
        usleep(1_000_000)
        #expect(entry.text == "" && entry.activations == 0, "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        entry.toggleFullscreen()
        try Self.waitForFullscreen(entry, false)
        // Out of fullscreen (GTK's own size, placed by KWin) the same keys type.
        try session.tap(["o", "k"])
        #expect(Harness.waitFor(10) { entry.text.lowercased() == "ok" }, "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
    }

    /// As KWin's input method, the kiosk's keyboard (its input panel) stays above the fullscreen
    /// entry and its keys type there; the window keeps the whole output, its bottom rows under
    /// the keyboard. KWin shows a toplevel input panel only after touch input unless
    /// KWIN_IM_SHOW_ALWAYS=1 (the pointer here is fake input's, not touch).
    @Test(arguments: [["--kiosk"], ["--layer", "overlay"]])
    func theInputMethodsKeyboardTypesAboveAFullscreenWindow(_ arguments: [String]) throws {
        let session = try KWinSession(["--no-sound"] + arguments, kwinEnvironment: ["KWIN_IM_SHOW_ALWAYS": "1"])
        let entry = try Self.fullscreenEntry(beside: session)
        try session.tap(["o", "k", "return"])
        #expect(Harness.waitFor(10) { entry.activations == 1 }, "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(entry.text.lowercased() == "ok" && entry.activations == 1,
                "the entry holds \(entry.text.debugDescription), activated \(entry.activations) times; clavier said: \(session.errors)")
        // The clicks left the entry fullscreen and focused (the keyboard never took the focus).
        #expect(entry.window?.fullscreen == true, "\(String(describing: entry.window))")
    }

    /// A GTK 4 entry made fullscreen on `session`'s KWin, once its keyboard is docked at the
    /// bottom of the whole output; the window keeps the whole output (the keyboard's zone does
    /// not shrink it).
    static func fullscreenEntry(beside session: KWinSession) throws -> GTK4Entry {
        let place = try session.status().geometry
        #expect(place.width == 1280 && place.y + place.height == 800, "docked at \(place)")
        let entry = try GTK4Entry(on: session.kwin, fullscreen: true)
        try waitForFullscreen(entry, true)
        #expect(entry.window.map { $0.width == 1280 && $0.height == 800 } == true, "\(String(describing: entry.window))")
        return entry
    }

    /// Waits until GTK says the window is (or is not) fullscreen.
    static func waitForFullscreen(_ entry: GTK4Entry, _ fullscreen: Bool) throws {
        guard Harness.waitFor(10, { entry.window?.fullscreen == fullscreen }) else {
            throw HarnessError("the entry's window is not \(fullscreen ? "" : "out of ")fullscreen: \(String(describing: entry.window))")
        }
    }
}
