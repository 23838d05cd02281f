import ClavierTestSupport
import Glibc
import Testing

/// The harness's children (Xvfb, sway, clavier, …) take nothing of the test process but their
/// standard input and output: the tests run in parallel threads, and a descriptor of another
/// test that lived on in a child would hold that test's connection open.
@Suite struct ChildProcessTests {
    /// A whole `make test` once saw a control client never hung up on after the server closed
    /// its end (ControlServerTests): a child started meanwhile could have kept that end open.
    /// The child lists its own descriptors: 0, 1 and 2 only, not the test's socket.
    @Test func aChildKeepsNoDescriptorOfTheTestsOpen() throws {
        var ends: [Int32] = [-1, -1]
        // As a test's client socket is made: without close-on-exec.
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let directory = TemporaryDirectory()
        let listing = directory.file("fds")
        // The shell's own descriptors, listed by a child of it (its 3 is ls's reading of the directory).
        let child = try ChildProcess(["sh", "-c", "exec ls /proc/self/fd"], stdout: listing)
        #expect(child.wait() == 0)
        let open = (TextFile.read(listing) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #expect(open.contains(1), "no listing: \(open)")
        #expect(!open.contains(ends[0]) && !open.contains(ends[1]),
                "the test's socket (\(ends)) is open in the child: \(open)")
    }
}
