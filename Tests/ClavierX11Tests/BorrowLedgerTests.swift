@testable import ClavierX11
import Testing

struct BorrowLedgerTests {
    static let owner = KeycodeOwner(pid: 4321, start: 998_877, namespace: "pid:[4026531836]", host: "kiosk-7")

    @Test func writesOneLinePerKeycodeInKeycodeOrder() {
        var ledger = BorrowLedger()
        ledger.record(.init(keycode: 93, original: [0, 0, 0], owner: Self.owner))
        ledger.record(.init(keycode: 8, original: [], owner: Self.owner))
        #expect(ledger.text == "8 - 4321 998877 pid:[4026531836] kiosk-7\n93 0,0,0 4321 998877 pid:[4026531836] kiosk-7\n")
    }

    @Test func readsWhatItWrote() {
        var ledger = BorrowLedger()
        let other = KeycodeOwner(pid: 7, start: 1, namespace: "?", host: "")
        ledger.record(.init(keycode: 8, original: [0x61, 0x41, 0x1008_FE01], owner: Self.owner))
        ledger.record(.init(keycode: 255, original: [], owner: other))
        let read = BorrowLedger(text: ledger.text)
        #expect(read == ledger)
        #expect(read.entry(for: 8)?.original == [0x61, 0x41, 0x1008_FE01])
        #expect(read.entry(for: 255)?.owner == other)
    }

    /// A host name is whatever sethostname(2) was given: spaces, newlines, `%` and UTF-8 stay
    /// inside their field and come back the same.
    @Test(arguments: ["two words", "line\nbreak", "100%", "tab\there", "café", "%41"])
    func oddHostNamesStayInTheirField(host: String) {
        var ledger = BorrowLedger()
        ledger.record(.init(keycode: 9, original: [0], owner: KeycodeOwner(pid: 1, start: 2, namespace: "pid:[1]", host: host)))
        #expect(ledger.text.split(separator: "\n").count == 1)
        #expect(ledger.text.split(separator: " ").count == 6)
        #expect(BorrowLedger(text: ledger.text).entry(for: 9)?.owner.host == host)
    }

    @Test func linesItCannotReadAreKeptAsTheyAre() {
        let text = "8 0,0 12 34 pid:[1] host\nversion 2: something new\n9 zz 12 34 pid:[1] host\n"
        let ledger = BorrowLedger(text: text)
        #expect(ledger.entries.map(\.keycode) == [8])
        #expect(ledger.unread == ["version 2: something new", "9 zz 12 34 pid:[1] host"])
        #expect(ledger.text == "8 0,0 12 34 pid:[1] host\nversion 2: something new\n9 zz 12 34 pid:[1] host\n")
    }

    @Test func theFirstLineOfAKeycodeStands() {
        let ledger = BorrowLedger(text: "8 0 1 2 pid:[1] a\n8 0 3 4 pid:[1] b\n")
        #expect(ledger.entries.count == 1)
        #expect(ledger.entry(for: 8)?.owner.host == "a")
    }

    @Test func recordingReplacesAndRemovingForgets() {
        var ledger = BorrowLedger()
        ledger.record(.init(keycode: 8, original: [0], owner: Self.owner))
        var other = Self.owner
        other.pid = 99
        ledger.record(.init(keycode: 8, original: [0], owner: other))
        #expect(ledger.entries.count == 1 && ledger.entry(for: 8)?.owner.pid == 99)
        ledger.remove(8)
        #expect(ledger.entries.isEmpty && ledger.text.isEmpty)
    }

    @Test(arguments: ["", "8", "8 0 1 2 pid:[1]", "300 0 1 2 pid:[1] h", "8 0 x 2 pid:[1] h", "8 0 1 2 pid:[1] bad%4", "8 0 1 2 pid:[1] bad%zz"])
    func malformedLinesAreNotEntries(line: String) {
        #expect(BorrowLedger(text: line).entries.isEmpty)
    }
}
