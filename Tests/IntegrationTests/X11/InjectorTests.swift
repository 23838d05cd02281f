import ClavierTestSupport
import CX11
import Foundation
import Testing

/// A reproducible random text: ASCII, Latin-1, a few symbols, emoji and CJK.
func randomText(count: Int, seed: UInt64) -> String {
    var pool: [Character] = []
    pool += (0x20...0x7E).map { Character(Unicode.Scalar($0)!) }
    pool += (0xA1...0xFF).map { Character(Unicode.Scalar($0)!) }
    pool += Array("€ß☃½😀🎉👍中文字日本語한국")
    var state = seed
    var out = ""
    for _ in 0..<count {
        // SplitMix64: the same string on every machine.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        out.append(pool[Int(z % UInt64(pool.count))])
    }
    return out
}

@Suite(.serialized) struct InjectorTests {
    /// `clavier type` at full speed delivers 1,000 random characters byte for byte, in
    /// three keymaps (one with its second group active), and leaves the keymap as it was.
    @Test(.needsDisplay, arguments: [("us", UInt32(0)), ("de", UInt32(0)), ("us,ru", UInt32(1))])
    func typesAnyCharacterInAnyKeymap(layout: String, group: UInt32) throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, layout: layout, group: group)
        #expect(session.server.group == group)
        let before = session.server.keymapDump
        let text = randomText(count: 1000, seed: 42) + "\n"
        let input = session.directory.appendingPathComponent("input.txt")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let result = try Harness.clavier(["type", "--file", input.path], environment: session.server.env)
        #expect(result.status == 0, "clavier type said: \(result.err)")
        let arrived = Harness.waitFor(20) { session.received.hasSuffix("\n") }
        #expect(arrived)
        if let difference = firstDifference(sent: text, received: session.received) { Issue.record("\(difference)") }
        #expect(session.server.keymapDump == before, "the keymap was left changed")
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.group == group, "the group was switched")
    }

    /// Characters the keymap has under a legacy keysym (EuroSign on de's AltGr+E, Cyrillic
    /// in the ru group) are typed from the keymap, borrowing no spare keycode.
    @Test(.needsDisplay, arguments: [("de", UInt32(0), "€äöüß@µ"), ("us,ru", UInt32(1), "йцукенЁЖэ")])
    func legacyKeysymsAreTypedFromTheKeymap(layout: String, group: UInt32, text: String) throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, layout: layout, group: group)
        let result = try Harness.clavier(["type", text + "\n"], environment: session.server.env.merging(["CLAVIER_LOG": "debug"]) { $1 })
        #expect(result.status == 0)
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") })
        #expect(session.received == text + "\n")
        #expect(result.err.contains("lent a spare keycode 0 times"), "stderr: \(result.err)")
    }

    /// Issue 23, item 6: `clavier type` read its whole input before typing, so an endless one
    /// (`--file /dev/zero`, a pipe that never closes) grew to gigabytes with nothing typed.
    /// It types as it reads: lines arrive while the input goes on, in bounded memory, and
    /// Ctrl-C ends it with the keymap as it was. A UTF-8 sequence split across blocks arrives whole.
    @Test(.needsDisplay, .needs("yes", "mkfifo")) func anEndlessInputIsTypedAsItIsRead() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let dir = TemporaryDirectory()
        let fifo = dir.file("endless")
        #expect(mkfifo(fifo, 0o600) == 0)
        // 65,535 bytes of lines of "a" (a tty takes lines of at most 4,095), then "é" (2 bytes)
        // across the first 64 kB block's end, then "ab" lines without end.
        let line = String(repeating: "a", count: 63)
        let writer = try session.server.start(["sh", "-c", "{ yes \(line) | head -n 1023; printf \(line); printf '\\303\\251\\n'; yes ab; } > '\(fifo)'"])
        let start = String(repeating: line + "\n", count: 1023) + line + "é\nab\nab\n"
        let before = session.server.keymapDump
        let typist = try session.server.start([Harness.clavierBinary, "type", "--file", fifo], stderr: dir.file("stderr"))
        #expect(Harness.waitFor(20) { session.received.filter { $0 == "\n" }.count >= 1030 },
                "nothing typed from an endless input: \(session.received.suffix(40).debugDescription); clavier said: \(TextFile.read(dir.file("stderr")) ?? "")")
        let status = TextFile.read("/proc/\(typist.pid)/status") ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        #expect(rss > 0 && rss < 200_000, "clavier type holds \(rss) kB while typing an endless input")
        typist.signal(SIGINT)
        #expect(typist.wait(seconds: 10) == 130)
        writer.stop()
        #expect(session.received.hasPrefix(start), "\(firstDifference(sent: start, received: String(session.received.prefix(start.count))) ?? "")")
        #expect(Harness.waitFor(5) { session.server.keymapDump == before }, "the keymap was not given back")
    }

    @Test(.needsClavier) func typeReadsStandardInputAndRejectsBadArguments() throws {
        let neither = try Harness.clavier(["type"])
        #expect(neither.status != 0 && neither.err.contains("TEXT or --file"))
        let missingFile = try Harness.clavier(["type", "--file", "/nonexistent/x"], environment: ["DISPLAY": ":0"])
        #expect(missingFile.status == 1 && missingFile.err.contains("cannot read /nonexistent/x"))
    }
}
