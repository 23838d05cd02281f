import ClavierTestSupport
import CX11
import Foundation
import Glibc
import Testing

/// Issue 23, item 1: a key held with the mouse repeats until the pointer that holds it is no
/// longer delivered to the keyboard. A core `XGrabPointer` cannot take it (the press's
/// implicit grab makes it fail with AlreadyGrabbed, and the release still comes), but
/// another client's `XIGrabDevice` on the slave device that holds the button floats it off
/// its master: the release goes to that client, and nothing tells the keyboard. A real
/// keyboard beside a real xterm whose `cat` is raw, so every repeat is seen as it comes.
@Suite(.serialized, .needsDisplay) struct PointerTakenTests {
    /// How many x the xterm has received.
    func xs(_ session: KeyboardSession) -> Int { session.received.filter { $0 == "x" }.count }

    /// The id of the slave device named `name` (XTest's pointer is the one the tests press with).
    func device(named name: String, on connection: OpaquePointer) -> Int32? {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(connection, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(devices) }
        return (0..<Int(count)).map { devices[$0] }.first { String(cString: $0.name) == name }?.deviceid
    }

    @Test func aHeldKeyStopsRepeatingWhenAnotherClientGrabsItsDevice() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--preview", "always"],
                                          shellCommand: "stty raw -echo; exec cat > 'OUTPUT'")
        let f = session.server.frame(of: session.keyboardWindow)
        let key = try #require(try session.geometry(page: "letters", size: (f.width, f.height))["x"])
        session.server.movePointer(x: f.x + key.midX, y: f.y + key.midY)
        session.server.button(down: true, pause: 1_500_000)
        #expect(xs(session) > 3, "x repeats while held: \(session.said)")

        // Another client: XI 2 on a connection of its own, grabbing the XTest pointer.
        let other = try #require(XOpenDisplay(session.server.display))
        var major: Int32 = 2, minor: Int32 = 2
        #expect(XIQueryVersion(other, &major, &minor) == Success)
        let xtest = try #require(device(named: "Virtual core XTEST pointer", on: other))
        var bits = [UInt8](repeating: 0, count: 4)
        let grabbed = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: xtest, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabDevice(other, xtest, XDefaultRootWindow(other), UInt(CurrentTime), UInt(None),
                                Int32(XIGrabModeAsync), Int32(XIGrabModeAsync), 0, &mask)
        }
        XSync(other, 0)
        #expect(grabbed == Success, "the grab of the XTest pointer")
        usleep(300_000)
        let atGrab = xs(session)
        usleep(1_500_000)
        #expect(xs(session) == atGrab, "no x once the pointer was taken: \(xs(session) - atGrab) more")
        let preview = session.server.windows(named: "Clavier preview").first { session.server.frame(of: $0).viewable }
        #expect(preview == nil, "the preview went with the press")

        // The release goes to the grabbing client; the grab ends; still nothing.
        session.server.button(down: false)
        XCloseDisplay(other)
        usleep(300_000)
        #expect(xs(session) == atGrab && session.server.heldKeycodes.isEmpty, "nothing typed nor held after the grab")
        // The server's master pointer still counts button 1 down: the next click only lifts it.
        session.server.click(x: 5, y: 5)
        usleep(200_000)
        try session.tap(["h"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("h") }, "the keyboard types again: \(session.said)")
        usleep(500_000)
        #expect(session.received.hasSuffix("xh") && session.server.heldKeycodes.isEmpty, "\(session.said)")
    }
}
