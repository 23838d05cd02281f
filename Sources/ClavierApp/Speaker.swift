import Glibc

/// The keyboard's voice (`--speech on`, issue 50), the same on X and Wayland (the app owns
/// it): speech-dispatcher's socket when it answers (`SPEECHD_ADDRESS`'s `unix_socket:PATH`,
/// else `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`), spoken to in SSIP, its plain-text
/// protocol; else the `espeak-ng` command, spawned and never waited for (its library is GPL-3:
/// not linked). Nothing here blocks the loop or a key: the socket is non-blocking, what it
/// cannot take at once is kept and sent again from the loop (`retryAt`), and its replies are
/// read from the loop's poll: the END or CANCEL event of the last prompt is told to the session
/// (`takeEnded`, `SessionEvent.spoken`), whose scan clock waits for it; the rest are dropped.
/// Each prompt has SSIP's `text` priority, which interrupts itself: a new highlight cuts the
/// last one's prompt short. Nothing said is logged.
package final class Speaker {
    /// The connection to speech-dispatcher; -1: none (espeak-ng speaks).
    private(set) var fd: Int32 = -1
    /// What the socket has not taken yet.
    private var pending: [UInt8] = []
    /// The language the daemon was last told (`SET SELF LANGUAGE`).
    private var language: String?
    /// The espeak-ng processes not reaped yet; the last may be speaking, stopped by the next prompt.
    private var children: [pid_t] = []
    /// Whether espeak-ng was found missing (said once).
    private var noCommand = false
    /// The daemon's replies not yet read to a line's end.
    private var inbox: [UInt8] = []
    /// The SPEAKs sent whose message id has not come back yet, and the id of the last that has.
    private var unnumbered = 0
    private var lastID: String?
    /// The message id of the event being read (`702-ID`, its first line).
    private var eventID: String?
    /// Whether the last prompt was said to its end or dropped since last asked (`takeEnded`).
    private var ended = false
    /// How much unsent speech is kept before a prompt is dropped (a daemon that reads nothing).
    static let pendingLimit = 64 * 1024

    /// `--speech-rate` and `--speech-volume`, SSIP's -100 to 100 (0: the voice's own).
    let rate: Int, volume: Int

    package init(rate: Int = 0, volume: Int = 0) {
        (self.rate, self.volume) = (rate, volume)
        guard let path = Self.socketPath() else { return }
        fd = Self.connected(to: path)
        if fd >= 0 {
            Log.debug("speech: speech-dispatcher at \(path)")
            queue(["SET SELF CLIENT_NAME user:clavier:main", "SET SELF PRIORITY text",
                   "SET SELF NOTIFICATION END on", "SET SELF NOTIFICATION CANCEL on"]
                  + (rate == 0 ? [] : ["SET SELF RATE \(rate)"]) + (volume == 0 ? [] : ["SET SELF VOLUME \(volume)"]))
        } else {
            Log.debug("speech: no speech-dispatcher at \(path); espeak-ng speaks")
        }
    }

    /// speech-dispatcher's socket: `SPEECHD_ADDRESS` (`unix_socket:PATH`; another kind is not
    /// spoken to), else its place in the runtime directory.
    static func socketPath() -> String? {
        if let address = getenv("SPEECHD_ADDRESS").map({ String(cString: $0) }), !address.isEmpty {
            let prefix = "unix_socket:"
            return address.hasPrefix(prefix) ? String(address.dropFirst(prefix.count)) : nil
        }
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else { return nil }
        return runtime + "/speech-dispatcher/speechd.sock"
    }

    /// A non-blocking connection to the socket at `path`, or -1.
    private static func connected(to path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return -1 }
        let rc = (try? ControlSocket.withAddress(path) { connect(fd, $0, $1) }) ?? -1
        guard rc == 0 else { close(fd); return -1 }
        return fd
    }

    /// The descriptors the loop polls for the daemon's replies.
    var descriptors: [Int32] { fd >= 0 ? [fd] : [] }

    /// When the loop is to try sending the rest again; nil: nothing waits.
    func retryAt(_ now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        pending.isEmpty || fd < 0 ? nil : now + .milliseconds(20)
    }

    /// Says `text` in `language`, cutting short what was being said; `whole`: with SSIP's
    /// `message` priority, which no prompt after it interrupts (what was typed, echoed).
    func speak(_ text: String, language asked: String, whole: Bool = false) {
        let language = Self.languageCode(asked)
        if fd >= 0 {
            guard pending.count < Self.pendingLimit else { return Log.debug("speech: the daemon takes nothing; a prompt dropped") }
            var lines: [String] = []
            if language != self.language {
                lines.append("SET SELF LANGUAGE " + language)
                self.language = language
            }
            if whole { lines.append("SET SELF PRIORITY message") }
            lines.append("SPEAK")
            lines += Self.dataLines(text)
            lines.append(".")
            if whole { lines.append("SET SELF PRIORITY text") }
            unnumbered += 1
            queue(lines)
        } else {
            run(text, language: language)
        }
    }

    /// `language` as a code SSIP and espeak-ng take (`en`, `pt-br`): a layout file's `language:`
    /// could hold anything, a line break that would be read as another command included.
    static func languageCode(_ language: String) -> String {
        let code = String(language.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }.prefix(16))
        return code.isEmpty ? "en" : code
    }

    /// `text` as SSIP's data lines: one per line of it, a line that is a lone dot doubled (a
    /// dot alone ends the data).
    static func dataLines(_ text: String) -> [String] {
        // "\r\n" is one Character: each of the three line ends is a separator of its own.
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map { line in
            line == "." ? ".." : String(line)
        }
    }

    private func queue(_ lines: [String]) {
        for line in lines { pending += Array(line.utf8) + [13, 10] }
        flush()
    }

    /// Sends what the socket takes now; the rest waits for `retryAt`.
    func flush() {
        while fd >= 0, !pending.isEmpty {
            let sent = pending.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if sent > 0 { pending.removeFirst(sent); continue }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            lost()
        }
    }

    /// Whether the daemon tells when a prompt ends (SSIP's END and CANCEL events): speech-dispatcher does.
    package var tellsEnds: Bool { fd >= 0 }

    /// Whether the last prompt was said to its end, or dropped, since last asked.
    func takeEnded() -> Bool {
        defer { ended = false }
        return ended
    }

    /// Whether `descriptor` is the daemon's; its replies are read: a message's id (`225-ID`)
    /// and the END or CANCEL event of the last one are heard, the rest (`2xx OK …`) dropped.
    func serve(_ descriptor: Int32) -> Bool {
        guard fd >= 0, descriptor == fd else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { read(buffer[..<n]); continue }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            lost()
            break
        }
        return true
    }

    /// Takes the reply lines in `bytes`: `225-ID` numbers the oldest SPEAK unnumbered;
    /// `702-ID`, `702-CLIENT`, `702 END` (703: CANCELED) ends message ID.
    private func read(_ bytes: ArraySlice<UInt8>) {
        inbox += bytes
        while let end = inbox.firstIndex(of: 10) {
            let line = String(decoding: inbox[..<end].filter { $0 != 13 }, as: UTF8.self)
            inbox.removeFirst(end + 1)
            let code = line.prefix(3), rest = String(line.dropFirst(4))
            if code == "225", line.dropFirst(3).first == "-" {
                unnumbered = max(0, unnumbered - 1)
                lastID = rest
            } else if code == "702" || code == "703" {
                if line.dropFirst(3).first == "-" {
                    if eventID == nil { eventID = rest }
                } else {
                    if eventID == lastID, unnumbered == 0 { ended = true }
                    eventID = nil
                }
            }
        }
        if inbox.count > Self.pendingLimit { inbox = [] }
    }

    /// The daemon went away: espeak-ng speaks from now on, and nothing waits for a prompt's end.
    private func lost() {
        Log.debug("speech: speech-dispatcher went away; espeak-ng speaks")
        close(fd)
        fd = -1
        pending = []
        ended = true
    }

    /// espeak-ng says `text`: the one still speaking is stopped first, and every one that
    /// ended is reaped, never waited for.
    private func run(_ text: String, language: String) {
        reap(stopping: true)
        guard !noCommand else { return }
        // A text that starts with a dash would be read as an option.
        let arguments = ["espeak-ng", "-v", language] + Self.espeakLevels(rate: rate, volume: volume)
            + [text.hasPrefix("-") ? " " + text : text]
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            noCommand = true
            return Log.warning("speech: neither speech-dispatcher nor espeak-ng answers; nothing is spoken")
        }
        children.append(pid)
    }

    /// SSIP's rate and volume (-100 to 100) as espeak-ng's options: words a minute, 80 at
    /// the slowest, its own 175 at 0, 450 at the fastest; amplitude 0 to 200, its own 100 at 0.
    /// None where the level is the voice's own.
    static func espeakLevels(rate: Int, volume: Int) -> [String] {
        let rate = min(max(rate, -100), 100), volume = min(max(volume, -100), 100)
        let words = rate < 0 ? 175 + rate * 95 / 100 : 175 + rate * 275 / 100
        return (rate == 0 ? [] : ["-s", String(words)]) + (volume == 0 ? [] : ["-a", String(100 + volume)])
    }

    /// Reaps every espeak-ng that ended, never waiting; `stopping`: the last is stopped first.
    private func reap(stopping: Bool) {
        if stopping, let last = children.last { kill(last, SIGTERM) }
        children.removeAll { pid in
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) != 0
        }
    }

    /// The keyboard ends: the daemon's connection closes, espeak-ng stops.
    func finish() {
        reap(stopping: true)
        if fd >= 0 { close(fd); fd = -1 }
    }
}
