import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierX11
import Glibc

/// `clavier type`: types text into the focused window through the keyboard's injector.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type text into the focused window, as the keyboard would.",
        discussion: "Any character can be typed, on the keymap or not; newlines type Return and tabs Tab.")

    @Argument(help: "The text to type; '-' reads standard input.")
    var text: String?

    @Option(name: .shortAndLong, help: "Type the contents of this file ('-' for standard input).")
    var file: String?

    @Option(help: "Milliseconds to wait after each character (default: none).")
    var delay: Int = 0

    @Option(help: "The X display to use (default: $DISPLAY).")
    var display: String?

    func validate() throws {
        if (text == nil) == (file == nil) { throw ValidationError("give either TEXT or --file") }
        if delay < 0 { throw ValidationError("--delay must not be negative") }
    }

    func run() throws {
        // The text is typed as it is read, a block at a time: an endless standard input or
        // --file /dev/zero once grew to gigabytes before anything was typed (issue 23).
        var source: TextSource
        if let file {
            guard let opened = TextSource(path: file == "-" ? nil : file) else {
                Log.error("cannot read \(file): \(String(cString: strerror(errno)))")
                throw ExitCode.failure
            }
            source = opened
        } else if text == "-" {
            source = TextSource(path: nil)!
        } else {
            source = TextSource(text: text ?? "")
        }
        let connection = try Display.opened(display)
        let injector = KeyInjector(display: connection)
        Log.debug("\(injector.spareKeycodeCount) spare keycodes for characters off the keymap")
        let signals = EventLoop(display: connection)
        let clock = ContinuousClock()
        var interrupted = false
        var typed = 0
        while !interrupted, let block = source.next() {
            let syms = block.unicodeScalars.filter { $0 != "\r" }.map { KeySym(scalar: $0) }
            typed += syms.count
            if delay == 0 {
                injector.type(text: syms) {
                    interrupted = interrupted || signals.pendingSignal() != nil
                    return interrupted
                }
            } else {
                for sym in syms {
                    if signals.pendingSignal() != nil {
                        interrupted = true
                        break
                    }
                    injector.type(sym)
                    var pause = timespec(tv_sec: delay / 1000, tv_nsec: (delay % 1000) * 1_000_000)
                    nanosleep(&pause, nil)
                    injector.restoreDue(now: clock.now)
                }
            }
            if signals.pendingSignal() != nil { interrupted = true }
        }
        if source.failed {
            Log.error("cannot read \(file ?? "standard input") to its end: \(String(cString: strerror(source.error)))")
        }
        // Borrowed keycodes go back only once the client has had time to look them up.
        if let last = injector.allRestorable {
            let wait = last - clock.now
            if wait > .zero {
                let (seconds, attos) = wait.components
                var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attos / 1_000_000_000))
                nanosleep(&pause, nil)
            }
        }
        injector.restoreAll()
        Log.debug("typed \(typed) characters; lent a spare keycode \(injector.borrowCount) times")
        if interrupted { throw ExitCode(130) }
        if source.failed { throw ExitCode.failure }
    }
}

/// The text `clavier type` types, handed out a block at a time: a file or standard input
/// read 64 kB at a time (so memory stays bounded whatever its length), or a given text whole.
/// A UTF-8 sequence cut by a block's end waits for the next block; bytes that are no UTF-8
/// become U+FFFD.
struct TextSource {
    private let fd: Int32?
    private var given: String?
    private var pending: [UInt8] = []
    private var done = false
    /// The `errno` of a failed read; 0 when none failed.
    private(set) var error: Int32 = 0
    var failed: Bool { error != 0 }
    static let blockBytes = 65536

    /// A file (nil: standard input), opened now; nil when it cannot be opened.
    init?(path: String?) {
        let fd = path.map { open($0, O_RDONLY | O_CLOEXEC) } ?? 0
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    init(text: String) {
        fd = nil
        given = text
    }

    /// The next block of text, nil at the end (or after a failed read).
    mutating func next() -> String? {
        if fd == nil {
            defer { given = nil }
            return given
        }
        guard let fd, !done else { return nil }
        var chunk = [UInt8](repeating: 0, count: Self.blockBytes)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { error = errno }
            if n <= 0 {
                done = true
                if fd != 0 { close(fd) }
                defer { pending = [] }
                return pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)
            }
            pending += chunk[..<n]
            let cut = Self.completeLength(pending)
            guard cut > 0 else { continue }
            let text = String(decoding: pending[..<cut], as: UTF8.self)
            pending.removeFirst(cut)
            return text
        }
    }

    /// How many of `bytes` end on a whole UTF-8 sequence: all but an unfinished last sequence.
    static func completeLength(_ bytes: [UInt8]) -> Int {
        var i = bytes.count - 1
        // Back over at most three continuation bytes to the sequence's first byte.
        while i >= 0 && i > bytes.count - 4 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        guard i >= 0 else { return bytes.count }
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return bytes.count - i < length ? i : bytes.count
    }
}
