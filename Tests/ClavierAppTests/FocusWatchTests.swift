import CFocusWatch
import ClavierCore
import Testing
@testable import ClavierApp

/// The bytes CFocusWatch writes and the report it keeps, as the keyboard's loop reads them.
struct FocusWatchTests {
    @Test func eachByteIsAMessage() {
        let read = Array("rfu".utf8).map(FocusWatch.Message.init(byte:))
        #expect(read == [.ready, .report, .noBus])
        #expect(FocusWatch.Message(byte: 0) == nil && FocusWatch.Message(byte: UInt8(ascii: "x")) == nil)
    }

    @Test func aReportSaysTheFocusTheFieldsKindAndItsTextBeforeTheCaret() {
        var raw = clavier_focus_report()
        raw.focus_serial = 7
        raw.text_serial = 3
        raw.focus = Int32(CLAVIER_FOCUS_TEXT_FIELD)
        raw.kind = Int32(CLAVIER_FIELD_PASSWORD)
        #expect(FocusWatch.report(raw) == FocusWatch.Report(focusSerial: 7, textSerial: 3, focus: .textField, kind: .password))
        raw.kind = Int32(CLAVIER_FIELD_EMAIL)
        raw.focus = Int32(CLAVIER_FOCUS_TEXT_FIELD_LEFT)
        raw.has_text = 1
        withUnsafeMutableBytes(of: &raw.before) { bytes in
            for (i, b) in "Déjà vu".utf8.enumerated() { bytes[i] = b }
        }
        let report = FocusWatch.report(raw)
        #expect(report.kind == .email && report.focus == .textFieldLeft && report.before == "Déjà vu")
        for (code, kind) in [(CLAVIER_FIELD_UNKNOWN, FieldKind.unknown), (CLAVIER_FIELD_PROSE, .prose),
                             (CLAVIER_FIELD_TERMINAL, .terminal), (CLAVIER_FIELD_URL, .url),
                             (CLAVIER_FIELD_TELEPHONE, .telephone), (CLAVIER_FIELD_NUMBER, .number)] {
            raw.kind = Int32(code)
            #expect(FocusWatch.report(raw).kind == kind)
        }
    }

    /// A text view says it takes several lines (issue 48, AT-SPI's MULTI_LINE).
    @Test func aReportSaysWhetherTheFieldTakesSeveralLines() {
        var raw = clavier_focus_report()
        raw.focus_serial = 1
        raw.focus = Int32(CLAVIER_FOCUS_TEXT_FIELD)
        raw.kind = Int32(CLAVIER_FIELD_PROSE)
        #expect(!FocusWatch.report(raw).multiLine)
        raw.multi_line = 1
        #expect(FocusWatch.report(raw).multiLine)
    }
}
