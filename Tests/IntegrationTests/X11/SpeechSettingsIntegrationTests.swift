import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Speech's settings on the running keyboard (issue 50): the rate and volume told to
/// speech-dispatcher once, the layout's language followed as the layout changes, and the
/// settings page's Speech cell starting and stopping the voice at once.
@Suite(.serialized, .needsDisplay) struct SpeechSettingsIntegrationTests {
    @Test func rateAndVolumeAreToldOnceAndTheVoiceFollowsTheLayoutsLanguage() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let layout = try PhraseIntegrationTests.layout(in: runtime, language: "de")
        let aid = try AidSession(["--layout", layout, "--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on",
                                  "--speech-rate", "-30", "--speech-volume", "40"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        #expect(Harness.waitFor(5) { speechd.spoken == ["a to o"] }, "\(speechd.spoken) \(aid.session.errors)")
        #expect(speechd.received == "SET SELF CLIENT_NAME user:clavier:main\r\nSET SELF PRIORITY text\r\n"
                + "SET SELF NOTIFICATION END on\r\nSET SELF NOTIFICATION CANCEL on\r\n"
                + "SET SELF RATE -30\r\nSET SELF VOLUME 40\r\n"
                + "SET SELF LANGUAGE de\r\nSPEAK\r\na to o\r\n.\r\n", "\(speechd.received)")
        aid.control("layout", "us")
        #expect(Harness.waitFor(5) { speechd.received.hasSuffix("SET SELF LANGUAGE en\r\nSPEAK\r\nq to p\r\n.\r\n") },
                "\(speechd.received)")
        #expect(speechd.received.components(separatedBy: "RATE").count == 2, "told once")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// The page's cell for `name`, clicked where Core lays it out over the window.
    func click(_ name: String, _ aid: AidSession) {
        let f = aid.server.frame(of: aid.session.keyboardWindow)
        let page = SettingsPage(SettingsSources(), size: Size(width: f.width, height: f.height))
        guard let cell = page.cells.first(where: { $0.action == .setting(name) }) else { return }
        aid.server.click(x: f.x + Int(cell.rect.midX), y: f.y + Int(cell.rect.midY))
        usleep(300_000)
    }

    @Test func theSpeechCellStartsAndStopsTheVoiceAtOnce() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0"], environment: ["SPEECHD_ADDRESS": speechd.address])
        aid.control("settings")
        #expect(aid.waitForStatus("scan:") { !$0.isEmpty })
        usleep(300_000)
        #expect(speechd.connections == 0)
        click("speech", aid)
        #expect(Harness.waitFor(5) { speechd.spoken.count == 1 }, "the highlight said at once: \(speechd.spoken) \(aid.session.errors)")
        #expect(aid.status()?.settings?["speech"] == "on")
        // Two switches: a step says the next highlight.
        aid.tapKey(ScanIntegrationTests.f9)
        #expect(Harness.waitFor(5) { speechd.spoken.count == 2 }, "\(speechd.spoken)")
        click("speech", aid)
        #expect(aid.status()?.settings?["speech"] == "off")
        let before = speechd.received
        aid.tapKey(ScanIntegrationTests.f9)
        usleep(500_000)
        #expect(speechd.received == before, "nothing said once speech is off")
        let kept = (try? String(contentsOfFile: aid.session.directory.appendingPathComponent("config/clavier/settings.yaml").path,
                                encoding: .utf8)) ?? ""
        #expect(kept.contains("speech: off\n"), "\(kept)")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
