import ClavierTestSupport
import Glibc

/// A speech-dispatcher that speaks nothing, for the speech figures (SpeechBench.swift): a Unix
/// socket that answers as SSIP does (`230` to SPEAK, `225-ID` and the `702 END` event once the
/// data ends, `208 OK` to the rest), the idea of the integration tests' FakeSpeechDispatcher.
/// One thread, the bench's: nothing is read or answered but in `pump`, so every arrival is
/// stamped on the bench's clock the moment the bench reads it. Clavier finds it through
/// `SPEECHD_ADDRESS` (`address`).
final class SpeechSocket {
    let path: String
    private let listener: Int32
    private var client: Int32 = -1
    private var line: [UInt8] = []
    private var inData = false
    private var id = 0
    /// How many SPEAK requests have been received whole (their data ended by the lone dot).
    private(set) var requests = 0

    init(at path: String) throws(HarnessError) {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 4) == 0 else { throw HarnessError("the fake speech socket \(path): errno \(errno)") }
    }

    deinit {
        if client >= 0 { close(client) }
        close(listener)
        unlink(path)
    }

    /// `SPEECHD_ADDRESS` for a client.
    var address: String { "unix_socket:" + path }

    /// Reads and answers whatever comes within `seconds`, until `done` (asked after each read
    /// with the number of requests received whole so far) says enough. Returns when the first byte came (nil: none) and when `done` said yes.
    @discardableResult
    func pump(seconds: Double, until done: (_ requests: Int) -> Bool = { _ in false }) -> (first: Instant?, done: Instant?) {
        let deadline = Instant.now + seconds
        var first: Instant?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Instant.now < deadline {
            let left = deadline - Instant.now
            var fds = pollfd(fd: client >= 0 ? client : listener, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, Int32(max(left.rounded(.up), 1))) == 1 else { continue }
            if client < 0 {
                client = accept(listener, nil, nil)
                continue
            }
            let n = read(client, &buffer, buffer.count)
            let at = Instant.now
            guard n > 0 else {
                close(client)
                client = -1
                continue
            }
            if first == nil { first = at }
            answer(buffer[..<n])
            if done(requests) { return (first, at) }
        }
        return (first, nil)
    }

    /// Answers each whole line, as speech-dispatcher would.
    private func answer(_ bytes: ArraySlice<UInt8>) {
        func say(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(client, $0.baseAddress, $0.count) } }
        for byte in bytes {
            guard byte == 10 else { line.append(byte); continue }
            let text = line.filter { $0 != 13 }
            line = []
            if inData {
                guard text == [46] else { continue }  // "."
                inData = false
                id += 1
                requests += 1
                say("225-\(id)\r\n225 OK MESSAGE QUEUED\r\n702-\(id)\r\n702-1\r\n702 END\r\n")
            } else if text == Array("SPEAK".utf8) {
                inData = true
                say("230 OK RECEIVING DATA\r\n")
            } else {
                say("208 OK\r\n")
            }
        }
    }
}
