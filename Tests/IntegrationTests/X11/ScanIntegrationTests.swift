import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Glibc
import Testing

/// Switch scanning on a real keyboard beside a real xterm: the switch pressed through XTest
/// as a switch interface would, what arrives in the xterm, and the highlight on screen.
@Suite(.serialized, .needsDisplay) struct ScanIntegrationTests {
    static let f9: UInt = 0xFFC6, f10: UInt = 0xFFC7, enter: UInt = 0xFF0D

    /// Presses the switch as soon as the status first shows `wanted`, having seen it show
    /// something else (unless our last press just put the highlight there): the highlight
    /// has just moved there, so most of a step is left to press in.
    func press(_ keysym: UInt, when wanted: String, _ aid: AidSession, justEntered: Bool = false) -> Bool {
        if !justEntered { guard aid.waitForStatus("scan:", { $0 != wanted }) else { return false } }
        guard aid.waitForStatus("scan:", { $0 == wanted }) else { return false }
        aid.tapKey(keysym)
        return true
    }

    @Test func oneSwitchTypesARowsKeyAndTheFocusedWindowNeverSeesIt() throws {
        let aid = try AidSession(["--scan", "300", "--scan-switch", "F9", "--suggestions", "0"])
        #expect(press(Self.f9, when: "scan: row 1", aid))
        #expect(press(Self.f9, when: "scan: key q", aid, justEntered: true), "\(aid.status("scan:"))")
        #expect(press(Self.f9, when: "scan: row 2", aid))
        #expect(press(Self.f9, when: "scan: key h", aid), "\(aid.status("scan:"))")
        #expect(aid.waitForStatus("scan:") { $0.hasPrefix("scan: row") }, "scanning starts again from the rows")
        aid.tapKey(Self.enter)
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "qh\n", "xterm got F9 or the wrong keys: \(aid.session.said)")

