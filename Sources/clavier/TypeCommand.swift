import ArgumentParser
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
        let input: String
        if let file {
            guard let read = Self.readAll(file == "-" ? nil : file) else {
                Log.error("cannot read \(file): \(String(cString: strerror(errno)))")
                throw ExitCode.failure
            }
            input = read
        } else if text == "-" {
            input = Self.readAll(nil) ?? ""
        } else {
            input = text ?? ""
        }
        let connection: Display
        do {
            connection = try Display(name: display)
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        let injector = KeyInjector(display: connection)
        Log.debug("\(injector.spareKeycodeCount) spare keycodes for characters off the keymap")
        let signals = EventLoop(display: connection)
        let clock = ContinuousClock()
        var interrupted = false
        let syms = input.unicodeScalars.filter { $0 != "\r" }.map { KeySym(scalar: $0) }
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
        Log.debug("typed \(syms.count) characters; lent a spare keycode \(injector.borrowCount) times")
        if interrupted { throw ExitCode(130) }
    }

    /// The whole of a file, or of standard input when `path` is nil, as UTF-8.
    static func readAll(_ path: String?) -> String? {
        let fd = path.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { return nil }
        defer { if path != nil { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
