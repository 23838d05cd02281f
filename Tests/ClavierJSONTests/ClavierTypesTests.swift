import ClavierCore
import ClavierJSON
@testable import ClavierLayouts
import FoundationEssentials
import Testing
@testable import ClavierApp
@testable import clavier

/// Clavier's own JSON, written by ClavierJSON and by Foundation with the options each caller
/// uses: the control wire and `status --json` (sorted keys), `predict` and `glide` (slashes as
/// they are), taps.json (Foundation's defaults).
@Suite struct ClavierTypesTests {
    static var statuses: [KeyboardStatus] {
        var g = Generator()
        return (0..<300).map { _ in
            KeyboardStatus(visible: g.chance(0.5), layout: g.string(), page: g.chance(0.5) ? "letters" : g.string(),
                           geometry: .init(x: g.int(-5000...5000), y: g.int(-5000...5000), width: g.int(0...9999), height: g.int(0...9999)),
                           dwell: g.chance(0.5) ? nil : .init(target: g.string(), percent: g.chance(0.5) ? nil : g.int(0...100)),
                           scan: g.chance(0.5) ? nil : g.chance(0.5) ? .row(g.int(1...9)) : .key(g.string()))
        }
    }

    @Test func theControlWireIsFoundationsByteForByte() throws {
        var g = Generator()
        let requests: [ControlRequest] = [.show, .hide, .toggle, .quit, .status, .layout("emoji"), .layout("/tmp/a \"b\".yaml")]
            + (0..<300).map { _ in .layout(g.string()) }
        for request in requests {
            #expect(Array(request.line.utf8) == (try foundation(request, .sortedKeys)))
            #expect(try JSONDecoder().decode(ControlRequest.self, from: Data(request.line.utf8)) == request)
            #expect(ControlRequest(line: String(decoding: try foundation(request, .sortedKeys), as: UTF8.self)) == request)
        }
        let replies: [ControlReply] = Self.statuses.map { .ok($0) } + [.ok(nil), .refused("kiosk"), .failed("no layout 'x/y'")]
            + (0..<300).map { _ in g.chance(0.5) ? .refused(g.string()) : .failed(g.string()) }
        for reply in replies {
            #expect(Array(reply.encoded.utf8) == (try foundation(reply, .sortedKeys)) + [0x0A])
            #expect(ControlReply(decoding: String(decoding: try foundation(reply, .sortedKeys), as: UTF8.self)) == reply)
            #expect(try JSONDecoder().decode(ControlReply.self, from: Data(reply.encoded.utf8)) == reply)
        }
    }

    @Test func statusJSONIsFoundationsByteForByte() throws {
        for status in Self.statuses {
            #expect(try JSON.encode(status, options: .sortedKeys) == foundation(status, .sortedKeys))
            #expect(try JSON.decode(KeyboardStatus.self, from: foundation(status, [])) == status)
        }
        let status = KeyboardStatus(visible: true, layout: "us", page: "letters", geometry: .init(x: 0, y: 470, width: 1280, height: 330))
        #expect(try JSON.string(status, options: .sortedKeys)
                == #"{"geometry":{"height":330,"width":1280,"x":0,"y":470},"layout":"us","page":"letters","visible":true}"#)
    }

    @Test func predictAndGlideAnswersAreFoundationsByteForByte() throws {
        var g = Generator()
        for _ in 0..<500 {
            let words = (0..<g.int(0...5)).map { _ in g.string() }
            #expect(Array(PredictCommand.json(PredictCommand.Answer(suggestions: words)).utf8)
                    == (try foundation(PredictCommand.Answer(suggestions: words), .withoutEscapingSlashes)))
            let message = g.string()
            #expect(Array(PredictCommand.failure(message).utf8) == (try foundation(PredictCommand.Failure(error: message), .withoutEscapingSlashes)))
            #expect(try JSON.encode(["words": words], options: .withoutEscapingSlashes) == foundation(["words": words], .withoutEscapingSlashes))
        }
    }

    @Test func tapCountsAreFoundationsAndReadBothWays() throws {
        var g = Generator()
        for _ in 0..<300 {
            var counts = TapCounts()
            for _ in 0..<g.int(0...6) { counts.entries[g.string()] = .init(count: g.int(1...1000), lastTap: UInt64(g.int(0...Int.max))) }
            let ours = try TapCountStore.encode(counts)
            let file = try JSONDecoder().decode(TapCountStore.File.self, from: Data(ours))
            // Foundation orders an object's keys by its dictionary: compare as values, and sorted byte for byte.
            #expect(try JSON.parse(ours).sorted == JSON.parse(foundation(file, [])).sorted)
            #expect(try JSON.encode(file, options: .sortedKeys) == foundation(file, .sortedKeys))
            #expect(TapCountStore.decode(try foundation(file, [])) == counts)
            #expect(TapCountStore.decode(ours) == counts)
        }
    }
}
