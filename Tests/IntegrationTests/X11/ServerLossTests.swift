import ClavierTestSupport
import CX11
import Foundation
import Testing

@Suite(.serialized) struct ServerLossTests {
    /// The X server killed (SIGKILL: a crash) under a running keyboard that has a keycode
    /// borrowed: the keyboard notices within a second, says so in one line and exits 1.
    @Test(.needsDisplay) func aKilledXServerEndsTheKeyboardWithinASecondInOneLine() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        try session.tap(["page-numbers", "page-symbols", "€"])
        let number = server.display.dropFirst()
        let lock = "/tmp/.X\(number)-lock", socket = "/tmp/.X11-unix/X\(number)"
        let xvfb = try #require(Int32(try String(contentsOfFile: lock, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The test's own connection dies too: Xlib's default handlers would end the test runner.
        let previous = XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(server.connection, { _, _ in }, nil)
        kill(xvfb, SIGKILL)
        let status = session.clavier.wait(seconds: 1)
        // Meets the dead connection now, with the quiet handlers, rather than when it is closed.
        XSync(server.connection, 0)
        XSetIOErrorHandler(previous)
        // A killed Xvfb leaves its lock and socket, which would keep the display number taken.
        _ = Harness.waitFor(5) { kill(xvfb, 0) != 0 || Self.isZombie(xvfb) }
        unlink(lock)
        unlink(socket)
        #expect(status == 1, "clavier did not end within 1 s of the X server (status \(String(describing: status)))")
        if status == nil { _ = session.clavier.wait(seconds: 10) }
        let lines = session.errors.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(session.errors)")
        #expect(lines.first?.contains("the connection to the X server is gone") == true, "stderr: \(session.errors)")
    }

    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }
}
