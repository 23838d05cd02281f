import ClavierBuiltins
import ClavierCore
import ClavierCorrect
import ClavierPredict
import ClavierTestSupport
import Glibc

extension Bench {
    /// `--autocorrect` (and `--autocorrect-tune`): autocorrection's figures alone, no X server needed.
    static func runAutocorrect(_ options: BenchOptions) {
        emit(options) {
            if options.autocorrectTune {
                try AutocorrectTune.run(options)
                return nil
            }
            return try autocorrectSection(options)
        }
    }

    /// `--autocorrect-live`: autocorrection through the running keyboard alone.
    static func runAutocorrectLive(_ options: BenchOptions) {
        emit(options) { try autocorrectLiveSection(options) }
    }

    /// Autocorrection through the running `clavier` (AutocorrectLive.swift): the held-out prose's
    /// words at σ 0.17 and 0.2, 500 words each (150 with `--quick`).
    static func autocorrectLiveSection(_ options: BenchOptions) throws(HarnessError) -> String {
        let clavier = options.clavier.isEmpty ? siblingBinary("clavier") : options.clavier
        guard access(clavier, X_OK) == 0 else { throw HarnessError("no clavier binary at \(clavier)") }
        guard let text = TextFile.read(assets() + "/../bench/ksr/held-out/en-prose.txt") else {
            throw HarnessError("no bench/ksr/held-out/en-prose.txt")
        }
        let rows = try AutocorrectLive.measure(binary: clavier, text: text, sigmas: [0.17, 0.2], words: options.quick ? 150 : 500, seed: 5)
        return AutocorrectLive.report(rows, text: "bench/ksr/held-out/en-prose.txt")
    }

    /// The English model as the keyboard has it, without learned words; the engine over it.
    static func autocorrector(_ options: BenchOptions) throws(HarnessError) -> (Predictor, Autocorrector, Keyboard, Double) {
        let path = (options.models ?? assets() + "/models") + "/en.lm"
        let model = Predictor(language: "en", modelPath: path, userModelPath: nil, learning: false)
        guard model.system != nil else { throw HarnessError("cannot read \(path): \(model.warnings.joined(separator: "; "))") }
        let keyboard = Keyboard(layout: .us, size: AutocorrectBench.size)
        let clock = ContinuousClock()
        let start = clock.now
        let lexicon = CorrectionLexicon(predictor: model)
        let built = clock.now - start
        let ms = Double(built.components.attoseconds) / 1e15 + Double(built.components.seconds) * 1000
        return (model, Autocorrector(keyboard: CorrectionKeyboard(letters: keyboard.glideLetters), lexicon: lexicon), keyboard, ms)
    }

    /// The English texts of `kind` (held-out or tuning), joined.
    static func autocorrectTexts(_ kind: String) -> (names: String, text: String) {
        let texts = ["en-prose", "en-casual"].compactMap { name in
            TextFile.read(assets() + "/../bench/ksr/\(kind)/\(name).txt").map { (name, $0) }
        }
        return (texts.map(\.0).joined(separator: ", "), texts.map(\.1).joined(separator: "\n"))
    }

