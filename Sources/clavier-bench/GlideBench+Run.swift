import ClavierGlide
import ClavierPredict
import ClavierTestSupport
import Glibc

extension Bench {
    /// `--glide` (and `--glide-tune`): the decoder's figures alone, no X server needed.
    static func runGlide(_ options: BenchOptions) {
        emit(options) {
            guard options.glideTune else { return try glideSection(options) }
            GlideTune.run(lexicon: try lexicon(options).lexicon)
            return nil
        }
    }

    /// The words glided over: `--glide-words`, else the English model (as the keyboard has it).
    static func lexicon(_ options: BenchOptions) throws(HarnessError) -> (lexicon: any GlideLexicon, source: String) {
        if let path = options.glideWords { return (try GlideBench.wordList(path), path) }
        do {
            return (GlideBench.model(try SystemModel(path: assets() + "/models/en.lm")), "the English model, Assets/models/en.lm")
        } catch {
            throw HarnessError("\(error)")
        }
    }

    /// The glide section of the report: over `--glide-words`, else the English model.
    static func glideSection(_ options: BenchOptions) throws(HarnessError) -> String {
        let rss = ProcStats.memory(pid: getpid())?.rss
        let (lexicon, source) = try lexicon(options)
        // The prediction bench's held-out texts: no model was built from them, no tuning (the
        // predictor's or the decoder's) saw them.
        let texts = ["en-prose", "en-casual"].compactMap { name in
            TextFile.read(assets() + "/../bench/ksr/held-out/\(name).txt").map { (name: name, text: $0) }
        }
        let text = texts.isEmpty ? nil : (texts.map(\.name).joined(separator: ", "), texts.map(\.text).joined(separator: "\n"))
        let figures = GlideBench.run(lexicon: lexicon, gestures: options.quick ? 300 : 1000, text: text, rssBefore: rss)
        var report = GlideBench.report(figures, vocabulary: lexicon.glideWords.count, source: source)
        report += commonWordsRows(lexicon: lexicon)
        report += heldOutWords(lexicon: lexicon, quick: options.quick)
        // Through the running keyboard: the casual text (the prose's first words were glided above).
        let clavier = options.clavier.isEmpty ? siblingBinary("clavier") : options.clavier
        if access(clavier, X_OK) == 0, let casual = texts.last {
            say("glide typing through the running keyboard")
            let known = Set(lexicon.glideWords.map { $0.text.lowercased() })
            var rows: [String] = []
            // The generator's own gestures (slowing at the letters), then issue 36's kind: σ 0.18 at an even speed.
            for (name, generator) in [("scatter σ 0.22 key, slowing at the letters, seed 4", GestureGenerator(seed: 4)),
                                      ("scatter σ 0.18 key at an even speed, seed 36", GestureGenerator(seed: 36, scatter: 0.18, speed: .even))] {
                let live = try GlideLive.measure(binary: clavier, text: casual.text, known: known, words: options.quick ? 60 : 150,
                                                 generator: generator)
                func percent(_ n: Int) -> String {
                    let tenths = Int((Double(n) / Double(max(live.words, 1)) * 1000).rounded())
                    return "\(tenths / 10).\(tenths % 10) %"
                }
                rows.append("| \(name) | \(live.top1) of \(live.words) (\(percent(live.top1))) | \(live.top3) (\(percent(live.top3))) |")
            }
            report += "\nThrough the running keyboard (`clavier` on Xvfb, its own `clavier geometry`, XTest drags of generated "
                + "gestures, a motion every 8 ms, \(casual.name) word after word in the context the keyboard typed; a word typed wrong is "
                + "tried again with the bar's first, then second alternative):\n\n| gestures | top-1 | top-3 (with the bar) |\n| --- | --- | --- |\n"
                + rows.joined(separator: "\n") + "\n"
        }
        return report
    }
}

extension Bench {
    /// Issue 36's rows: words of the held-out texts (bench/ksr/held-out/en-*, seed 36) glided
    /// at even and at varying speed, σ 0.18 and 0.25 key, decoded with and without context.
    static func heldOutWords(lexicon: any GlideLexicon, quick: Bool) -> String {
        let text = ["en-prose", "en-casual"].compactMap { TextFile.read(assets() + "/../bench/ksr/held-out/\($0).txt") }.joined(separator: "\n")
        guard !text.isEmpty else { return "" }
        let decoder = GlideDecoder(keyboard: GlideBench.keyboard(), lexicon: lexicon)
        let known = Set(lexicon.glideWords.map { $0.text.lowercased() })
        let samples = GlideWords.sample(text, known: known, keyboard: decoder.keyboard, count: quick ? 300 : 1000, seed: 36)
        let rows = GlideWords.rows(decoder, samples, seed: 36)
        return GlideWords.report(rows, words: samples.count)
    }
}

extension Bench {
    /// Issue 36's common-words rows: the odd ranks of the 3,000 commonest (seed 2), each glided
    /// once at even and at varying speed, σ 0.18 and 0.25 key, decoded without context.
    static func commonWordsRows(lexicon: any GlideLexicon) -> String {
        let decoder = GlideDecoder(keyboard: GlideBench.keyboard(), lexicon: lexicon)
        let words = GlideBench.commonWords(lexicon, keyboard: decoder.keyboard, common: 3000, odd: true)
        return GlideWords.commonReport(GlideWords.rows(decoder, GlideWords.common(words), seed: 2), words: words.count)
    }
}

