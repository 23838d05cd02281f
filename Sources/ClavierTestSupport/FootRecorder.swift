import Glibc

/// What the Wayland tests type into, as xterm running `cat` is on X11: a foot terminal (a native
/// Wayland client) on a HeadlessSway whose shell puts its terminal in raw mode without echo and
/// copies every byte it receives into a file. So the file holds exactly what the keyboard sent,
/// unchanged by the line discipline: UTF-8 for letters, €, emoji; 0x7f for BackSpace; "\r" for
/// Return (no ICRNL). foot runs in C.UTF-8, so what it is given is encoded as UTF-8.
public final class FootRecorder {
    /// The app_id foot's window has by default.
    public static let defaultAppID = "clavier-recorder"
    public let appID: String
    /// The file the bytes go to.
    public let output: String
    /// CLOCK_MONOTONIC nanoseconds from starting foot to its window having the focus with `cat` running.
    public let mapNanoseconds: UInt64
    public let process: ChildProcess
    private let scratch = TemporaryDirectory()

    /// Starts foot on `sway` and waits until its window has the focus and `cat` has made the file.
    public init(on sway: HeadlessSway, appID: String = FootRecorder.defaultAppID) throws(HarnessError) {
        self.appID = appID
        output = scratch.file("received")
        let log = scratch.file("foot.log")
        let foot = try sway.start(["foot", "--app-id", appID, "--title", appID, "sh", "-c", "stty raw -echo; exec cat > '\(output)'"],
                                 environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], stderr: log)
        let file = output
        process = foot
        guard Harness.waitFor(10, { access(file, F_OK) == 0 || !foot.isRunning }), foot.isRunning else {
            throw HarnessError("foot's cat did not start: \((TextFile.read(log) ?? "").suffix(800))")
        }
        try sway.waitForFocus(appID: appID)
        mapNanoseconds = Harness.monotonicNanoseconds - process.startedNanoseconds
    }

    deinit { process.stop() }

    /// Every byte received so far.
    public var bytes: [UInt8] { TextFile.bytes(output) ?? [] }

    /// What was received so far, as UTF-8 text.
    public var received: String { TextFile.read(output) ?? "" }

    /// Waits up to `seconds` until what was received ends with `suffix`; true once it does.
    @discardableResult
    public func waitFor(suffix: String, seconds: Double = 10) -> Bool {
        Harness.waitFor(seconds) { received.hasSuffix(suffix) }
    }
}
