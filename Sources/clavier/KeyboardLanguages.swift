import ClavierCore
import ClavierX11
import Glibc

/// `languages`: the server's keymap gets one group per language before the keyboard reads
/// it, so the language key (`Effect.switchLanguage`) has groups to lock.
enum KeyboardLanguages {
    /// Makes the keymap's groups `languages` with `setxkbmap -layout us,de,ru` (which keeps
    /// the model and options), unless they are so already; says why when it cannot.
    static func prepare(_ languages: [String], on display: Display, name: String?) {
        guard !languages.isEmpty, display.xkbLayouts != languages else { return }
        let layouts = languages.joined(separator: ",")
        var arguments = ["setxkbmap"]
        if let name = name ?? getenv("DISPLAY").map({ String(cString: $0) }) { arguments += ["-display", name] }
        arguments += ["-layout", layouts]
        guard run(arguments) == 0 else {
            return Log.warning("languages: 'setxkbmap -layout \(layouts)' failed (is x11-xkb-utils installed?): "
                               + "the language key switches between the keymap's groups as they are")
        }
        Log.debug("languages: the keymap's groups are \(layouts)")
    }

    /// Runs `arguments` (found on PATH) and waits for it; its exit status, or -1.
    private static func run(_ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return -1 } }
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
