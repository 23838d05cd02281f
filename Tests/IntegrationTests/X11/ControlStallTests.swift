import ClavierCore
import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// The control socket is served inside the keyboard's loop: no client may hold it up, not
/// one that connects and says nothing, nor one that sends a byte now and then and never a
/// newline (each froze key presses before, for a second per connection or for ever).
@Suite(.serialized, .needsDisplay) struct ControlStallTests {
    @Test func clientsThatNeverFinishTheirRequestHoldUpNeitherKeysNorOtherRequests() throws {
        let runtime = TemporaryDirectory()
        let env = ["XDG_RUNTIME_DIR": runtime.path]
        let session = try KeyboardSession(windowManager: false, environment: env)
        let socketPath = runtime.file("clavier-\(session.server.display).sock")
        func connected() throws -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: Array(socketPath.utf8) + [0])
            }
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(rc == 0, "cannot connect to \(socketPath)")
            return fd
        }
        let silent = try (0..<5).map { _ in try connected() }
        defer { silent.forEach { close($0) } }
        // A byte every 0.3 s, never a newline, for as long as the test runs.
        let trickle = try connected()
        let stop = StopFlag()
        let writer = Thread {
            while !stop.isSet {
                _ = write(trickle, "x", 1)
                usleep(300_000)
            }
        }
        writer.start()
        defer {
            stop.set()
            usleep(400_000)
            close(trickle)
        }
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") },
                "typed: \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.received == "hi\n")
        let status = try Harness.clavier(["status", "--json"], environment: session.server.env.merging(env) { $1 })
        #expect(status.status == 0 && (try? JSONDecoder().decode(KeyboardStatus.self, from: Data(status.out.utf8)))?.visible == true,
                "\(status)")
        #expect(session.stopKeyboard() == 0)
    }
}

/// A flag one thread sets and another reads.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
