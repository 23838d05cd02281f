import ClavierTestSupport
import Foundation
import Testing

/// The clipboard strip on X beside a real xterm (issue 38): a text another client copies
/// (xclip owns CLIPBOARD) is read through XFixes and offered on the bar of the empty field;
/// a click on its cell types exactly that text. A kiosk keyboard never watches.
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
