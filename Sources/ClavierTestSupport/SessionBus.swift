import Glibc

/// A private D-Bus session bus (`dbus-daemon --session`), as a desktop session has one: onboard
/// needs it, and AT-SPI's bus launcher (at-spi2-core) is started on it on demand. Stopped, with
/// the launcher and the accessibility bus it runs (they leave with the session bus), at deinit.
public final class SessionBus {
    public let address: String
    private let daemon: ChildProcess

    /// Starts the bus, writing its address to `addressFile`.
    public init(addressFile: String) throws(HarnessError) {
        daemon = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout: addressFile)
        var address: String?
        _ = Harness.waitFor(5) {
            guard let text = TextFile.read(addressFile), text.hasSuffix("\n") else { return false }
            address = String(text.dropLast())
            return true
        }
        guard let address else {
            daemon.stop()
            throw HarnessError("dbus-daemon --session printed no address within 5 s")
        }
        self.address = address
    }

    deinit { daemon.stop() }

    /// The environment a program of this session runs with.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
}
