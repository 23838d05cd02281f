import ClavierCore
import ClavierLayouts
import ClavierJSON
import Glibc

/// What can go wrong setting up or using the control socket.
package enum ControlError: Error, CustomStringConvertible {
    case unsafeDirectory(String)
    case pathTooLong(String)
    case system(call: String, path: String, errno: Int32)
    /// Another keyboard answers on this socket.
    case alreadyRunning(String)

    package var description: String {
        switch self {
        case .unsafeDirectory(let dir): "\(dir) is not a private directory of this user; not putting the control socket there"
        case .pathTooLong(let path): "the control socket path \(path) is longer than a Unix socket allows"
        case .system(let call, let path, let code): "\(call) \(path): \(String(cString: strerror(code)))"
        case .alreadyRunning(let path): "another keyboard already listens on \(path)"
        }
    }
}

/// Where the running keyboard listens for `clavier show|hide|…`: one Unix socket per X
/// display, in `$XDG_RUNTIME_DIR`, else in a private `/tmp/clavier-$UID`. When another user
/// has planted that name first, in a fresh private directory whose unpredictable name is
/// recorded in the user's state directory for the user's own commands (`privateDirectory`).
package enum ControlSocket {
    /// The socket of the display `name` (nil: `$DISPLAY`); the screen number is dropped, as
    /// one keyboard serves a whole display. In the `/tmp` fallback, when `/tmp/clavier-$UID`
    /// is not this user's own, the socket in the private directory a keyboard recorded.
    package static func path(display name: String?) -> String {
        let file = fileName(display: name)
        if isFallback, isPlanted(directory), let recorded = recordedDirectory(for: file) {
            return recorded + "/" + file
        }
        return directory + "/" + file
    }

    /// `clavier-DISPLAY.sock`, with any `/` in the display's name made `_`.
    static func fileName(display name: String?) -> String {
        var display = displayName(name)
        if let colon = display.lastIndex(of: ":"), let dot = display[colon...].firstIndex(of: ".") {
            display = String(display[..<dot])
        }
        return "clavier-" + String(decoding: display.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }, as: UTF8.self) + ".sock"
    }

    /// `name`, else `$DISPLAY`, else `$WAYLAND_DISPLAY` (a Wayland session with no XWayland),
    /// else `:0` as Xlib would take it. The keyboard and its clients name it alike on either
    /// window system: in a session with both, `$DISPLAY` names it.
    package static func displayName(_ name: String?) -> String {
        name ?? nonEmpty("DISPLAY") ?? nonEmpty("WAYLAND_DISPLAY") ?? ":0"
    }

    private static func nonEmpty(_ variable: String) -> String? {
        guard let value = getenv(variable), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    static var directory: String {
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 { return String(cString: runtime) }
        return "/tmp/clavier-\(getuid())"
    }

    /// Whether the socket's directory is `$XDG_RUNTIME_DIR` (private by the XDG spec) rather
    /// than the `/tmp` fallback, which anyone could have made first.
    static var isFallback: Bool { getenv("XDG_RUNTIME_DIR").map { $0.pointee == 0 } ?? true }

    /// Creates the socket `path`'s directory 0700 when it is missing, and refuses one that
    /// another user could have planted (a symlink, someone else's directory, or, outside
    /// `$XDG_RUNTIME_DIR`, one others may enter).
    static func prepareDirectory(of path: String) throws(ControlError) {
        let dir = parent(of: path)
        if mkdir(dir, 0o700) != 0 && errno != EEXIST { throw .system(call: "mkdir", path: dir, errno: errno) }
        try checkDirectory(of: path)
    }

    /// Refuses the socket `path`'s directory unless it is a real directory (not a symlink) of
    /// this user, closed to everyone else when it lies in `/tmp`; checked with lstat on every use.
    static func checkDirectory(of path: String) throws(ControlError) {
        let dir = parent(of: path)
        try check(directory: dir, closedToOthers: isFallback || dir != directory)
    }

    /// Refuses `dir` unless it is a real directory (not a symlink) of this user, and, with
    /// `closedToOthers`, one no one else may enter.
    static func check(directory dir: String, closedToOthers: Bool) throws(ControlError) {
        var info = stat()
        guard lstat(dir, &info) == 0 else { throw .system(call: "lstat", path: dir, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(), !closedToOthers || info.st_mode & 0o077 == 0 else {
            throw .unsafeDirectory(dir)
        }
    }

    /// Whether `dir` exists but is no private directory of this user: someone planted it.
    static func isPlanted(_ dir: String) -> Bool {
        do {
            try check(directory: dir, closedToOthers: true)
            return false
        } catch .unsafeDirectory {
            return true
        } catch {
            return false
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes a fresh directory `/tmp/clavier-$UID-XXXXXX` (`mkdtemp`: mode 0700, a name no one
    /// can guess or have made first) and records it for `file`'s display, so this user's
    /// commands find the socket there; nil, with the reason, when it cannot be made.
    static func privateDirectory(for file: String) -> (directory: String?, problem: String?) {
        var template = Array("/tmp/clavier-\(getuid())-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return (nil, "mkdtemp /tmp/clavier-\(getuid())-XXXXXX: \(String(cString: strerror(errno)))")
        }
        let dir = String(cString: made)
        do {
            try StateFile.writeAtomically(Array((dir + "\n").utf8), to: recordPath(for: file))
        } catch {
            return (dir, "cannot record it in \(recordPath(for: file)): `clavier show` and the like will not find it")
        }
        return (dir, nil)
    }

    /// Where the private directory of `file`'s display is recorded: the user's own state directory.
    static func recordPath(for file: String) -> String { StateFile.path(file + ".dir") }

    /// The private directory a keyboard recorded for `file`'s display, when it is still this
    /// user's own and closed to others; nil otherwise (the record is only a hint: every use checks).
    static func recordedDirectory(for file: String) -> String? {
        guard let text = try? PlainFiles.text(recordPath(for: file), limit: 4096) else { return nil }
        let dir = String(text.prefix { $0 != "\n" })
        guard dir.hasPrefix("/tmp/clavier-\(getuid())-"), (try? check(directory: dir, closedToOthers: true)) != nil else { return nil }
        return dir
    }

    /// Whether the process at the other end of `socket` runs as this user (`SO_PEERCRED`).
    static func peerIsThisUser(_ socket: Int32) -> Bool {
        // Linux's `struct ucred` (pid, uid, gid), which Glibc's module leaves out (_GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, UInt32.max, UInt32.max)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return false }
        return credentials.uid == getuid()
    }

    /// A `sockaddr_un` for `path`, passed to `body` with its length.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(ControlError) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .pathTooLong(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// One answer of the running keyboard, as one JSON line (`{"reply":"ok","status":{…}}`,
/// `{"reply":"refused","message":"…"}`): client and server share this type.
package enum ControlReply: Equatable, Codable {
    /// Done; `status` answers `status`.
    case ok(KeyboardStatus?)
    /// Kiosk mode forbids the request.
    case refused(String)
    /// The request was understood but failed (an unknown layout), or was not understood.
    case failed(String)

    private enum CodingKeys: String, CodingKey { case reply, status, message }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .reply) {
        case "ok": self = .ok(try c.decodeIfPresent(KeyboardStatus.self, forKey: .status))
        case "refused": self = .refused(try c.decode(String.self, forKey: .message))
        default: self = .failed(try c.decode(String.self, forKey: .message))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ok(let status):
            try c.encode("ok", forKey: .reply)
            try c.encodeIfPresent(status, forKey: .status)
        case .refused(let message):
            try c.encode("refused", forKey: .reply)
            try c.encode(message, forKey: .message)
        case .failed(let message):
            try c.encode("error", forKey: .reply)
            try c.encode(message, forKey: .message)
        }
    }

    /// The reply as it goes on the socket: one JSON line.
    var encoded: String { ((try? JSON.string(self, options: .wire)) ?? "") + "\n" }

    init(decoding text: String) {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        self = (try? JSON.decode(ControlReply.self, from: line)) ?? .failed("unexpected answer '\(line)'")
    }
}

/// The other end: a `clavier show|hide|…` that asks the running keyboard.
package enum ControlClient {
    /// Sends `request` and returns the answer, or nil when no keyboard listens on `path`.
    package static func send(_ request: ControlRequest, to path: String) -> ControlReply? {
        guard let fd = connected(path) else { return nil }
        defer { close(fd) }
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard writeAll(fd, Array((request.line + "\n").utf8)) else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            answer += buffer[..<n]
        }
        // A keyboard that closes without a word is quitting (or was never ours).
        guard !answer.isEmpty else { return nil }
        return ControlReply(decoding: String(decoding: answer, as: UTF8.self))
    }

    /// Whether a process accepts connections on `path` (a file without one is stale).
    static func isListening(_ path: String) -> Bool {
        guard let fd = connected(path) else { return false }
        close(fd)
        return true
    }

    /// A connection to the keyboard listening on `path`; nil when none listens there, or when
    /// what answers is not to be trusted (another user's directory or process: a fake keyboard).
    private static func connected(_ path: String) -> Int32? {
        do {
            try ControlSocket.checkDirectory(of: path)
        } catch .system {
            return nil  // No directory: no keyboard.
        } catch .unsafeDirectory(let dir) where ControlSocket.isFallback && dir == ControlSocket.directory {
            // Planted by someone else: no keyboard of ours listens there (it makes a private
            // directory instead, `ControlServer.listening`), and the start says so once.
            Log.debug("\(dir) is not a private directory of this user: no keyboard of ours listens there")
            return nil
        } catch {
            Log.warning("\(error)")
            return nil
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let rc = (try? ControlSocket.withAddress(path) { connect(fd, $0, $1) }) ?? -1
        guard rc == 0 else {
            close(fd)
            return nil
        }
        guard ControlSocket.peerIsThisUser(fd) else {
            Log.warning("the control socket \(path) is answered by another user's process: not asking it")
            close(fd)
            return nil
        }
        return fd
    }

    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a keyboard that closed the connection (it had eight clients, or it
            // quit) is an answer of none, not a SIGPIPE that ends the asking process unheard.
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}

extension JSONOptions {
    /// The control wire's JSON: keys sorted, so a message reads the same every time.
    package static let wire: JSONOptions = .sortedKeys
}
