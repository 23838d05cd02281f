import ClavierGlide
import ClavierPredict
import ClavierTestSupport
import Glibc

extension Bench {
    /// `--glide` (and `--glide-tune`): the decoder's figures alone, no X server needed.
    static func runGlide(_ options: Options) {
        emit(options) {
            guard options.glideTune else { return try glideSection(options) }
            guard let path = options.glideWords else { throw HarnessError("--glide-tune needs --glide-words FILE") }
            GlideTune.run(lexicon: try GlideBench.wordList(path))
            return nil
        }
    }

    /// The glide section of the report: over `--glide-words`, else the English model.
    static func glideSection(_ options: Options) throws(HarnessError) -> String {
        let rss = ProcStats.memory(pid: getpid())?.rss
        let lexicon: any GlideLexicon
        let source: String
        if let path = options.glideWords {
            lexicon = try GlideBench.wordList(path)
            source = path
        } else {
            let model = assets() + "/models/en.lm"
            do { lexicon = GlideBench.model(try SystemModel(path: model)) } catch { throw HarnessError("\(error)") }
            source = "the English model, Assets/models/en.lm"
        }
        // The prediction bench's tuning texts (predict's ranking was tuned on them, glide's was
        // not): no model was built from them.
        let texts = ["en-prose", "en-casual"].compactMap { name in
            TextFile.read(assets() + "/../bench/ksr/tuning/\(name).txt").map { (name: name, text: $0) }
        }
        let text = texts.isEmpty ? nil : (texts.map(\.name).joined(separator: ", "), texts.map(\.text).joined(separator: "\n"))
        let figures = GlideBench.run(lexicon: lexicon, gestures: options.quick ? 300 : 1000, text: text, rssBefore: rss)
        var report = GlideBench.report(figures, vocabulary: lexicon.glideWords.count, source: source)
        // Through the running keyboard: the casual text (the prose's first words were glided above).
        let clavier = options.clavier.isEmpty ? siblingBinary("clavier") : options.clavier
        if access(clavier, X_OK) == 0, let casual = texts.last {
            say("glide typing through the running keyboard")
            let known = Set(lexicon.glideWords.map { $0.text.lowercased() })
            let live = try GlideLive.measure(binary: clavier, text: casual.text, known: known, words: options.quick ? 60 : 150, seed: 4)
            let rate = Double(live.top1) / Double(max(live.words, 1)) * 100
            report += "\nThrough the running keyboard (`clavier` on Xvfb, XTest drags of generated gestures, seed 4, "
                + "\(casual.name) word after word in the context the keyboard typed): \(live.top1) of \(live.words) words "
                + "typed right, \(String(Int((rate * 10).rounded()) / 10)).\(Int((rate * 10).rounded()) % 10) % top-1.\n"
        }
        return report
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
        if getenv("GLIDE_MISSES") != nil {
            var generator = GestureGenerator(seed: 1)
            for (g, word) in words.enumerated() where g < 400 {
                let points = generator.gesture(through: word.path.map { decoder.keyboard.keys[Int($0)] })
                let found = decoder.decode(points, limit: 3)
                if found.first?.word != word.text {
                    print("\(word.text): \(found.map { "\($0.word) \(Int($0.score * 10))" }.joined(separator: ", "))")
                }
            }
            return
        }
        let locs = env("GLIDE_LOC"), shapes = env("GLIDE_SHAPE"), lms = env("GLIDE_LM")
        for loc in locs.isEmpty ? [decoder.tuning.locationSigma] : locs {
            for shape in shapes.isEmpty ? [decoder.tuning.shapeSigma] : shapes {
                for lm in lms.isEmpty ? [decoder.tuning.languageWeight] : lms {
                    decoder.tuning.locationSigma = loc
                    decoder.tuning.shapeSigma = shape
                    decoder.tuning.languageWeight = lm
                    let f = GlideBench.measure(decoder, words: words, gestures: 600, seed: 1)
                    print("loc \(loc) shape \(shape) lm \(lm): top1 \(f.top1) top3 \(f.top3) weighted \(f.weightedTop1)/\(f.weightedTop3) p50 \(f.p50) p95 \(f.p95)")
                }
            }
        }
    }
}
