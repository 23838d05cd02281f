import CFocusWatch
import ClavierCore
import Glibc

/// What `--auto-show` hears from the accessibility bus: the AT-SPI thread (CFocusWatch, which
/// loads libatspi with `dlopen` only now) keeps the latest focus report and writes a byte into a
/// pipe when it changes, at most one unread at a time: a flood of focus events costs the
/// keyboard's loop one read and one report, however long it is. The loop polls the pipe's
/// read end beside the X connection and the control socket, so it never waits on AT-SPI.
package final class FocusWatch {
    /// The pipe's read end, for the loop's poll.
    let fd: Int32

    /// The focus as the watch last saw it.
    struct Report: Equatable {
        /// Counts focus reports (changes heard and answers to `ask`), the changes heard on the
        /// bus alone, and readings of the text before the caret.
        var focusSerial: UInt = 0, heardSerial: UInt = 0, textSerial: UInt = 0
        var focus = AutoShow.Focus.other
        var kind = FieldKind.unknown
        /// Whether the field says it takes several lines (a text view).
        var multiLine = false
        /// The focused field's text before the caret, when the bus gave it (never a password's).
        var before: String?
    }

    /// One thing the watch said.
    enum Message: Equatable {
        /// Listening on the accessibility bus.
        case ready
        /// There is no accessibility bus; the watch has ended.
        case noBus
        /// The focus report changed (`take` has it).
        case report

        /// The message byte `byte` of CFocusWatch stands for; nil for none.
        init?(byte: UInt8) {
            switch Int(byte) {
            case CLAVIER_FOCUS_READY: self = .ready
            case CLAVIER_FOCUS_NO_BUS: self = .noBus
            case CLAVIER_FOCUS_REPORT: self = .report
            default: return nil
            }
        }
    }

    /// Starts the watch (reading the text before the caret too when `followText`), or says
    /// why it cannot (libatspi is not installed) and returns nil.
    init?(followText: Bool) {
        var why = [CChar](repeating: 0, count: 256)
        let fd = clavier_focus_watch_start(Log.debugEnabled ? 1 : 0, followText ? 1 : 0, &why, why.count)
        guard fd >= 0 else {
            let text = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Log.warning("auto-show is off: \(text) (Debian: libatspi2.0-0)")
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// What the watch has said since the last call, in order, without waiting; a report once.
    func messages() -> [Message] {
        var said: [Message] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return said }
            for message in buffer[..<n].compactMap(Message.init(byte:)) where message != .report || !said.contains(.report) {
                said.append(message)
            }
        }
    }

    /// Asks the watch's thread which field has the focus now; its answer is a report as a
    /// focus change's is (the loop itself never calls AT-SPI). Asked by the watch itself as it
    /// starts listening.
    func ask() { clavier_focus_watch_ask() }

    /// Pauses the watch's thread (auto-show turned off) or lets it go on: paused, it makes no
    /// call on the bus and reports nothing.
    func pause(_ paused: Bool) { clavier_focus_watch_pause(paused ? 1 : 0) }

    /// The latest report.
    func take() -> Report {
        var raw = clavier_focus_report()
        clavier_focus_watch_take(&raw)
        return Self.report(raw)
    }

    /// The report `raw` stands for.
    static func report(_ raw: clavier_focus_report) -> Report {
        var report = Report(focusSerial: raw.focus_serial, heardSerial: raw.heard_serial, textSerial: raw.text_serial)
        switch Int(raw.focus) {
        case CLAVIER_FOCUS_TEXT_FIELD: report.focus = .textField
        case CLAVIER_FOCUS_TEXT_FIELD_LEFT: report.focus = .textFieldLeft
        default: report.focus = .other
        }
        report.kind = kinds[Int(raw.kind)] ?? .unknown
        report.multiLine = raw.multi_line != 0
        if raw.has_text != 0 {
            report.before = withUnsafeBytes(of: raw.before) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return report
    }

    static let kinds: [Int: FieldKind] = [
        CLAVIER_FIELD_PROSE: .prose, CLAVIER_FIELD_TERMINAL: .terminal, CLAVIER_FIELD_PASSWORD: .password,
        CLAVIER_FIELD_EMAIL: .email, CLAVIER_FIELD_URL: .url, CLAVIER_FIELD_TELEPHONE: .telephone,
        CLAVIER_FIELD_NUMBER: .number,
    ]
}
