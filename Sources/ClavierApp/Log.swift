import Glibc

/// The executable's one logger: warnings always, debug lines with `CLAVIER_LOG=debug`,
/// both on stderr. It never receives what the user types.
package enum Log {
    package static let debugEnabled: Bool = {
        guard let value = getenv("CLAVIER_LOG") else { return false }
        return String(cString: value) == "debug"
    }()

    package static func warning(_ message: String) { write("clavier: warning: " + message) }
    package static func error(_ message: String) { write("clavier: " + message) }
    /// What the user should know that is no problem (what the scan switch is on Wayland).
    package static func note(_ message: String) { write("clavier: " + message) }
    package static func debug(_ message: @autoclosure () -> String) {
        if debugEnabled { write("clavier: debug: " + message()) }
    }

    private static func write(_ line: String) {
        // write(2) on fd 2: unbuffered, and free of the shared `stderr` FILE.
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
