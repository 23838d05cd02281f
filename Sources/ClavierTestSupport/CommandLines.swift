import Glibc

/// A `clavier` command run as a script runs it, for the tests of `predict`, `glide` and
/// `correct`: the binary under test, the given bytes on its standard input from a file, a
/// private $XDG_STATE_HOME.
public enum CommandLines {
    /// The clavier under test: `$CLAVIER_BIN`, else the debug build beside the sources.
    public static var binary: String {
        if let path = getenv("CLAVIER_BIN") { return String(cString: path) }
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/.build/debug/clavier"
    }

    /// Starts `clavier ARGS` (a shell word list) with the file `input` on standard input and
    /// `environment` added, its output to `out` and `err`.
    public static func start(_ args: String, input: String, environment: [String: String], out: String,
                             err: String) throws(HarnessError) -> ChildProcess {
        try ChildProcess(["/bin/sh", "-c", "exec \"$0\" \(args) < \"$1\"", binary, input],
                         environment: environment, stdout: out, stderr: err)
    }
}
