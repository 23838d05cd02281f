import ClavierTestSupport
import Foundation
import Glibc
import Synchronization

/// A speech-dispatcher that speaks nothing (issue 50's test seam): a Unix socket that records
/// every byte a client sends and answers each line `200 OK`, as SSIP's replies go, so a test
/// reads exactly what Clavier asked to be said, in which language and priority, with no
/// daemon and no audio. Clavier finds it through `SPEECHD_ADDRESS` (`address`).
final class FakeSpeechDispatcher: Sendable {
    let path: String
    let listener: Int32
    private let bytes = Mutex<[UInt8]>([])
    private let accepted = Mutex(0)

    /// Listens at `path` (in a directory the test owns).
    init(at path: String) throws {
        self.path = path
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
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = read(client, &buffer, buffer.count), n > 0 {
            bytes.withLock { $0 += buffer[..<n] }
            for _ in buffer[..<n].filter({ $0 == 10 }) { _ = write(client, "200 OK\r\n", 8) }
        }
        close(client)
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
