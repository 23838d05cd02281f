import ClavierPredict
import ClavierTestSupport
import Glibc

/// `clavier-bench --ksr` (and a section of `make bench`): keystroke savings of the language
/// models on the texts in bench/ksr/held-out/ and bench/ksr/tuning/ (LANG-NAME.txt),
/// at 3 and 5 suggestions, without and with learning; query time; model load time; the
/// resident memory a loaded model adds.
enum PredictionFigures {
    /// The two sets of texts under bench/ksr/: what the figures to trust are measured on, and
    /// what the ranking's weights were chosen on (tools/build-models.py says where each is from).
    static let sets = [("held-out", "held-out texts: from packages no model was built from and nothing was tuned on"),
                       ("tuning", "tuning texts: slices left out of the models' own sources; the ranking was tuned on these, so they flatter")]

    static func report(models: String, texts: String, only: Set<String>? = nil) -> String {
        var lines = ["## Word prediction (bench/ksr/, models in \(models.split(separator: "/").suffix(2).joined(separator: "/")))", "",
                     "KSR = 1 − presses / characters (whitespace runs count as one character): a press per character typed, one per suggestion taken (the right word taken as soon as the bar shows it); the space a suggestion adds saves a press only where the text has a space, costs none before punctuation (the mark takes it back) and a BackSpace before anything else."]
        var allQueries: [Int] = []
        var heldOut: [String] = []
        for (set, title) in sets {
            lines += ["", "### \(title)", "",
                      "| text | words | KSR 3 | KSR 3 + learning | KSR 5 | KSR 5 + learning | query p50 / p95 (ms) | query CPU p50 / p95 (ms) |",
                      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
            for name in textNames(texts + "/" + set) where only.map({ $0.contains(name) || $0.contains(set + "/" + name) }) ?? true {
                guard let text = TextFile.read(texts + "/" + set + "/" + name + ".txt") else { continue }
                let (row, queries) = measure(name: "\(set)/\(name)", text: text, models: models)
                allQueries += queries
                lines.append(row)
                if set == "held-out" { heldOut.append(name) }
            }
        }
        lines.append("")
        lines.append("All queries: p50 \(ms(percentile(allQueries, 50))) ms, p95 \(ms(percentile(allQueries, 95))) ms (\(allQueries.count) queries).")
        lines += OnboardPrediction.section(texts: texts + "/held-out", names: heldOut)
        lines += loadFigures(model: models + "/en.lm", text: TextFile.read(texts + "/held-out/en-prose.txt") ?? "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One table row: `text` typed at 3 and 5 suggestions, without and with learning.
    static func measure(name: String, text: String, models: String) -> (String, [Int]) {
        let language = String(name.split(separator: "/").last!.prefix { $0 != "-" })
        let model = models + "/" + language + ".lm"
        var cells: [String] = []
        var queries: [Int] = [], cpu: [Int] = []
        for count in [3, 5] {
            for learning in [false, true] {
                guard runs.map({ $0.contains("\(count)\(learning ? "l" : "")") }) ?? true else {
                    cells.append("–")
                    continue
                }
                let predictor = Predictor(language: language, modelPath: model, userModelPath: nil, learning: learning)
                tune(predictor)
                let result = KeystrokeSavings.measure(text, predictor: predictor, count: count, learning: learning)
                cells.append(String(format1: result.ksr * 100) + " %")
                queries += result.queryNanoseconds
                cpu += result.queryCPUNanoseconds
                // The counts too: tools/test_onboard_ksr.py checks Onboard's typist against them.
                Bench.say("\(name): \(count) suggestions\(learning ? " + learning" : ""): KSR \(String(format1: result.ksr * 100)) % "
                          + "(\(result.presses) presses, \(result.characters) characters, \(result.taken) taken)")
            }
        }
        let words = text.split(whereSeparator: \.isWhitespace).count
        return ("| \(name) | \(words) | " + cells.joined(separator: " | ") + " | \(ms(percentile(queries, 50))) / \(ms(percentile(queries, 95)))"
                + " | \(ms(percentile(cpu, 50))) / \(ms(percentile(cpu, 95))) |", queries)
    }

    /// `CLAVIER_KSR_RUNS=3l,5`: only these columns (3 or 5 suggestions, "l" with learning),
    /// the others left empty: quicker rounds while trying weights.
    static let runs: Set<String>? = getenv("CLAVIER_KSR_RUNS").map { Set(String(cString: $0).split(separator: ",").map(String.init)) }

    /// Load time of the English model (map + first query) and the resident memory it adds:
    /// after the first query, and after typing a whole held-out text with learning.
    static func loadFigures(model: String, text: String) -> [String] {
        let before = ProcStats.memory(pid: getpid())?.rss ?? 0
        let start = KeystrokeSavings.clockNanoseconds()
        let predictor = Predictor(language: "en", modelPath: model, userModelPath: nil, learning: true)
        _ = predictor.suggestions(before: "The ", count: 3)
        let loaded = KeystrokeSavings.clockNanoseconds() - start
        let afterFirst = ProcStats.memory(pid: getpid())?.rss ?? 0
        _ = KeystrokeSavings.measure(text, predictor: predictor, count: 3, learning: true)
        let afterText = ProcStats.memory(pid: getpid())?.rss ?? 0
        let size = fileSize(model)
        return ["", "English model (\(size / 1024) KiB): load + first query \(ms(loaded)) ms; resident memory +\(Int(afterFirst - before)) kB after the first query, +\(Int(afterText - before)) kB after typing held-out/en-prose with learning."]
    }

    /// `CLAVIER_PREDICT_TUNE=contextMax,contextHalf,unigramMax,unigramHalf,savingWeight`: other
    /// weights than the predictor's own, to try them on the held-out texts.
    static func tune(_ predictor: Predictor) {
        if let recent = getenv("CLAVIER_PREDICT_RECENT").flatMap({ Double(String(cString: $0)) }) { predictor.recentWeight = recent }
        guard let env = getenv("CLAVIER_PREDICT_TUNE") else { return }
        let v = String(cString: env).split(separator: ",").compactMap { Double($0) }
        guard v.count == 5 else { return }
        (predictor.contextMax, predictor.contextHalf, predictor.unigramMax, predictor.unigramHalf, predictor.savingWeight) =
            (v[0], v[1], v[2], v[3], v[4])
    }

    static func textNames(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasSuffix(".txt") { names.append(String(name.dropLast(4))) }
        }
        return names.sorted()
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func percentile(_ values: [Int], _ p: Double) -> Int {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p / 100))]
    }

    static func ms(_ ns: Int) -> String { String(format3: Double(ns) / 1e6) }
}

extension String {
    init(format1 value: Double) { self = Self.fixed(value, 1) }
    init(format3 value: Double) { self = Self.fixed(value, 3) }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int((value * scale).rounded())
        let whole = String(abs(n) / Int(scale))
        var frac = String(abs(n) % Int(scale))
        while frac.count < digits { frac = "0" + frac }
        return (n < 0 ? "-" : "") + whole + "." + frac
    }
}
