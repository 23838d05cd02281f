import ClavierCore
import ClavierGlide
import ClavierTestSupport
import CX11
import FoundationEssentials
import Glibc

/// Glide accuracy through the running keyboard: on a private Xvfb, the real `clavier` (us,
/// docked) is glided over with XTest (button held, the generator's points, release), word
/// after word of held-out running text, and what reaches a focused probe window is read
/// back. The keyboard decodes each word in the context of what it typed itself. The keys are
/// where the running keyboard's own `clavier geometry` puts them at its window's size; after
/// each lift a `clavier status` round trip waits for the keyboard to have typed the word (its
/// loop takes the lift before the request). A word typed wrong is tried again as a user would:
/// the bar's first alternative, then its second (top-3).
enum GlideLive {
    struct Figures {
        var words = 0, top1 = 0, top3 = 0
    }

    /// What `clavier geometry` prints, as far as the bench reads it.
    private struct Printed: Decodable {
        struct Box: Decodable {
            let id: String
            let x: Int, y: Int, width: Int, height: Int
        }
        let keys: [Box]
        let accessory: [Box]?
    }

    /// Words outside `known` (the vocabulary, lower-cased) are not glided, as in `GlideBench.measureText`.
    /// `generator`: the gestures' kind (issue 36's hidden ones: σ 0.18 key at an even speed).
    static func measure(binary: String, text: String, known: Set<String>, words limit: Int,
                        generator: GestureGenerator) throws(HarnessError) -> Figures {
        let server = try Xvfb(width: 1280, height: 800, displays: Array(150...199))
        // The probe's connection closes inside, before the server ends (its XCloseDisplay on a
        // server gone would be Xlib's fatal I/O error).
        return try withExtendedLifetime(server) { () throws(HarnessError) -> Figures in
            try measure(display: server.display, binary: binary, text: text, known: known, words: limit, generator: generator)
        }
    }

    private static func measure(display: String, binary: String, text: String, known: Set<String>, words limit: Int,
                                generator: GestureGenerator) throws(HarnessError) -> Figures {
        let live = try LiveKeyboard(display: display, binary: binary, name: "glide", arguments: ["--no-sound", "--layout", "us"])
        defer { live.child.stop() }
        let (probe, environment, f) = (live.probe, live.environment, live.frame)
        func clavier(_ arguments: [String]) throws(HarnessError) -> String {
            let run = try Harness.run([binary] + arguments, environment: environment, timeout: 30)
            guard run.status == 0 else { throw HarnessError("clavier \(arguments.joined(separator: " ")): \(run.err)") }
            return run.out
        }
        // The keys and the bar's cells as the running keyboard lays them out, on screen.
        let geometry = try clavier(["geometry", "--layout", "us", "--size", "\(f.width)x\(f.height)"])
        guard let printed = try? JSONDecoder().decode(Printed.self, from: Data(geometry.utf8)) else {
            throw HarnessError("clavier geometry printed what the bench cannot read: \(geometry.prefix(200))")
        }
        let keys = GlideKeyboard(keys: printed.keys.compactMap { box in
            guard box.id.count == 1, let letter = box.id.first, letter.isLetter else { return nil }
            return GlideKey(letter: letter, x: Double(f.x + box.x), y: Double(f.y + box.y), width: Double(box.width), height: Double(box.height))
        })
        let bar = ["completion-0", "completion-1"].compactMap { id in printed.accessory?.first { $0.id == id } }
        var generator = generator
        var typed: [Character] = []
        var figures = Figures()
        var word = ""
        func lastWord() -> String? { String(typed).split(separator: " ").last.map { String($0).lowercased() } }
        /// Waits for the keyboard to have handled everything sent so far, then reads what it typed.
        func settle() throws(HarnessError) {
            _ = try clavier(["status"])
            read(into: &typed, probe: probe)
        }
        func glide() throws(HarnessError) {
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
            try settle()
            figures.words += 1
            let first = lastWord()
            if first == word.lowercased() {
                figures.top1 += 1
                figures.top3 += 1
                return
            }
            if getenv("BENCH_DEBUG") != nil { Bench.say("glided \(word), typed \(first ?? "nothing") in \(String(typed.suffix(40)).debugDescription)") }
            // The alternatives on the bar, as a user would take them: the first, then the second
            // (the word replaced takes the first's place).
            for cell in bar {
                probe.movePointer(x: f.x + cell.x + cell.width / 2, y: f.y + cell.y + cell.height / 2)
                probe.button(true)
                probe.button(false)
                try settle()
                if lastWord() == word.lowercased() {
                    figures.top3 += 1
                    return
                }
            }
            if getenv("BENCH_DEBUG") != nil { Bench.say("  nor on the bar: \(String(typed.suffix(40)).debugDescription)") }
        }
        // One word first, not counted: the keyboard loads its words and builds its templates then.
        word = "the"
        try glide()
        figures = Figures()
        typed = []
        for ch in text where figures.words < limit {
            if ch.isLetter || ch == "'" || ch == "’" { word.append(ch == "’" ? "'" : ch) } else { try glide() }
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