/// `--glide-tune`: accuracy of a few tunings on the tuning half (even ranks, seed 1).
enum GlideTune {
    static func run(lexicon: any GlideLexicon) {
        let keys = GlideBench.keyboard()
        let words = GlideBench.commonWords(lexicon, keyboard: keys, common: 3000, odd: false)
        var decoder = GlideDecoder(keyboard: keys, lexicon: lexicon)
        let env = { (name: String) -> [Double] in
            (getenv(name).map { String(cString: $0) } ?? "").split(separator: ",").compactMap { Double($0) }
        }
        if let end = env("GLIDE_END").first { decoder.tuning.endSigma = end }
        if let radius = env("GLIDE_RADIUS").first { decoder.tuning.endRadius = radius }
        if let v = env("GLIDE_TUNNEL").first { decoder.tuning.tunnel = v }
        if let v = env("GLIDE_TSIGMA").first { decoder.tuning.tunnelSigma = v }
        if let v = env("GLIDE_K").first { decoder.tuning.rescored = Int(v) }
        if let v = env("GLIDE_PRATIO").first { decoder.tuning.pauseRatio = v }
        if let v = env("GLIDE_PRADIUS").first { decoder.tuning.pauseRadius = v }
        if let v = env("GLIDE_PUNMATCHED").first { decoder.tuning.pauseUnmatched = v }
        if let v = env("GLIDE_LM").first { decoder.tuning.languageWeight = v }
        if let v = env("GLIDE_UNSEEN").first { decoder.tuning.unseenContext = v }
        if let v = env("GLIDE_SAMPLES").first { decoder.tuning.samples = Int(v) }
        if let v = env("GLIDE_STRAY").first { decoder.tuning.strayLetters = v }
        if let v = env("GLIDE_LOC").first { decoder.tuning.locationSigma = v }
        if let v = env("GLIDE_SHAPE").first { decoder.tuning.shapeSigma = v }
        if let v = env("GLIDE_PAUSE").first { decoder.tuning.pauseWeight = v }
        if let v = env("GLIDE_SQUARE").first {
            decoder.tuning.squareKeys = v
            decoder = GlideDecoder(keyboard: keys, lexicon: lexicon, tuning: decoder.tuning)
        }
        if let word = getenv("GLIDE_WORD").map({ String(cString: $0) }), let path = keys.path(of: word) {
            var generator = GestureGenerator(seed: 5, scatter: 0.18, speed: .even)
            for _ in 0..<5 {
                let points = generator.gesture(through: path.map { keys.keys[Int($0)] })
                print(decoder.decode(points, limit: 6).map { "\($0.word) \(Int($0.score * 10))" }.joined(separator: ", "))
            }
            return
        }
        if getenv("GLIDE_COMMON") != nil {
            // The common words' rows on the tuning half (even ranks, seed 1), never the odd ranks.
            for row in GlideWords.rows(decoder, GlideWords.common(words), seed: 1) {
                let times = row.times.sorted()
                print("common σ \(row.scatter) \(row.speed): top1 \(row.top1) top3 \(row.top3) p95 \(times[times.count * 95 / 100])")
                if getenv("GLIDE_MISSES") != nil { print("  " + row.misses.map { "\($0.word)→\($0.got)" }.joined(separator: " ")) }
            }
            return
        }
        if getenv("GLIDE_TEXT") != nil {
            // Issue 36's rows on the tuning texts only (seed 1), never the held-out ones.
            let text = ["en-prose", "en-casual"].compactMap { TextFile.read(Bench.assets() + "/../bench/ksr/tuning/\($0).txt") }.joined(separator: "\n")
            let known = Set(lexicon.glideWords.map { $0.text.lowercased() })
            let samples = GlideWords.sample(text, known: known, keyboard: keys, count: Int(env("GLIDE_N").first ?? 1000), seed: 1)
            for row in GlideWords.rows(decoder, samples, seed: 1) {
                let times = row.times.sorted()
                print("σ \(row.scatter) \(row.speed): top1 \(row.top1) top3 \(row.top3) context \(row.contextTop1)/\(row.contextTop3) p95 \(times[times.count * 95 / 100])")
                if getenv("GLIDE_MISSES") != nil { print("  " + row.misses.map { "\($0.word)→\($0.got)" }.joined(separator: " ")) }
            }
            return
        }
        if getenv("GLIDE_MISSES") != nil {
            var generator = GestureGenerator(seed: 1)
            for (g, word) in words.enumerated() where g < 400 {
                let points = generator.gesture(through: word.path.map { decoder.keyboard.keys[Int($0)] })
                let found = GlideBench.offered(decoder, points)
                if found.first?.word != word.text {
                    print("\(word.text): \(found.map { "\($0.word) \(Int($0.score * 10))" }.joined(separator: ", "))")
                }
            }
            return
        }
        let locs = env("GLIDE_LOC"), shapes = env("GLIDE_SHAPE"), lms = env("GLIDE_LM"), pauses = env("GLIDE_PAUSE")
        for loc in locs.isEmpty ? [decoder.tuning.locationSigma] : locs {
            for shape in shapes.isEmpty ? [decoder.tuning.shapeSigma] : shapes {
                for lm in lms.isEmpty ? [decoder.tuning.languageWeight] : lms {
                    for pause in pauses.isEmpty ? [decoder.tuning.pauseWeight] : pauses {
                        decoder.tuning.locationSigma = loc
                        decoder.tuning.shapeSigma = shape
                        decoder.tuning.languageWeight = lm
                        decoder.tuning.pauseWeight = pause
                        let f = GlideBench.measure(decoder, words: words, gestures: Int(env("GLIDE_N").first ?? 600), seed: 1)
                        print("loc \(loc) shape \(shape) lm \(lm) pause \(pause): top1 \(f.top1) top3 \(f.top3) weighted \(f.weightedTop1)/\(f.weightedTop3) p50 \(f.p50) p95 \(f.p95)")
                    }
                }
            }
        }
    }
}
