import ClavierTestSupport
import CX11
import Glibc

/// `clavier type` into the focused probe: characters per second, from exec to the last
/// character's KeyPress, and from the first KeyPress to the last (the steady rate).
enum TypeThroughput {
    static let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 10)

    enum Outcome {
        case unavailable(String)
        case failed(String)
        case measured(total: Double, steady: Double, chars: Int)
    }

    static func measure(binary: String, probe: Probe, environment: [String: String]) -> Outcome {
        // Without the subcommand, ArgumentParser hands "type" to the default command, whose
        // help exits 0 too: only help that names `clavier type` means it exists.
        guard let help = try? Harness.run([binary, "type", "--help"], timeout: 60), help.status == 0,
              help.out.range(of: "clavier type") != nil else {
            return .unavailable("n/a (no clavier type yet)")
        }
        probe.focus()
        probe.drain()
        let modifiers = UInt(XK_Shift_L)...UInt(XK_Hyper_R)
        let child: ChildProcess
        do { child = try ChildProcess([binary, "type", text], environment: environment) } catch { return .failed(error.description) }
        defer { child.stop() }
        var count = 0
        var first: Instant?, last: Instant?
        while count < text.count {
            guard let got = probe.waitForKeyPress(timeout: 5) else { break }
            let sym = probe.keysym(got.keycode)
            if modifiers.contains(sym) || sym == UInt(XK_ISO_Level3_Shift) { continue }
            count += 1
            if first == nil { first = got.at }
            last = got.at
        }
        guard let first, let last, count == text.count else {
            return .failed("only \(count) of \(text.count) characters arrived")
        }
        return .measured(total: Double(count) / ((last - child.started) / 1000),
                         steady: Double(count - 1) / ((last - first) / 1000), chars: count)
    }
}
