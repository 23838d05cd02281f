import ClavierTestSupport
import Foundation
import Testing

/// Issue 48 item 5: one mistake in a kiosk's config.yaml (a `kiosk-settings` name refused, a
/// value out of range after an upgrade, a document that cannot be read at all) dropped the
/// whole file, `kiosk: true` with it, and the keyboard ran as an ordinary one that `hide` and
/// `quit` reach. A kiosk fails closed: the broken field is left out, the rest kept, and the
/// problem named as `file:line:col: message`.
@Suite(.serialized, .needsDisplay) struct KioskFailsClosedTests {
    static let broken: [(config: String, problem: String)] = [
        ("kiosk: true\nkiosk-settings: [learning]\n", ":2:18: kiosk-settings cannot name 'learning'"),
        ("kiosk: true\nkey-size: 60\n", ":2:11: key-size 60.0 is not between 8.0 and 50.0"),
        ("kiosk: true\nlayout: [us\n", ":3:1: syntax error"),
        // Written in Latin-1 below: an é in a comment is not UTF-8.
        ("kiosk: true\n# caf\u{E9}\n", ":2:6: not UTF-8 text"),
    ]

    @Test(arguments: broken.indices)
    func aMistakeInAKiosksConfigLeavesItAKiosk(index: Int) throws {
        let (config, problem) = Self.broken[index]
        let home = try ConfigTests.Home(config: config)
        if !config.allSatisfy(\.isASCII) { try #require(config.data(using: .isoLatin1)).write(to: URL(fileURLWithPath: home.configPath)) }
        let check = try Harness.clavier(["check", home.configPath])
        #expect(check.status != 0 && check.out.contains(home.configPath + problem), "\(check)")

        let session = try KeyboardSession(windowManager: false, environment: home.env)
        #expect(session.errors.contains(home.configPath + problem), "\(session.errors)")
        #expect(session.errors.contains("as a kiosk") || session.errors.contains("runs as a kiosk"), "\(session.errors)")
        let hide = try home.clavier(["hide"], session)
        #expect(hide.status == 2 && hide.err.contains("kiosk"), "\(hide)")
        let quit = try home.clavier(["quit"], session)
        #expect(quit.status == 2 && quit.err.contains("kiosk"), "\(quit)")
        #expect(try home.clavier(["settings"], session).status == 2, "a kiosk naming no setting it may change opens no page")
        usleep(300_000)
        #expect(session.clavier.isRunning)
        #expect(session.server.frame(of: session.keyboardWindow).viewable)
    }

}
