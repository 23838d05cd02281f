import Glibc

/// What the tests and the bench do around the programs they drive: find them, run them to
/// their end, and wait for what they do.
public enum Harness {
    /// This process's environment (`environ`).
    public static var environment: [String: String] {
        var out: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") { out[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            entry += 1
        }
        return out
    }

    /// The path of `tool` on PATH, if it is there and executable.
    public static func which(_ tool: String) -> String? {
        let dirs = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(tool)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs a command to its end (stopped after `timeout` seconds, if given) and returns its
    /// exit status, standard output and standard error.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           timeout: Double? = nil) throws(HarnessError) -> (status: Int32, out: String, err: String) {
        let dir = TemporaryDirectory()
        let out = dir.file("out"), err = dir.file("err")
        let child = try ChildProcess(arguments, environment: environment, stdout: out, stderr: err)
        if let timeout, child.wait(seconds: timeout) == nil { child.stop() }
        let status = child.wait()
        return (status, TextFile.read(out) ?? "", TextFile.read(err) ?? "")
    }

    /// Waits for `condition` for at most `seconds`; a correctness wait, never a timing check.
    @discardableResult
    public static func waitFor(_ seconds: Double = 10, pollingEvery interval: Double = 0.02,
                               _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = monotonicNanoseconds + UInt64(max(seconds, 0) * 1e9)
        while monotonicNanoseconds < deadline {
            if try condition() { return true }
            usleep(UInt32(interval * 1e6))
        }
        return try condition()
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static var monotonicNanoseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Something the harness could not do, in words for the test log or the bench's output.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
