import ClavierTestSupport
import Foundation
import Glibc
import Synchronization

/// A speech-dispatcher that speaks nothing (issue 50's test seam): a Unix socket that records
/// every byte a client sends and answers as SSIP does (`230` to SPEAK, `225-ID` once the data
/// ends, `208 OK` to the rest), so a test reads exactly what Clavier asked to be said, in which
/// language and priority, with no daemon and no audio. Each message is said at once (its
/// `702 END` event sent) unless `holdsEnds`, when it ends only at `endLast()`. Clavier finds
/// it through `SPEECHD_ADDRESS` (`address`).
final class FakeSpeechDispatcher: Sendable {
    let path: String
    let listener: Int32
    let holdsEnds: Bool
    private let bytes = Mutex<[UInt8]>([])
    private let accepted = Mutex(0)
    /// The last client and its last message's id.
    private let last = Mutex<(client: Int32, id: Int)?>(nil)

    /// Listens at `path` (in a directory the test owns).
    init(at path: String, holdsEnds: Bool = false) throws {
        self.path = path
        self.holdsEnds = holdsEnds
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw HarnessError("the fake speech socket: errno \(errno)") }
        Thread.detachNewThread { [self] in
            while case let client = accept(listener, nil, nil), client >= 0 {
                accepted.withLock { $0 += 1 }
                Thread.detachNewThread { [self] in serve(client) }
            }
        }
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096), line: [UInt8] = [], inData = false, id = 0
        func say(_ text: String) { _ = text.withCString { write(client, $0, strlen($0)) } }
        while case let n = read(client, &buffer, buffer.count), n > 0 {
            bytes.withLock { $0 += buffer[..<n] }
            for byte in buffer[..<n] {
                guard byte == 10 else { line.append(byte); continue }
                let text = String(decoding: line.filter { $0 != 13 }, as: UTF8.self)
                line = []
                if inData {
                    guard text == "." else { continue }
                    inData = false
                    id += 1
                    say("225-\(id)\r\n225 OK MESSAGE QUEUED\r\n")
                    last.withLock { $0 = (client, id) }
                    if !holdsEnds { say("702-\(id)\r\n702-1\r\n702 END\r\n") }
                } else if text == "SPEAK" {
                    inData = true
                    say("230 OK RECEIVING DATA\r\n")
                } else {
                    say("208 OK\r\n")
                }
            }
        }
        // Under the lock `endLast` writes in, and forgotten: the number, once closed, may be
        // handed to another test's descriptor, which endLast would then write to.
        last.withLock { last in
            if last?.client == client { last = nil }
            close(client)
        }
    }

    /// Says the last message to its end: its `702 END` event goes to its client.
    func endLast() {
        last.withLock { last in
            guard let (client, id) = last else { return }
            let event = "702-\(id)\r\n702-1\r\n702 END\r\n"
            _ = event.withCString { write(client, $0, strlen($0)) }
        }
    }

    /// `SPEECHD_ADDRESS` for a client.
    var address: String { "unix_socket:" + path }
    /// Everything sent so far, as text.
    var received: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
    /// How many clients connected.
    var connections: Int { accepted.withLock { $0 } }
    /// The texts of each SPEAK so far, in order (a doubled lone dot undone).
    var spoken: [String] {
        received.components(separatedBy: "SPEAK\r\n").dropFirst().compactMap { block in
            block.range(of: "\r\n.\r\n").map { String(block[..<$0.lowerBound]).replacingOccurrences(of: "\r\n..\r\n", with: "\r\n.\r\n") }
        }
    }

    deinit { close(listener) }
}
