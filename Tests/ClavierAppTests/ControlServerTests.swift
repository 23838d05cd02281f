import Foundation
import Glibc
import Testing
@testable import ClavierApp

/// The control socket's server driven by hand, as the event loop drives it: nothing it does
/// may wait on a client.
@Suite(.serialized) struct ControlServerTests {
    /// A private runtime directory for one server; XDG_RUNTIME_DIR is process-wide, so the
    /// tests that set it run one at a time.
    final class Runtime {
        let directory: String
        let server: ControlServer
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-run-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            setenv("XDG_RUNTIME_DIR", directory, 1)
            server = try ControlServer(path: directory + "/test.sock")
        }
        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// A client connected to the server, not yet accepted.
        func connect() throws -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            let rc = try ControlSocket.withAddress(server.path) { Glibc.connect(fd, $0, $1) }
            try #require(rc == 0)
            return fd
        }
    }

    func send(_ fd: Int32, _ text: String) { _ = text.withCString { write(fd, $0, strlen($0)) } }

    func answer(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : ""
    }

    /// Whether the server has hung up on `fd` (reading gives end of file).
    func hungUp(_ fd: Int32) -> Bool { reading(fd) == "end of file" }

    /// What reading a byte of `fd` without waiting gives: "end of file", bytes, or why not (EAGAIN:
    /// the other end is open, in this process or a child; EBADF: someone closed `fd`).
    func reading(_ fd: Int32) -> String {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
        return n == 0 ? "end of file" : n > 0 ? "\(n) byte" : String(cString: strerror(errno))
    }

    @Test func aSilentClientHoldsUpNobodyAndIsDroppedAtItsDeadline() throws {
        let runtime = try Runtime()
        let server = runtime.server
        let now = ContinuousClock.now
        let silent = try runtime.connect()
        defer { close(silent) }
        let asking = try runtime.connect()
        defer { close(asking) }
        server.serve(server.fd, now: now) { _ in .ok(nil) }
        #expect(server.descriptors.count == 3)
        send(asking, "status\n")
        for fd in server.descriptors.dropFirst() {
            server.serve(fd, now: now) { #expect($0 == "status"); return .refused("visible") }
        }
        #expect(ControlReply(decoding: answer(asking)) == .refused("visible"))
        #expect(server.descriptors.count == 2, "the answered client is let go")
        #expect(server.nextDeadline == now + ControlServer.requestTime)
        server.expire(now: now + .milliseconds(999))
        #expect(!hungUp(silent))
        server.expire(now: now + ControlServer.requestTime)
        #expect(hungUp(silent))
        #expect(server.descriptors == [server.fd] && server.nextDeadline == nil)
    }

    @Test func aRequestInPiecesIsAnsweredWholeAndAnEndlessOneIsCutOff() throws {
        let runtime = try Runtime()
        let server = runtime.server
        let now = ContinuousClock.now
        let slow = try runtime.connect()
        defer { close(slow) }
        server.serve(server.fd, now: now) { _ in .ok(nil) }
        for piece in ["sta", "tu", "s\n"] {
            send(slow, piece)
            server.serve(server.descriptors[1], now: now) { .failed($0) }
        }
        #expect(ControlReply(decoding: answer(slow)) == .failed("status"))
        let endless = try runtime.connect()
        defer { close(endless) }
        server.serve(server.fd, now: now) { _ in .ok(nil) }
        try #require(server.descriptors.count == 2, "the endless client (fd \(endless)) was not accepted: \(server.descriptors)")
        var answered = false
        for _ in 0...(ControlServer.requestLimit / 500 + 1) where server.descriptors.count > 1 {
            send(endless, String(repeating: "x", count: 500))
            server.serve(server.descriptors[1], now: now) { _ in answered = true; return .ok(nil) }
        }
        #expect(!answered)
        #expect(server.descriptors == [server.fd], "the endless client was not hung up on")
        let read = reading(endless)
        #expect(read == "end of file", "reading the endless client's fd \(endless)")
    }

    @Test func atMostALimitOfClientsWaitAtOnce() throws {
        let runtime = try Runtime()
        let server = runtime.server
        let clients = try (0...ControlServer.clientLimit).map { _ in try runtime.connect() }
        defer { clients.forEach { close($0) } }
        server.serve(server.fd, now: .now) { _ in .ok(nil) }
        #expect(server.descriptors.count == 1 + ControlServer.clientLimit)
        guard case .failed(let why) = ControlReply(decoding: answer(clients.last!)) else {
            Issue.record("the client too many was not told")
            return
        }
        #expect(why.hasPrefix("the keyboard is busy"))
        #expect(hungUp(clients.last!))
    }

    @Test func theFallbackDirectoryMustBeThisUsersAndClosedToOthers() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let good = base + "/good", open = base + "/open", link = base + "/link", theirs = base + "/theirs"
        for dir in [good, open, theirs] { mkdir(dir, 0o700) }
        chmod(open, 0o755)
        symlink(good, link)
        #expect(throws: Never.self) { try ControlSocket.check(directory: good, closedToOthers: true) }
        #expect(throws: ControlError.self) { try ControlSocket.check(directory: open, closedToOthers: true) }
        #expect(throws: Never.self, "XDG_RUNTIME_DIR's mode is the session's business") {
            try ControlSocket.check(directory: open, closedToOthers: false)
        }
        #expect(throws: ControlError.self) { try ControlSocket.check(directory: link, closedToOthers: false) }
        if getuid() == 0 {
            chown(theirs, 65534, 65534)  // nobody's
            #expect(throws: ControlError.self) { try ControlSocket.check(directory: theirs, closedToOthers: true) }
        }
    }
}
