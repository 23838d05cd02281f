import ClavierTestSupport
import Foundation
import Testing

/// The clipboard strip on X beside a real xterm (issue 38): a text another client copies
/// (xclip owns CLIPBOARD) is read through XFixes and offered on the bar of the empty field;
/// a click on its cell types exactly that text (its new lines as spaces where a Return would
/// run something); a copy marked secret is never read. A kiosk keyboard never watches.
@Suite(.serialized, .needsDisplay, .needs("xclip")) struct ClipboardIntegrationTests {
    /// Copies `text` as an application would: xclip owns CLIPBOARD and answers one request.
    static func copy(_ text: String, in session: KeyboardSession) throws -> ChildProcess {
        let file = session.directory.appendingPathComponent("copy-\(text.utf8.count).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try ChildProcess(["xclip", "-selection", "clipboard", "-loops", "1", file.path],
                                environment: ["DISPLAY": session.server.display])
    }

    @Test func aCopiedTextClickedOnTheBarIsTypedAsItStands() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.said)")
        let xclip = try Self.copy("echo 'copied: ü'", in: session)
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: a copy read") }, "\(session.said)")
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "echo 'copied: ü'\n", "\(session.said)")
        #expect(!session.errors.contains("copied:"), "the log holds the copy: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        xclip.stop()
    }

    /// A password manager's copy (issue 48): a GTK 4 program owns CLIPBOARD offering the text
    /// and `x-kde-passwordManagerHint` = `secret` beside it, as KeePassXC does. The keyboard asks
    /// the owner's TARGETS first and never reads that text: the bar still offers the copy made
    /// before it, which a tap types, and the password is nowhere in the log.
    @Test(.needs("python3")) func aCopyMarkedSecretIsNeitherReadNorOffered() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.said)")
        let xclip = try ClipboardPinIntegrationTests.copy("echo before", in: session)
        let secret = try GTK4Copier("hunter2 zqx", hint: "secret", display: session.server.display)
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: a copy marked secret, not read") }, "\(session.said)")
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "echo before\n", "\(session.said)")
        #expect(!session.errors.contains("zqx"), "the log holds the secret: \(session.errors)")
        // A copy made after it is read as ever.
        secret.stop()
        _ = try ClipboardPinIntegrationTests.copy("echo after", in: session)
        #expect(session.stopKeyboard() == 0)
        xclip.stop()
    }

    /// A copy of two commands (issue 48), its new line past what its cell shows: tapped into a
    /// shell in xterm (a field nobody described), it comes as one line, its new lines spaces,
    /// and nothing runs until the user's own Return; the second command never runs.
    @Test func aCopyOfTwoLinesTappedIntoAShellRunsNothingByItself() throws {
        let shell = "cd \"$(dirname 'OUTPUT')\"; : > 'OUTPUT'; stty -echo; "
            + "while IFS= read -r line; do printf '%s\\n' \"$line\" >> 'OUTPUT'; sh -c \"$line\" > /dev/null; done"
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"], shellCommand: shell)
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.said)")
        let xclip = try ClipboardPinIntegrationTests.copy("echo harmless-looking\ntouch pwned\n", in: session)
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "echo harmless-looking touch pwned\n", "\(session.said)")
        let pwned = session.directory.appendingPathComponent("pwned").path
        #expect(!FileManager.default.fileExists(atPath: pwned), "the second line ran: \(session.said)")
        #expect(session.stopKeyboard() == 0)
        xclip.stop()
    }

    @Test func aKioskKeyboardDoesNotWatchTheClipboard() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--kiosk"],
                                          environment: ["CLAVIER_LOG": "debug"])
        let xclip = try Self.copy("kiosk text", in: session)
        try session.tap(["a", "return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(!session.errors.contains("clipboard:"), "\(session.errors)")
        #expect(session.stopKeyboard() == 0)
        xclip.stop()
    }
}