    /// The autocorrect section of the report, on the held-out texts at σ 0.17 and 0.2.
    static func autocorrectSection(_ options: BenchOptions) throws(HarnessError) -> String {
        let (model, corrector, keyboard, ms) = try autocorrector(options)
        let (names, text) = autocorrectTexts("held-out")
        guard !text.isEmpty else { throw HarnessError("no held-out texts in bench/ksr/held-out") }
        let limit = options.quick ? 2000 : Int.max
        // The issue's σ literally, then the scatters at which as many words come out wrong as
        // tapped as the issue says its σ made (31 % and 48 %).
        var scatters: [(sigma: Double, slips: Double, label: String)] = [(0.17, 0, "0.17"), (0.2, 0, "0.2")]
        for rate in [31.0, 48.0] {
            let sigma = AutocorrectBench.scatter(wrong: rate, keyboard: keyboard, text: text, seed: 5, limit: limit)
            scatters.append((sigma, 0, "\(AutocorrectBench.decimal(sigma, 3)) (\(Int(rate)) % as tapped)"))
        }
        // The hand's slips besides the scatter: a word in ten has two letters swapped or one doubled.
        scatters.append((0.17, 0.1, "0.17, and a word in ten swapped or doubled"))
        let rows = scatters.map { scatter in
            say("autocorrect at σ \(scatter.label)")
            var f = AutocorrectBench.measure(corrector, model: model, keyboard: keyboard, text: text, sigma: scatter.sigma,
                                             slips: scatter.slips, seed: 5, limit: limit)
            f.label = scatter.label
            return f
        }
        return AutocorrectBench.report(rows, texts: names, vocabulary: corrector.lexicon.count, nodes: corrector.lexicon.nodes, lexiconMs: ms)
    }
}

/// `--autocorrect-tune`: the figures on the tuning texts (bench/ksr/tuning, seed 1) with the
/// tuning's numbers from the environment (AC_SIGMAX=0.2,0.25 … tries each).
enum AutocorrectTune {
    static func run(_ options: BenchOptions) throws(HarnessError) {
        let (model, base, keyboard, _) = try Bench.autocorrector(options)
        let (_, text) = Bench.autocorrectTexts("tuning")
        func values(_ name: String) -> [Double]? {
            guard let raw = getenv(name) else { return nil }
            return String(cString: raw).split(separator: ",").compactMap { Double($0) }
        }
        let knobs: [(String, WritableKeyPath<CorrectionTuning, Double>)] = [
            ("AC_SIGMAX", \.sigmaX), ("AC_SIGMAY", \.sigmaY), ("AC_SUBCAP", \.substitutionCap), ("AC_OMIT", \.omission),
            ("AC_INSERT", \.insertion), ("AC_TRANSPOSE", \.transposition), ("AC_BOUND", \.bound), ("AC_LM", \.languageWeight),
            ("AC_UNKNOWN", \.unknownLogProbability), ("AC_MARGIN", \.margin), ("AC_MARK", \.markOmission), ("AC_UNKNOWN_LETTER", \.unknownPerLetter),
        ]
        var settings: [CorrectionTuning] = [base.tuning]
        for (name, path) in knobs {
            guard let list = values(name), !list.isEmpty else { continue }
            settings = settings.flatMap { s in list.map { v in var t = s; t[keyPath: path] = v; return t } }
        }
        if let shortest = values("AC_SHORTEST")?.first { settings = settings.map { var t = $0; t.shortest = Int(shortest); return t } }
        let limit = Int(values("AC_WORDS")?.first ?? 4000)
        for tuning in settings {
            var corrector = base
            corrector.tuning = tuning
            let slips = values("AC_SLIPS")?.first ?? 0
            for sigma in values("AC_SCATTER") ?? [0.17, 0.2] {
                // AC_MISSES: every word left wrong, as typed → as left (meant), with ln P of the typed and meant words in context.
                let misses: ((String, String, String, String) -> Void)? = getenv("AC_MISSES") == nil ? nil : { typed, left, meant, before in
                    let context = model.context(before: before)
                    func lp(_ w: String) -> String {
                        let key = w.lowercased()
                        return model.logProbability(of: key, id: model.vocabularyID(of: key), in: context).map { String(Int($0 * 10)) } ?? "-"
                    }
                    print("  \(typed) [\(lp(typed))] → \(left) (\(meant) [\(lp(meant))])")
                }
                let f = AutocorrectBench.measure(corrector, model: model, keyboard: keyboard, text: text, sigma: sigma, slips: slips, seed: 1,
                                                 limit: limit, wrong: misses)
                print("σ \(sigma) \(tuning): typed \(f.typedRate) left \(f.leftRate) ratio \(f.leftRate / max(f.typedRate, 0.001)) changed \(f.changedRate) p95 \(f.p95)")
            }
        }
    }
}
