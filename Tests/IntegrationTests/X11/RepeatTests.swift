import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// `--repeat-delay`, `--repeat-interval` and `--no-repeat` on a real keyboard beside a real
/// xterm: x held with the mouse for 1.5 s, then Return.
@Suite(.serialized, .needsDisplay) struct RepeatTests {
    func holdX(_ arguments: [String]) throws -> String {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + arguments)
        try session.press("x", pause: 1_500_000)
        session.server.button(down: false)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        return session.received
    }

    @Test func aLongDelayTypesOneLetterForAHoldShorterThanIt() throws {
        #expect(try holdX(["--repeat-delay", "3000"]) == "x\n")
    }

    @Test func aShortDelayAndIntervalRepeatAtThatRate() throws {
        // 1.5 s held: 200 ms, then one every 100 ms: about 14 more (a busy machine gives fewer, never a burst).
        let typed = try holdX(["--repeat-delay", "200", "--repeat-interval", "100"])
        #expect(typed.count - 1 >= 6 && typed.count - 1 <= 16, "\(typed.debugDescription)")
    }

    @Test func noRepeatTypesOnce() throws {
        #expect(try holdX(["--no-repeat"]) == "x\n")
    }
}
