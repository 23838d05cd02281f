import ClavierX11
import Glibc
import Testing

struct KeycodeOwnerTests {
    static let me = KeycodeOwner(pid: 100, start: 5000, namespace: "pid:[4026531836]", host: "desk")

    static func owner(pid: Int32 = 200, start: UInt64 = 6000, namespace: String = "pid:[4026531836]",
                      host: String = "desk") -> KeycodeOwner {
        KeycodeOwner(pid: pid, start: start, namespace: namespace, host: host)
    }

    @Test func anOwnerWhoseProcessIsGoneIsDead() {
        #expect(!Self.owner().mayBeRunning(seenFrom: Self.me) { _ in .gone })
    }

    @Test func aReusedPidIsNotTheOwner() {
        #expect(!Self.owner(start: 6000).mayBeRunning(seenFrom: Self.me) { _ in .running(start: 7000) })
        #expect(Self.owner(start: 6000).mayBeRunning(seenFrom: Self.me) { _ in .running(start: 6000) })
    }

    /// Owners that cannot be checked from here keep their keycodes, whatever a pid here says.
    @Test func ownersElsewhereAreLeftAlone() {
        #expect(Self.owner(host: "other-machine").mayBeRunning(seenFrom: Self.me) { _ in .gone })
        #expect(Self.owner(namespace: "pid:[4026532999]").mayBeRunning(seenFrom: Self.me) { _ in .gone })
        let blind = KeycodeOwner(pid: 100, start: 5000, namespace: "?", host: "desk")
        #expect(Self.owner(namespace: "?").mayBeRunning(seenFrom: blind) { _ in .gone })
        #expect(Self.owner().mayBeRunning(seenFrom: Self.me) { _ in .unreadable })
    }

    @Test func theObserverItselfIsRunning() {
        #expect(Self.me.mayBeRunning(seenFrom: Self.me) { _ in .gone })
    }

    @Test func thisProcessIsRunningAsRecorded() {
        let current = KeycodeOwner.current
        #expect(current.pid == getpid())
        #expect(current.start > 0)
        #expect(current.namespace.hasPrefix("pid:["))
        #expect(KeycodeOwner.probe(getpid()) == .running(start: current.start))
        var copy = current
        copy.pid = 0
        #expect(!copy.mayBeRunning())
    }

    /// A killed process is a zombie until its parent reaps it, and holds nothing from the moment it dies.
    @Test func aKilledChildIsGoneBeforeAndAfterItIsReaped() throws {
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("30"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawnp(&child, "sleep", nil, nil, argv, environ) == 0)
        guard case .running(let start) = KeycodeOwner.probe(child) else {
            Issue.record("a sleeping child should be running: \(KeycodeOwner.probe(child))")
            return
        }
        var owner = KeycodeOwner.current
        owner.pid = child
        owner.start = start
        #expect(owner.mayBeRunning())
        kill(child, SIGKILL)
        var info = siginfo_t()
        // Waits for the death without reaping: the child stays a zombie.
        #expect(waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) == 0)
        #expect(KeycodeOwner.probe(child) == .gone)
        #expect(!owner.mayBeRunning())
        var status: Int32 = 0
        waitpid(child, &status, 0)
        #expect(KeycodeOwner.probe(child) == .gone)
        #expect(!owner.mayBeRunning())
    }
}
