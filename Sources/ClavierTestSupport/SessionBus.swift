import Glibc

/// A private D-Bus session bus (`dbus-daemon --session`), as a desktop session has one: onboard
/// needs it, and AT-SPI's bus launcher (at-spi2-core) is started on it on demand. Stopped, with
/// the launcher and the accessibility bus it runs (they leave with the session bus), at deinit.
public final class SessionBus {
    public let address: String
    private let daemon: ChildProcess

    /// Starts the bus, writing its address to `addressFile`. The services it starts get
    /// `environment`: at-spi2-core's launcher needs the session's `DISPLAY` (it publishes the
    /// accessibility bus on the root window) and an `XDG_RUNTIME_DIR` of the session's own, where
    /// it puts that bus's socket as `at-spi/bus_DISPLAYNUMBER`: a shared one lets a launcher that
    /// is going away remove the socket of the next one on a display of the same number.
    public init(addressFile: String, environment: [String: String] = [:]) throws(HarnessError) {
        daemon = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--print-address=1"], environment: environment,
                                  stdout: addressFile)
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

    /// Starts the accessibility bus (at-spi2-core's launcher, by D-Bus activation) and waits
    /// until it answers, as a desktop session does at login. Started on demand instead, by
    /// Clavier asking for it while a Qt 5 program waits for it, the two reach the new bus at the
    /// same instant, and Qt can ask for the registered listeners just before Clavier registers
    /// and hear of it only just after: it then never sends a focus change.
    public func startAccessibilityBus() throws(HarnessError) {
        let asked = try Harness.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply", "/org/a11y/bus",
                                     "org.a11y.Bus.GetAddress"], environment: environment, timeout: 20)
        guard asked.status == 0 else { throw HarnessError("no accessibility bus (at-spi2-core): \(asked.err)") }
    }

    /// The environment a program of this session runs with.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
}
