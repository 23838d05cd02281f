import ClavierCore
import ClavierJSON
import FoundationEssentials

/// `clavier-bench --json`: the control wire's status reply encoded and read back, with
/// ClavierJSON (what the keyboard uses) and with FoundationEssentials' JSONEncoder and
/// JSONDecoder (what it used before issue 26; the bench, not shipped, still links them).
enum JSONFigures {
    /// `{"reply":"ok","status":{…}}`, as ControlReply writes it.
    struct Reply: Codable {
        var reply = "ok"
        var status: KeyboardStatus
    }

    static func report(runs: Int) -> String {
        let reply = Reply(status: KeyboardStatus(visible: true, layout: "us", page: "letters",
                                                 geometry: .init(x: 0, y: 470, width: 1280, height: 330), dwell: .init(target: "h", percent: 50)))
        let line = (try? JSON.encode(reply, options: .sortedKeys)) ?? []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let decoder = JSONDecoder()
        let same = (try? encoder.encode(reply)).map(Array.init) == line
        let cases: [(String, () throws -> Void)] = [
            ("encode, ClavierJSON", { _ = try JSON.encode(reply, options: .sortedKeys) }),
            ("encode, FoundationEssentials", { _ = try encoder.encode(reply) }),
            ("decode, ClavierJSON", { _ = try JSON.decode(Reply.self, from: line) }),
            ("decode, FoundationEssentials", { _ = try decoder.decode(Reply.self, from: Data(line)) }),
        ]
        var out = "| the status reply (\(line.count) bytes\(same ? ", the same from both" : ", DIFFERENT")) | median µs | min µs |\n| --- | --- | --- |\n"
        for (name, body) in cases {
            var samples = Samples()
            for _ in 0..<runs {
                let t0 = Instant.now
                for _ in 0..<1000 { try? body() }
                samples.add(Instant.now - t0)  // ms per 1000 = µs per one
            }
            out += "| \(name) | \(fmt(samples.median, 2)) | \(fmt(samples.min, 2)) |\n"
        }
        return out
    }
}
