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

    @Test(.needsClavier) func typeReadsStandardInputAndRejectsBadArguments() throws {
        let neither = try Harness.clavier(["type"])
        #expect(neither.status != 0 && neither.err.contains("TEXT or --file"))
        let missingFile = try Harness.clavier(["type", "--file", "/nonexistent/x"], environment: ["DISPLAY": ":0"])
        #expect(missingFile.status == 1 && missingFile.err.contains("cannot read /nonexistent/x"))
    }
}
