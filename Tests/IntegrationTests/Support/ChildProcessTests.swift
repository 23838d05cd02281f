import ClavierTestSupport
import Glibc
import Testing

/// The harness's children (Xvfb, sway, clavier, …) take nothing of the test process but their
/// standard input and output: the tests run in parallel threads, and a descriptor of another
/// test that lived on in a child would hold that test's connection open.
@Suite struct ChildProcessTests {
    /// A whole `make test` once saw a control client never hung up on after the server closed
    /// its end (ControlServerTests): a child started meanwhile could have kept that end open.
    @Test func aChildKeepsNoConnectionOfTheTestsOpen() throws {
        var ends: [Int32] = [-1, -1]
        // As a test's client socket is made: without close-on-exec.
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let child = try ChildProcess(["sleep", "30"])
        defer { child.stop() }
        close(ends[1])
        var byte: UInt8 = 0
        let n = recv(ends[0], &byte, 1, Int32(MSG_DONTWAIT))
        #expect(n == 0, "the closed end is still open in the child: recv gave \(n), errno \(errno)")
    }
}
