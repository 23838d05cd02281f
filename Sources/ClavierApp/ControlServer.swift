import Glibc

/// The running keyboard's end of the control socket (`socket`, `bind`, `listen`): its
/// descriptor and its clients' join the event loop's poll set, and the file goes away with
/// it. The loop never waits on a client: accepts and reads do not block, each client has a
/// size limit and a deadline for its one-line request, and only a few are served at once.
package final class ControlServer {
    let fd: Int32
    let path: String
    /// Clients served at once; one more is hung up on at once.
    static let clientLimit = 8
    /// The longest request line, in bytes (a layout's path fits).
    static let requestLimit = 4096
    /// How long a client has to send its request after connecting.
    static let requestTime: Duration = .seconds(1)

    /// A connected client that has not yet sent its whole request.
    private struct Client {
        let fd: Int32
        var received: [UInt8] = []
        let deadline: ContinuousClock.Instant
    }
    private var clients: [Client] = []

    /// Listens on `path`; a socket file that nobody listens on (a keyboard that crashed)
    /// is removed and replaced, one with a listener throws `.alreadyRunning`.
    init(path: String) throws(ControlError) {
        try ControlSocket.prepareDirectory(of: path)
        // Non-blocking, so a client that gave up between poll and accept cannot stall the loop.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system(call: "socket", path: path, errno: errno) }
        func bindAndListen() throws(ControlError) -> Int32 {
            let rc = try ControlSocket.withAddress(path) { bind(fd, $0, $1) }
            return rc == 0 ? listen(fd, 8) : errno
        }
        var failure = try bindAndListen()
        if failure == EADDRINUSE {
            guard !ControlClient.isListening(path) else {
                close(fd)
                throw .alreadyRunning(path)
            }
            unlink(path)
            failure = try bindAndListen()
        }
        guard failure == 0 else {
            close(fd)
            throw .system(call: "bind", path: path, errno: failure)
        }
        self.fd = fd
        self.path = path
    }

    deinit {
        for client in clients { close(client.fd) }
        close(fd)
        unlink(path)
        if let privateDirectory {
            rmdir(privateDirectory)
            unlink(ControlSocket.recordPath(for: ControlSocket.fileName(display: display)))
        }
    }

    /// The fresh private directory this keyboard made for its socket (and its display), removed
    /// with its record at the end; nil for the usual directory.
    private var privateDirectory: String?
    private var display: String?

    /// Listens on `path`. When that lies in the `/tmp` fallback and another user planted its
    /// directory (issue 23: the keyboard then did not start), listens instead in a fresh private
    /// directory (`ControlSocket.privateDirectory`), and says so in one line; nil, with one
    /// warning, when not even that can be had: the keyboard then runs without a control socket.
    package static func listening(at path: String, display: String?) throws(ControlError) -> ControlServer? {
        do {
            return try ControlServer(path: path)
        } catch .unsafeDirectory(let planted) where ControlSocket.isFallback {
            let file = ControlSocket.fileName(display: display)
            let (fresh, problem) = ControlSocket.privateDirectory(for: file)
            guard let fresh, let server = try? ControlServer(path: fresh + "/" + file) else {
                if let fresh { rmdir(fresh) }
                Log.warning("\(planted) is not a private directory of this user: running without a control socket (\(problem ?? "cannot listen"))")
                return nil
            }
            server.privateDirectory = fresh
            server.display = display
            Log.warning("\(planted) is not a private directory of this user: the control socket is in \(fresh) instead"
                        + (problem.map { "; " + $0 } ?? ""))
            return server
        }
    }

    /// The descriptors to poll: the listening socket and every client's.
    var descriptors: [Int32] { [fd] + clients.map { $0.fd } }

    /// When the oldest client's time to send its request runs out, if one is connected.
    var nextDeadline: ContinuousClock.Instant? { clients.map { $0.deadline }.min() }

    /// Takes what descriptor `ready` has for us without waiting: new clients on the
    /// listening socket, or a client's bytes; a whole request line is answered with `respond`.
    func serve(_ ready: Int32, now: ContinuousClock.Instant, _ respond: (String) -> ControlReply) {
        if ready == fd {
            acceptWaiting(now: now)
        } else if let index = clients.firstIndex(where: { $0.fd == ready }) {
            read(index, respond)
        }
    }

    /// Hangs up on the clients whose time to send a request has run out.
    func expire(now: ContinuousClock.Instant) {
        for client in clients where client.deadline <= now {
            Log.debug("a control client sent no request within \(Self.requestTime): hanging up")
            drop(client.fd)
        }
    }

    private func acceptWaiting(now: ContinuousClock.Instant) {
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            // Linux's accept passes neither O_NONBLOCK nor close-on-exec on.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard ControlSocket.peerIsThisUser(client) else {
                Log.warning("a process of another user connected to the control socket \(path): hanging up")
                close(client)
                continue
            }
            guard clients.count < Self.clientLimit else {
                Log.debug("\(Self.clientLimit) control clients already wait: turning one more away")
                let busy = Array(ControlReply.failed("the keyboard is busy with \(Self.clientLimit) other requests; try again").encoded.utf8)
                _ = send(client, busy, busy.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                close(client)
                continue
            }
            clients.append(Client(fd: client, deadline: now + Self.requestTime))
        }
    }

    private func read(_ index: Int, _ respond: (String) -> ControlReply) {
        let client = clients[index]
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = Glibc.read(client.fd, &buffer, buffer.count)
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard n > 0 else { return drop(client.fd) }
        clients[index].received += buffer[..<n]
        let received = clients[index].received
        if let end = received.firstIndex(of: 10) {
            let reply = respond(String(decoding: received[..<end], as: UTF8.self))
            // A reply is a few lines: the socket's buffer takes it whole, or the client is dropped.
            let bytes = Array(reply.encoded.utf8)
            _ = send(client.fd, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            drop(client.fd)
        } else if received.count > Self.requestLimit {
            Log.debug("a control request longer than \(Self.requestLimit) bytes: hanging up")
            drop(client.fd)
        }
    }

    private func drop(_ client: Int32) {
        close(client)
        clients.removeAll { $0.fd == client }
    }
}
