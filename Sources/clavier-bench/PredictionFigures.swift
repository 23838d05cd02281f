import ClavierPredict
import ClavierTestSupport
import Glibc

/// `clavier-bench --ksr` (and a section of `make bench`): keystroke savings of the language
/// models on the held-out texts in bench/ksr/ (LANG-NAME.txt, which no model was built from),
/// at 3 and 5 suggestions, without and with learning; query time; model load time; the
/// resident memory a loaded model adds.
enum PredictionFigures {
    static func report(models: String, texts: String, only: Set<String>? = nil) -> String {
        var lines = ["## Word prediction (held-out texts in bench/ksr/, models in \(models.split(separator: "/").suffix(2).joined(separator: "/")))", "",
                     "KSR = 1 − presses / characters: a press per character typed, one per suggestion taken; the space a suggestion adds saves a press only where the text has a space.", "",
                     "| text | words | KSR 3 | KSR 3 + learning | KSR 5 | KSR 5 + learning | query p50 / p95 (ms) |",
                     "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        var allQueries: [Int] = []
        for name in textNames(texts) where only?.contains(name) ?? true {
            guard let text = TextFile.read(texts + "/" + name + ".txt") else { continue }
            let language = String(name.prefix { $0 != "-" })
            let model = models + "/" + language + ".lm"
            var cells: [String] = []
            var queries: [Int] = []
            for count in [3, 5] {
                for learning in [false, true] {
                    let predictor = Predictor(language: language, modelPath: model, userModelPath: nil, learning: learning)
                    tune(predictor)
                    let result = KeystrokeSavings.measure(text, predictor: predictor, count: count, learning: learning)
                    cells.append(String(format1: result.ksr * 100) + " %")
                    queries += result.queryNanoseconds
                    Bench.say("\(name): \(count) suggestions\(learning ? " + learning" : ""): KSR \(String(format1: result.ksr * 100)) %")
                }
            }
            allQueries += queries
            let words = text.split(whereSeparator: \.isWhitespace).count
            lines.append("| \(name) | \(words) | " + cells.joined(separator: " | ") + " | \(ms(percentile(queries, 50))) / \(ms(percentile(queries, 95))) |")
        }
        lines.append("")
        lines.append("All queries: p50 \(ms(percentile(allQueries, 50))) ms, p95 \(ms(percentile(allQueries, 95))) ms (\(allQueries.count) queries).")
        lines += loadFigures(model: models + "/en.lm", text: TextFile.read(texts + "/en-prose.txt") ?? "")
        return lines.joined(separator: "\n") + "\n"
    }

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
        return ["", "English model (\(size / 1024) KiB): load + first query \(ms(loaded)) ms; resident memory +\(Int(afterFirst - before)) kB after the first query, +\(Int(afterText - before)) kB after typing en-prose with learning."]
    }

    /// `CLAVIER_PREDICT_TUNE=contextMax,contextHalf,unigramMax,unigramHalf,savingWeight`: other
    /// weights than the predictor's own, to try them on the held-out texts.
    static func tune(_ predictor: Predictor) {
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
