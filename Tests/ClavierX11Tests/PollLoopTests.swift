@testable import ClavierPoll
import Glibc
import Testing

/// The loop's signal pipe: a signal wakes the loop, and once the loop is gone a signal writes
/// into no file that took the pipe's numbers.
@Suite(.serialized) struct PollLoopTests {
    @Test func aSignalWakesTheLoopAndItsPipeIsNotPassedOnToChildren() throws {
        let loop = PollLoop()
        for end in loop.descriptors { #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0, "fd \(end) would be inherited") }
        raise(SIGHUP)
        #expect(loop.pendingSignal() == SIGHUP)
    }

    /// Seen on the old code: the byte of a SIGHUP raised after the loop ended came out of a new
    /// pipe that was given the old one's numbers.
    @Test func aSignalAfterTheLoopEndedWritesIntoNoFileThatTookItsNumber() throws {
        var loop: PollLoop? = PollLoop()
        let old = try #require(loop?.descriptors)
        loop = nil
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        // The test means something only where the new pipe took the old write end's number
        // (the lowest free descriptors are given first).
        let reused = fds.contains(old[1])
        raise(SIGHUP)
        var byte: UInt8 = 0
        let readBack = fds[1] == old[1] ? read(fds[0], &byte, 1) : -1
        #expect(readBack == -1, "a signal after the loop ended wrote into fd \(old[1]), reused: \(reused)")
    }
}