        // Quit, the grab goes with the keyboard: F9 reaches the xterm again (CSI 20 ~).
        #expect(aid.session.stopKeyboard() == 0)
        aid.tapKey(Self.f9)
        aid.tapKey(Self.enter)
        #expect(aid.session.waitForLines(2), "\(aid.session.said)")
        #expect(aid.session.received == "qh\n\u{1B}[20~\n", "\(aid.session.said)")
    }

    @Test func twoSwitchesStepAndSelectWithNoClock() throws {
        // Without suggestions, whose row would come first once a letter is typed.
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0"])
        #expect(aid.status("scan:") == "scan: row 1")
        usleep(700_000)
        #expect(aid.status("scan:") == "scan: row 1", "no clock: the highlight waits for the step switch")
        aid.tapKey(Self.f9)
        aid.tapKey(Self.f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key a" }, "\(aid.status("scan:"))")
        for _ in 0..<5 { aid.tapKey(Self.f9) }
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key h" }, "\(aid.status("scan:"))")
        aid.tapKey(Self.f10)
        // Shift is the first key of the third row: it latches, and the next letter is a capital.
        aid.tapKey(Self.f9)
        aid.tapKey(Self.f9)
        aid.tapKey(Self.f10)
        aid.tapKey(Self.f10)
        aid.tapKey(Self.f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key q" })
        aid.tapKey(Self.f10)
        aid.tapKey(Self.enter)
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "hQ\n", "\(aid.session.said)")
        // Hidden (by a rule, or a request), the keyboard comes back at a press of a switch.
        aid.control("hide")
        #expect(aid.waitForStatus("hidden") { $0 == "hidden" })
        aid.tapKey(Self.f10)
        #expect(aid.waitForStatus("visible") { $0 == "visible" }, "a switch press shows the keyboard again")
        #expect(aid.status("scan:") == "scan: row 1")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// With two switches, types `wanted` (a key id, or `completion 0`): enters each row in
    /// turn until the row holds it, steps to it and selects it. Each press waits until the
    /// status shows its effect, so there is no timing in it at all.
    func scanType(_ wanted: String, _ aid: AidSession) -> Bool {
        var entered: Set<String> = []
        for _ in 0..<300 {
            let now = aid.status("scan:")
            let press: UInt
            if now == "scan: key \(wanted)" {
                aid.tapKey(Self.f10)
                return aid.waitForStatus("scan:") { $0 != now }
            } else if now.hasPrefix("scan: row") {
                press = entered.insert(now).inserted ? Self.f10 : Self.f9
            } else {
                press = Self.f9
            }
            aid.tapKey(press)
            // A one-item row steps onto itself; anything else shows the press.
            _ = aid.waitForStatus("scan:", seconds: 1) { $0 != now }
        }
        return false
    }

    @Test func twoSwitchesTypeAWordAndTakeItsCompletionFromTheBar() throws {
        guard let expected = try Harness.firstCompletion(of: "hell") else { return }
        let aid = try AidSession(["--layout", "markdown", "--no-learning", "--scan-switch", "F9,F10"])
        for id in ["h", "e", "l", "l", "completion 0", "return"] {
            #expect(scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))")
        }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == expected + " \n", "\(aid.session.said)")
        #expect(aid.session.stopKeyboard() == 0)
    }

    @Test func aSwitchAnotherClientHoldsOrXDoesNotKnowIsSaid() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let c = session.server.connection
        XGrabKey(c, Int32(XKeysymToKeycode(c, Self.f9)), 0, XDefaultRootWindow(c), 0, GrabModeAsync, GrabModeAsync)
        XSync(c, 0)
        try session.startKeyboard(arguments: ["--no-sound", "--scan", "1000"])
        #expect(Harness.waitFor(5) { session.errors.contains("another application has grabbed the switch F9") }, "\(session.errors)")
        #expect(session.stopKeyboard() == 0)
        let env = session.environment.merging(session.server.env) { $1 }.merging(["XDG_RUNTIME_DIR": session.directory.path]) { $1 }
        let unknown = try Harness.clavier(["--no-sound", "--scan", "500", "--scan-switch", "F9,Swtch"], environment: env)
        #expect(unknown.status == 1 && unknown.err.contains("X knows no keysym 'Swtch'"), "\(unknown)")
    }

    /// Issue 23, item 8: the switch is grabbed on the whole server, so `--scan-switch Shift_L`
    /// took Shift from every capital typed on screen. A modifier, by any name X takes for it,
    /// is refused; a key the layout types with is warned of, naming the keys it takes away.
    @Test func aModifierIsRefusedAsTheSwitchAndALayoutKeyIsWarnedOf() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let env = session.environment.merging(session.server.env) { $1 }.merging(["XDG_RUNTIME_DIR": session.directory.path]) { $1 }
        for switches in ["Shift_L", "F9,Shift_R", "0xffe1", "ISO_Level3_Shift", "Control_L"] {
            let started = try Harness.run([Harness.clavierBinary, "--no-sound", "--scan", "500", "--scan-switch", switches],
                                          environment: env, timeout: 5)
            let name = switches.split(separator: ",").last!
            #expect(started.status != 0 && started.err.contains("'\(name)' is a modifier") && started.err.contains("capital"),
                    "\(switches): \(started)")
        }
        try session.startKeyboard(arguments: ["--no-sound", "--scan", "1000", "--scan-switch", "space"])
        #expect(Harness.waitFor(5) { session.errors.contains("scan-switch: the switch space is a key layout 'us' types with: its key 'space' will select instead of typing") },
                "\(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }

    @Test(arguments: ["system", "high-contrast"])
    func theHighlightOutlinesTheRowThenTheKey(theme: String) throws {
        // Without suggestions: scanning would reach the bar's first words first.
        let aid = try AidSession(["--scan-switch", "F9,F10", "--theme", theme, "--suggestions", "0"])
        let keys = try aid.session.geometry(page: "letters")
        func inside(_ p: (x: Int, y: Int), _ id: String) -> Bool {
            guard let k = keys[id] else { return false }
            return p.x >= k.x && p.x < k.x + k.width && p.y >= k.y && p.y < k.y + k.height
        }
        let row = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"]
        var differing: [(x: Int, y: Int)] = []
        #expect(Harness.waitFor(5) {
            differing = (try? aid.pixelsDifferingFromRender(theme: theme, arguments: ["--suggestions", "0"])) ?? nil ?? []
            return !differing.isEmpty
        })
        #expect(differing.allSatisfy { p in row.contains { inside(p, $0) } }, "only the first row's keys change")
        for id in row {
            let k = try #require(keys[id])
            let changed = differing.filter { inside($0, id) }.count
            // A ring a tenth of the key tall round the key: at least a fifth of its pixels.
            #expect(changed > k.width * k.height / 5, "\(id): \(changed) pixels changed")
        }
        aid.tapKey(Self.f10)
        aid.tapKey(Self.f9)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key w" })
        #expect(Harness.waitFor(5) {
            let now = (try? aid.pixelsDifferingFromRender(theme: theme, arguments: ["--suggestions", "0"])) ?? nil ?? []
            return !now.isEmpty && now.allSatisfy { inside($0, "w") }
        }, "then only the highlighted key")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
