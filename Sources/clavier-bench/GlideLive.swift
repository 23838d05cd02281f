import ClavierCore
import ClavierGlide
import ClavierTestSupport
import CX11
import Glibc

/// Glide accuracy through the running keyboard: on a private Xvfb, the real `clavier` (us,
/// docked) is glided over with XTest (button held, the generator's points, release), word
/// after word of held-out running text, and what reaches a focused probe window is read
/// back. The keyboard decodes each word in the context of what it typed itself.
enum GlideLive {
    struct Figures {
        var words = 0, top1 = 0
    }

    /// Words outside `known` (the vocabulary, lower-cased) are not glided, as in `GlideBench.measureText`.
    static func measure(binary: String, text: String, known: Set<String>, words limit: Int, seed: UInt64) throws(HarnessError) -> Figures {
        let server = try Xvfb(width: 1280, height: 800, displays: Array(150...199))
        // The probe's connection closes inside, before the server ends (its XCloseDisplay on a
        // server gone would be Xlib's fatal I/O error).
        return try withExtendedLifetime(server) { () throws(HarnessError) -> Figures in
            try measure(display: server.display, binary: binary, text: text, known: known, words: limit, seed: seed)
        }
    }

    private static func measure(display: String, binary: String, text: String, known: Set<String>, words limit: Int,
                                seed: UInt64) throws(HarnessError) -> Figures {
        let probe = try Probe(display: display, probeRect: (10, 10))
        let home = "/tmp/clavier-bench-glide-\(getpid())"
        mkdir(home, 0o755)
        var environment = ["DISPLAY": display, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] { environment[name] = home }
        if let log = getenv("CLAVIER_LOG") { environment["CLAVIER_LOG"] = String(cString: log) }
        probe.drain()
        let child = try ChildProcess([binary, "--no-sound", "--layout", "us"], environment: environment,
                                     stdout: "\(home)/log", stderr: "\(home)/log")
        defer { child.stop() }
        let root = probe.root
        guard let window = probe.waitFor(timeout: 30, { e -> Window? in
            guard e.type == MapNotify, e.xmap.event == root, e.xmap.window != probe.window else { return nil }
            return e.xmap.window
        }), let f = probe.frame(of: window) else { throw HarnessError("clavier mapped no window (see \(home)/log)") }
        usleep(500_000)
        probe.focus()
        // The keys as the running keyboard lays them out, on screen.
        let keys = GlideKeyboard(keys: Keyboard(layout: .us, size: Size(width: f.width, height: f.height)).glideLetters.map {
            GlideKey(letter: $0.letter, x: Double(f.x + $0.rect.x), y: Double(f.y + $0.rect.y),
                     width: Double($0.rect.width), height: Double($0.rect.height))
        })
        var generator = GestureGenerator(seed: seed)
        var typed: [Character] = []
        var figures = Figures()
        var word = ""
        func glide() {
            defer { word = "" }
            guard !word.isEmpty, figures.words < limit, known.contains(word.lowercased()),
                  let path = keys.path(of: word), path.count > 1 else { return }
            let points = generator.gesture(through: path.map { keys.keys[Int($0)] })
            probe.movePointer(x: Int(points[0].x.rounded()), y: Int(points[0].y.rounded()))
            probe.button(true)
            for p in points.dropFirst() {
                probe.movePointer(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
                usleep(8_000)
            }
            probe.button(false)
            read(into: &typed, probe: probe)
            let last = String(typed).split(separator: " ").last.map { String($0).lowercased() }
            figures.words += 1
            if last == word.lowercased() { figures.top1 += 1 } else if getenv("BENCH_DEBUG") != nil {
                Bench.say("glided \(word), typed \(last ?? "nothing") in \(String(typed.suffix(40)).debugDescription)")
            }
        }
        // One word first, not counted: the keyboard loads its words and builds its templates then.
        word = "the"
        glide()
        usleep(3_000_000)
        read(into: &typed, probe: probe)
        figures = Figures()
        typed = []
        for ch in text where figures.words < limit {
            if ch.isLetter || ch == "'" || ch == "’" { word.append(ch == "’" ? "'" : ch) } else { glide() }
        }
        return figures
    }

    /// Reads what the keyboard types until it has been quiet for 300 ms: letters and spaces
    /// appended, BackSpace taking the last one back (Shift and the like ignored; compared
    /// without case).
    private static func read(into typed: inout [Character], probe: Probe) {
        while let got = probe.waitForKeyPress(timeout: 0.3) {
            let sym = probe.keysym(got.keycode)
            if sym == UInt(XK_BackSpace) {
                if !typed.isEmpty { typed.removeLast() }
            } else if sym == UInt(XK_space) {
                typed.append(" ")
            } else if (0x20..<0x100).contains(sym), let scalar = Unicode.Scalar(UInt32(sym)) {
                typed.append(Character(scalar))
            }
        }
    }
}
