import ClavierCore
import ClavierTestSupport
import CX11
import FoundationEssentials
import Glibc

/// Autocorrection through the running keyboard (issue 36): on a private Xvfb, the real
/// `clavier --autocorrect always --no-learning` (us, docked) is clicked with XTest, word after
/// word of held-out running text, at each letter's key centre plus Gaussian scatter, then
/// space; what reaches the focused probe window (KeyPress events: letters, BackSpace, space)
/// is read back. The letters as tapped are those of the keys the clicks land on, found with
/// Clavier's own hit-testing on the keys `clavier geometry` gives for the window's size (and
/// checked against what the keyboard typed before the space). Words are typed in lower case,
/// separated by spaces only, so the keyboard corrects each after the text it typed itself.
enum AutocorrectLive {
    struct Figures {
        var sigma = 0.0
        var words = 0, skipped = 0
        var typedWrong = 0, leftWrong = 0, typedRight = 0, rightChanged = 0, wrongFixed = 0
        /// Taps that hit no letter (Shift, space, the bar above the keys): not clicked, the letter missing.
        var lostTaps = 0, taps = 0
        /// Words whose letters before the space were not those the bench's hit-testing found.
        var disagreements = 0
        /// Space click → its KeyPress at the probe (ms): words the keyboard replaced, words it left.
        var replacedLatency: [Double] = [], leftLatency: [Double] = []
        /// The keyboard's window and a letter key's width, px.
        var window = "", keyWidth = 0
    }

    /// What `clavier geometry` prints, as far as the bench reads it.
    private struct Printed: Decodable {
        struct Box: Decodable {
            let id: String
            let x: Int, y: Int, width: Int, height: Int
        }
        let keys: [Box]
    }

    /// Types up to `limit` words of `text` at each scatter of `sigmas` (key widths across, 0.8 of
    /// that down), a fresh keyboard for each.
    static func measure(binary: String, text: String, sigmas: [Double], words limit: Int, seed: UInt64) throws(HarnessError) -> [Figures] {
        let server = try Xvfb(width: 1000, height: 700, displays: Array(150...199))
        // Each probe's connection closes inside, before the server ends (its XCloseDisplay on a
        // server gone would be Xlib's fatal I/O error).
        return try withExtendedLifetime(server) { () throws(HarnessError) -> [Figures] in
            var rows: [Figures] = []
            for sigma in sigmas {
                Bench.say("autocorrect through the running keyboard at σ \(sigma)")
                rows.append(try measure(display: server.display, binary: binary, text: text, sigma: sigma, words: limit, seed: seed))
            }
            return rows
        }
    }

    private static func measure(display: String, binary: String, text: String, sigma: Double, words limit: Int,
                                seed: UInt64) throws(HarnessError) -> Figures {
        let live = try LiveKeyboard(display: display, binary: binary, name: "autocorrect",
                                    arguments: ["--no-sound", "--layout", "us", "--autocorrect", "always", "--no-learning"])
        defer { live.child.stop() }
        let (probe, home, environment, f) = (live.probe, live.home, live.environment, live.frame)
        let keyboard = Keyboard(layout: .us, size: Size(width: f.width, height: f.height))
        let space = try checkedSpace(keyboard, binary: binary, environment: environment, size: (f.width, f.height))
        var taps = LiveTaps(keyboard: keyboard, seed: seed)
        var typed: [Character] = []
        func click(_ p: (x: Int, y: Int)) {
            probe.movePointer(x: f.x + p.x, y: f.y + p.y)
            probe.button(true)
            probe.button(false)
        }
        /// Waits for the keyboard to have handled every click sent so far: a `clavier status`
        /// round trip (its loop takes the X events queued before the request).
        func settle() throws(HarnessError) {
            XSync(probe.d, 0)
            let run = try Harness.run([binary, "status"], environment: environment, timeout: 30)
            guard run.status == 0 else { throw HarnessError("clavier status: \(run.err)") }
        }
        /// Clicks space and reads what the keyboard typed until that space; the time it took (ms), and what came.
        func end() throws(HarnessError) -> (ms: Double, stream: [UInt]) {
            probe.movePointer(x: f.x + space.x, y: f.y + space.y)
            let start = Instant.now
            probe.button(true)
            probe.button(false)
            var stream: [UInt] = []
            while true {
                guard let got = probe.waitForKeyPress(timeout: 5) else {
                    throw HarnessError("the keyboard typed no space (got \(String(typed.suffix(40)).debugDescription); see \(home)/log)")
                }
                let sym = probe.keysym(got.keycode)
                stream.append(sym)
                if sym == UInt(XK_BackSpace) {
                    if !typed.isEmpty { typed.removeLast() }
                } else if (0x20..<0x7f).contains(sym), let scalar = Unicode.Scalar(UInt32(sym)) {
                    typed.append(Character(scalar))
                }
                if sym == UInt(XK_space) { return (got.at - start, stream) }
            }
        }
        // The slip of the integration test ("thw", its w by e's edge) until it comes out right:
        // the keyboard has its words and its lexicon then.
        var ready = false
        for _ in 0..<60 where !ready {
            for p in taps.slip() { click(p) }
            _ = try end()
            ready = String(typed).hasSuffix("the ")
            if !ready { usleep(250_000) }
        }
        guard ready else { throw HarnessError("the keyboard never corrected \"thw\": \(String(typed.suffix(40)).debugDescription)") }
        if getenv("BENCH_DEBUG") != nil { Bench.say("ready: \(String(typed).debugDescription), window \(f)") }

        var figures = Figures()
        figures.sigma = sigma
        figures.window = "\(f.width)×\(f.height)"
        figures.keyWidth = Int(taps.pitch)
        for (word, _) in AutocorrectBench.words(text) where figures.words < limit {
            let meant = word.lowercased()
            guard taps.typable(meant) else { figures.skipped += 1; continue }
            let hits = taps.taps(meant, sigma: sigma)
            let tapped = String(hits.compactMap(\.letter))
            figures.words += 1
            figures.taps += hits.count
            figures.lostTaps += hits.count(where: { $0.letter == nil })
            let typedRight = tapped == meant
            if typedRight { figures.typedRight += 1 } else { figures.typedWrong += 1 }
            // No letter hit: nothing to end (a space after a space is the keyboard's own business).
            guard !tapped.isEmpty else { figures.leftWrong += 1; continue }
            for hit in hits where hit.letter != nil { click(hit.point) }
            // The space comes once the keyboard has taken every letter (and made its correction),
            // so its time is its own, not the letters' still queued.
            try settle()
            let (ms, stream) = try end()
            let before = stream.prefix { $0 != UInt(XK_BackSpace) && $0 != UInt(XK_space) }
            if String(before.compactMap { Unicode.Scalar(UInt32($0)).map { Character($0) } }) != tapped { figures.disagreements += 1 }
            let left = String(typed.dropLast()).split(separator: " ").last.map(String.init) ?? ""
            let leftRight = left == meant
            if left == tapped { figures.leftLatency.append(ms) } else { figures.replacedLatency.append(ms) }
            if !leftRight { figures.leftWrong += 1 }
            if typedRight, left != tapped { figures.rightChanged += 1 }
            if !typedRight, leftRight { figures.wrongFixed += 1 }
            if getenv("BENCH_DEBUG") != nil, !leftRight || left != tapped { Bench.say("meant \(meant), tapped \(tapped), left \(left)") }
        }
        return figures
    }

