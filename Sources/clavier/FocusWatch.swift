import CFocusWatch
import ClavierCore
import Glibc

/// What `--auto-show` hears from the accessibility bus: the AT-SPI thread (CFocusWatch, which
/// loads libatspi with `dlopen` only now) writes one byte per focus change into a pipe, and the
/// keyboard's loop polls the pipe's read end beside the X connection and the control socket,
/// so it never waits on AT-SPI.
final class FocusWatch {
    /// The pipe's read end, for the loop's poll.
    let fd: Int32

    /// One thing the watch said.
    enum Message: Equatable {
        /// Listening on the accessibility bus.
        case ready
        /// There is no accessibility bus; the watch has ended.
        case noBus
        case focus(AutoShow.Focus)

        /// The message byte `byte` of CFocusWatch stands for; nil for none.
        init?(byte: UInt8) {
            switch Int(byte) {
            case CLAVIER_FOCUS_READY: self = .ready
            case CLAVIER_FOCUS_NO_BUS: self = .noBus
            case CLAVIER_FOCUS_TEXT_FIELD: self = .focus(.textField)
            case CLAVIER_FOCUS_OTHER: self = .focus(.other)
            case CLAVIER_FOCUS_TEXT_FIELD_LEFT: self = .focus(.textFieldLeft)
            default: return nil
            }
        }
    }

    /// Starts the watch, or says why it cannot (libatspi is not installed) and returns nil.
    init?() {
        var why = [CChar](repeating: 0, count: 256)
        let fd = clavier_focus_watch_start(Log.debugEnabled ? 1 : 0, &why, why.count)
        guard fd >= 0 else {
            let text = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Log.warning("auto-show is off: \(text) (Debian: libatspi2.0-0)")
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// What the watch has said since the last call, in order, without waiting.
    func messages() -> [Message] {
        var said: [Message] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return said }
            said += buffer[..<n].compactMap(Message.init(byte:))
        }
    }
}
