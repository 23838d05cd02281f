import ClavierTestSupport
import Foundation
import Testing

/// Autocorrection by default (`--autocorrect prose`) in a real GTK 3 window on a private
/// accessibility bus (issue 36): the focus watch names the entry prose, so the slip
/// AutocorrectIntegrationTests types beside xterm ("thw", its w tapped near its edge by e) is
/// corrected at the space, and BackSpace right after puts the letters typed back; in the
/// password entry nothing is corrected, not even with `--autocorrect always`. The entry starts its sentence with a capital, so the
/// word is "Thw" and its correction "The".
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct ProseAutocorrectTests {
    /// What the probe's entries hold (`ENTRY|PASSWORD|SPIN`) once `done` says it is what the
    /// test waits for, asking the probe again every 200 ms for up to `seconds`; the last answer otherwise.
    static func entries(_ s: FocusSession, within seconds: Double = 10, until done: (String) -> Bool) throws -> String {
        var asked = 0, last = ""
        let clock = ContinuousClock(), end = clock.now + .milliseconds(Int(seconds * 1000))
        repeat {
            asked += 1
            try FocusProbe.focus("dump-\(UInt32.random(in: 0...UInt32.max))-\(asked)", controlFile: s.control)
            usleep(200_000)
            let lines = (TextFile.read(s.probeLog) ?? "").split(separator: "\n").filter { $0.hasPrefix("text ") }
            last = lines.last.map { String($0.dropFirst(5)) } ?? ""
            if done(last) { return last }
        } while clock.now < end
        return last
    }

    /// By default (prose), and with `--autocorrect always`, which still leaves a password alone.
    @Test(arguments: [[], ["--autocorrect", "always"]])
    func aSlipIsCorrectedInAGTKEntryAndNotInItsPasswordEntry(autocorrect: [String]) throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show"] + autocorrect)
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("entry-1", kind: "prose", shows: "us/letters")
        #expect(Harness.waitFor(20) { s.session.errors.contains("made autocorrection's lexicon for 'en'") },
                "no lexicon made for the prose entry; \(s.said)")

        try AutocorrectIntegrationTests.tapTheSlip(s.session, ending: ["space"])
        let corrected = try Self.entries(s) { $0.hasPrefix("The |") }
        #expect(corrected.hasPrefix("The |"), "the entry holds \(corrected.debugDescription), not \"The \"; \(s.said)")

        // BackSpace right after the correction: the space and the word go, the letters typed come back.
        try s.session.tap(["backspace"])
        let undone = try Self.entries(s) { $0.hasPrefix("Thw|") }
        #expect(undone.hasPrefix("Thw|"), "after BackSpace the entry holds \(undone.debugDescription), not \"Thw\"; \(s.said)")

        try s.focus("password-1", kind: "password", shows: "us/letters")
        try AutocorrectIntegrationTests.tapTheSlip(s.session, ending: ["space"])
        let password = try Self.entries(s) { $0.hasPrefix("Thw|thw |") }
        #expect(password.hasPrefix("Thw|thw |"), "the entries hold \(password.debugDescription), not \"Thw|thw \"; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        #expect(!s.session.errors.contains("thw") && !s.session.errors.contains("Thw"), "typed text in the log")
    }
}