    /// The space bar's centre; throws unless the keys `clavier geometry` gives for the window's
    /// size are those the bench hit-tests (its letters at the same places).
    private static func checkedSpace(_ keyboard: Keyboard, binary: String, environment: [String: String],
                                     size: (Int, Int)) throws(HarnessError) -> (x: Int, y: Int) {
        let run = try Harness.run([binary, "geometry", "--layout", "us", "--size", "\(size.0)x\(size.1)"], environment: environment,
                                  timeout: 30)
        guard run.status == 0, let printed = try? JSONDecoder().decode(Printed.self, from: Data(run.out.utf8)) else {
            throw HarnessError("clavier geometry: \(run.err) \(run.out.prefix(200))")
        }
        for (letter, rect) in keyboard.glideLetters {
            guard printed.keys.contains(where: { $0.id == String(letter) && $0.x == rect.x && $0.y == rect.y && $0.width == rect.width }) else {
                throw HarnessError("clavier geometry puts \(letter) elsewhere than the bench's keyboard (\(rect))")
            }
        }
        guard let space = printed.keys.first(where: { $0.id == "space" }) else { throw HarnessError("clavier geometry shows no space bar") }
        return (space.x + space.width / 2, space.y + space.height / 2)
    }
}

/// The clicks for a word: each letter's key centre plus Gaussian scatter (σ key widths across,
/// 0.8 σ down), rounded to the pixel, and the letter of the key Clavier's hit-testing finds
/// there (nil: Shift, space or another key that is no letter, or the bar above the keys).
struct LiveTaps {
    let keyboard: Keyboard
    let centres: [Character: Point]
    let letterAt: [Rect: Character]
    /// A letter key's width (the median), and where the bar above the keys ends.
    let pitch: Double, top: Int
    var rng: SeedRandom

    init(keyboard: Keyboard, seed: UInt64) {
        let generator = AutocorrectBench.TapGenerator(keyboard: keyboard, seed: seed)
        self.keyboard = keyboard
        centres = generator.centres
        letterAt = generator.letterAt
        pitch = generator.pitch
        rng = generator.rng
        top = keyboard.accessory?.rect.maxY ?? 0
    }

    func typable(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy { centres[$0] != nil } }

    mutating func taps(_ word: String, sigma: Double) -> [(point: (x: Int, y: Int), letter: Character?)] {
        word.compactMap { ch in
            guard let centre = centres[ch] else { return nil }
            // Within the window: the screen ends where the docked keyboard does, and the pointer stops there.
            let x = min(max(Int((centre.x + rng.gaussian() * sigma * pitch).rounded()), 0), keyboard.geometry.size.width - 1)
            let y = min(max(Int((centre.y + rng.gaussian() * 0.8 * sigma * pitch).rounded()), 0), keyboard.geometry.size.height - 1)
            return ((x, y), letter(at: x, y))
        }
    }

    /// The letter of the key under (`x`, `y`) as the running keyboard finds it.
    func letter(at x: Int, _ y: Int) -> Character? {
        guard y >= top, let frame = keyboard.geometry.frame(at: Point(x: Double(x), y: Double(y))) else { return nil }
        return letterAt[frame.rect]
    }

    /// "the" with its last tap on w near its edge by e (AutocorrectIntegrationTests' slip).
    func slip() -> [(x: Int, y: Int)] {
        let points = ["t", "h"].compactMap { centres[Character($0)] }.map { (Int($0.x), Int($0.y)) }
        guard let w = letterAt.first(where: { $0.value == "w" })?.key else { return points }
        return points + [(w.x + w.width - max(2, w.width / 12), w.y + w.height / 2)]
    }
}
