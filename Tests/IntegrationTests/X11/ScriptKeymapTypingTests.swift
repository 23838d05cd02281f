import ClavierTestSupport
import Foundation
import Testing

/// Each layout for another script (issue 51) types exactly what its keys say into xterm and a
/// GTK 3 entry under its own script's keymap (`setxkbmap ru`, `ua`, … `th`), where its letters
/// are the keymap's own keys (xterm under `us`: ScriptLayoutTypingTests). One keyboard and one
/// X server for all: the layout is changed by `clavier layout NAME` and the keymap by
/// setxkbmap while the keyboard runs.
/// Into GTK 3 under `us` every letter goes through a borrowed keycode: the shown layout's are lent
/// when it shows (two letters and their capitals a keycode), so no word changes the keymap
/// midway, which under openbox made clicks arrive late and scrambled (letters lost or doubled).
@Suite(.serialized, .needsClavier, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send", "setxkbmap"))
struct ScriptKeymapTypingTests {
    /// The XKB layout that writes each script layout's language, as Debian's xkb-data names it.
    static let keymaps = ["ru": "ru", "uk": "ua", "bg": "bg", "el": "gr", "tr": "tr", "ar": "ara", "fa": "ir",
                          "he": "il", "hi": "in", "th": "th", "vi": "vn"]

    @Test func everyScriptLayoutTypesExactlyUnderItsKeymap() throws {
        try typeEveryLayout(underUS: [false])
    }

    @Test
    func everyScriptLayoutTypesExactlyIntoGTKUnderUS() throws {
        try typeEveryLayout(underUS: [true])
    }

    /// Under `us`, each layout switch lends the new layout's letters in place of the last one's:
    /// one keymap change, which openbox reloads on while it holds the clicks. Two letters tapped
    /// at once after each of 12 switches (no wait for it to settle) arrive whole, in order. The
    /// entry is read after each pair, before the next switch: openbox may still hold the taps
    /// when `tap` returns, and a switch by the control socket does not queue behind them as a
    /// tap on the language key would.
    @Test func lettersTappedRightAfterALayoutSwitchArriveInGTKUnderUS() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound"])
        let server = s.session.server
        try s.focus("entry-1")
        let set = try Harness.run(["setxkbmap", "-display", server.display, "us"])
        #expect(set.status == 0, "setxkbmap us: \(set.err)")
        usleep(300_000)  // the keyboard hears of the new keymap (MappingNotify) before it types
        let letters = ["ru": ["п", "р"], "el": ["λ", "ε"], "he": ["ש", "ל"], "ar": ["س", "ل"], "bg": ["ч", "е"], "th": ["ส", "ว"]]
        var typed = ""
        for layout in ["ru", "el", "he", "ar", "bg", "th", "ru", "bg", "el", "th", "he", "ar"] {
            #expect(try s.clavier("layout", layout).status == 0)
            #expect(Harness.waitFor(10) { s.shown() == layout + "/letters" }, "\(s.shown()); \(s.said)")
            s.session.geometryArguments = ["--layout", layout]
            try s.session.tap(letters[layout]!)
            typed += letters[layout]!.joined()
            // Asked again until it holds them: openbox may hold the taps after `tap` returns.
            guard s.waitForText(10, { $0.hasPrefix(typed + "|") }) else {
                Issue.record("after \(layout): the entry does not hold \(typed.debugDescription): \(Self.lastText(s.probeLog).debugDescription); \(s.said)")
                break
            }
        }
        #expect(s.session.stopKeyboard() == 0)
    }

    func typeEveryLayout(underUS passes: [Bool]) throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound"])
        let server = s.session.server
        try s.focus("entry-1")
        guard let probe = server.waitForWindow(named: FocusProbe.title) else { throw HarnessError("no probe window") }
        var inEntry = "", inXterm = ""
        for underUS in passes {
            for c in ScriptLayoutTypingTests.cases {
                let keymap = underUS ? "us" : Self.keymaps[c.layout]!
                let set = try Harness.run(["setxkbmap", "-display", server.display, keymap])
                #expect(set.status == 0, "setxkbmap \(keymap): \(set.err)")
                usleep(300_000)  // the keyboard hears of the new keymap (MappingNotify) before it types
                #expect(try s.clavier("layout", c.layout).status == 0)
                #expect(Harness.waitFor(10) { s.shown() == c.layout + "/letters" }, "\(s.shown()); \(s.said)")
                // Showing a layout gives back the last one's letters and lends its own where the
                // keymap lacks them, in one keymap change: openbox reloads its key handling on it,
                // holding the clicks meanwhile, and the server then gives a held release the
                // pointer's next place (a Shift tap's release lands on the next letter). As after
                // setxkbmap, the first tap waits for openbox to be done with it; taps right after
                // a switch on letters: `lettersTappedRightAfterALayoutSwitchArriveInGTKUnderUS`.
                #expect(server.waitForWindowManager(), "openbox does not answer")
                s.session.geometryArguments = ["--layout", c.layout]
                if !underUS {
                    server.setFocus(s.session.xtermWindow)
                    #expect(Harness.waitFor(5) { server.focus == s.session.xtermWindow })
                    try s.session.tap(c.keys + ["return"])
                    inXterm += c.typed + "\n"
                    #expect(s.session.waitForLines(inXterm.filter { $0 == "\n" }.count), "\(c.layout) under \(keymap): \(s.said)")
                    #expect(s.session.received == inXterm, "\(c.layout) under \(keymap): xterm received \(s.session.received.debugDescription)")
                    server.setFocus(probe)
                    #expect(Harness.waitFor(5) { server.focus == probe })
                }
                try s.session.tap(c.keys)
                inEntry += c.typed
                // Asked again until it holds them: a key still on its way is not in one answer.
                let expected = inEntry + "|"
                #expect(s.waitForText { $0.hasPrefix(expected) },
                        "\(c.layout) under \(keymap): the entry does not hold \(inEntry.debugDescription): \(Self.lastText(s.probeLog).debugDescription); \(s.said)")
            }
        }
        #expect(s.session.stopKeyboard() == 0)
    }

    /// What the probe last reported its entry holds.
    static func lastText(_ log: String) -> String {
        let line = (TextFile.read(log) ?? "").components(separatedBy: "\n").last { $0.hasPrefix("text ") } ?? ""
        return String(line.dropFirst(5))
    }
}
