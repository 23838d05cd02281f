import ClavierTestSupport
import Foundation
import Testing

/// Pinning on the clipboard strip on X (issue 38, item 6), driven as a user would beside a real
/// xterm: a long press on a copy's cell pins it, the pin is all that reaches the disk, survives
/// a restart offered first, goes with `clavier forget`; a kiosk pins nothing; a damaged pin
/// file is told line by line and the keyboard types on.
@Suite(.serialized, .needsDisplay, .needs("xclip")) struct ClipboardPinIntegrationTests {
    static func pinFile(_ session: KeyboardSession) -> String {
        session.directory.appendingPathComponent("state/clavier/clipboard-pins").path
    }

    /// Copies `text` (xclip owns CLIPBOARD) and waits until the keyboard has read it.
    static func copy(_ text: String, in session: KeyboardSession) throws -> ChildProcess {
        func reads() -> Int { session.errors.components(separatedBy: "clipboard: a copy read").count }
        let before = reads()
        let xclip = try ClipboardIntegrationTests.copy(text, in: session)
        #expect(Harness.waitFor(10) { reads() > before }, "\(session.said)")
        return xclip
    }

    /// Holds the bar's cell `id` down with the mouse for `seconds`, then lets go.
    static func longPress(_ id: String, in session: KeyboardSession, seconds: Double = 1) throws {
        let cell = try SuggestionIntegrationTests.centre(of: id, in: session)
        session.server.movePointer(x: cell.x, y: cell.y)
        session.server.button(down: true, pause: UInt32(seconds * 1_000_000))
        session.server.button(down: false, pause: 100_000)
    }

    /// The files under the session's state, cache and config directories that hold `text`.
    static func filesHolding(_ text: String, in session: KeyboardSession) -> [String] {
        ["state", "cache", "config"].flatMap { dir -> [String] in
            let root = session.directory.appendingPathComponent(dir).path
            let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
            return all.map { root + "/" + $0 }.filter { path in
                (FileManager.default.contents(atPath: path)).map { $0.range(of: Data(text.utf8)) != nil } ?? false
            }
        }
    }

    @Test func aLongPressPinsACopyWhichAloneReachesTheDiskAndComesFirstAfterARestart() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.said)")
        let first = try Self.copy("pin me ü", in: session)
        let second = try Self.copy("not pinned zqx", in: session)
        // The bar: the newest copy, then the one to pin.
        try Self.longPress("completion-1", in: session)
        let pins = Self.pinFile(session)
        #expect(Harness.waitFor(5) { FileManager.default.fileExists(atPath: pins) }, "\(session.said)")
        #expect((try? String(contentsOfFile: pins, encoding: .utf8)) == "clavier-clipboard-pins 1\npin me ü\n")
        let mode = (try? FileManager.default.attributesOfItem(atPath: pins)[.posixPermissions] as? Int) ?? nil
        #expect(mode == 0o600, "clipboard-pins is mode \(String(mode ?? 0, radix: 8))")
        #expect(session.received.isEmpty, "a long press types nothing: \(session.said)")
        #expect(!session.errors.contains("pin me") && !session.errors.contains("zqx"), "the log holds a copy: \(session.errors)")
        // Ended, the keyboard saves what it keeps: never the copy that was not pinned.
        #expect(session.stopKeyboard() == 0)
        #expect(Self.filesHolding("not pinned zqx", in: session) == [], "an unpinned copy on disk")
        first.stop()
        second.stop()

        try session.startKeyboard(arguments: ["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(10) { session.errors.contains("clipboard: watching") }, "\(session.said)")
        let third = try Self.copy("fresh copy", in: session)
        // The pin is offered first, before the copy made just now.
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "pin me ü\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        third.stop()
    }

    @Test func forgetRemovesThePinFileAndTheRunningKeyboardsPin() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let pins = Self.pinFile(session)
        try FileManager.default.createDirectory(atPath: (pins as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "clavier-clipboard-pins 1\nforget me\\tnow\n".write(toFile: pins, atomically: true, encoding: .utf8)
        let runtime = TemporaryDirectory()
        try session.startKeyboard(arguments: ["--no-sound"], environment: ["CLAVIER_LOG": "debug", "XDG_RUNTIME_DIR": runtime.path])
        let env = session.server.env.merging(session.environment) { $1 }.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        let forget = try Harness.clavier(["forget"], environment: env)
        #expect(forget.status == 0, "\(forget)")
        // The keyboard removes the file itself (the command finds it gone), and its pin too.
        #expect(forget.out.contains("the running keyboard forgot them too"), "\(forget)")
        #expect(!FileManager.default.fileExists(atPath: pins))
        // The bar of the empty field no longer offers the pin: its first cell is a word, if any.
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(!session.received.contains("forget me"), "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(!FileManager.default.fileExists(atPath: pins), "written back at the end")
        // With no keyboard running, the command removes the file itself and says so.
        try "clavier-clipboard-pins 1\nforget me\n".write(toFile: pins, atomically: true, encoding: .utf8)
        let alone = try Harness.clavier(["forget"], environment: env)
        #expect(alone.status == 0 && alone.out.contains(pins) && !alone.out.contains("running keyboard"), "\(alone)")
        #expect(!FileManager.default.fileExists(atPath: pins))
    }

    @Test func aKioskNeitherReadsNorMakesPins() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let pins = Self.pinFile(session)
        try FileManager.default.createDirectory(atPath: (pins as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let before = "clavier-clipboard-pins 1\nan earlier pin\n"
        try before.write(toFile: pins, atomically: true, encoding: .utf8)
        try session.startKeyboard(arguments: ["--no-sound", "--kiosk", "--suggestions", "3"], environment: ["CLAVIER_LOG": "debug"])
        let xclip = try ClipboardIntegrationTests.copy("kiosk copy", in: session)
        usleep(500_000)
        if (try? SuggestionIntegrationTests.centre(of: "completion-0", in: session)) != nil {
            try Self.longPress("completion-0", in: session)
            try Self.longPress("completion-1", in: session)
        }
        try session.tap(["a", "return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(!session.received.contains("pin") && !session.received.contains("kiosk"), "\(session.said)")
        #expect((try? String(contentsOfFile: pins, encoding: .utf8)) == before, "a kiosk wrote the pins")
        #expect(Self.filesHolding("kiosk copy", in: session) == [])
        #expect(session.stopKeyboard() == 0)
        xclip.stop()
    }

    @Test func aDamagedPinFileIsToldByLineAndTheKeyboardTypesOn() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let pins = Self.pinFile(session)
        try FileManager.default.createDirectory(atPath: (pins as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var bytes = Array("clavier-clipboard-pins 1\nsecret \\q one\ngood pin\n".utf8)
        bytes += [0x66, 0xFF, 0x0A] + Array("   \nlast\\\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: pins))
        try session.startKeyboard(arguments: ["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        let said = session.errors
        #expect(said.contains("\(pins):2: column 8: a backslash before something other than n, t or \\"), "\(said)")
        #expect(said.contains("\(pins):4: not UTF-8 text; the line is left out"), "\(said)")
        #expect(said.contains("\(pins):5: not a text the clipboard strip keeps"), "\(said)")
        #expect(said.contains("\(pins):6: a lone backslash ends the line"), "\(said)")
        #expect(!said.contains("secret") && !said.contains("good pin"), "a warning quotes the text: \(said)")
        // The sound line is pinned and offered; the keyboard works.
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: session)
        session.server.click(x: cell.x, y: cell.y)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "good pin\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
