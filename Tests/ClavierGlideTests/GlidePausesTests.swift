import Testing
@testable import ClavierGlide

/// Where a gesture slowed, and the words that leave such a spot unexplained.
@Suite struct GlidePausesTests {
    /// 100 px keys: t, h, r and e where the system keyboard has them.
    let t = GlidePoint(x: 450, y: 60), h = GlidePoint(x: 600, y: 180), r = GlidePoint(x: 350, y: 60), e = GlidePoint(x: 250, y: 60)

    /// Points every `step` px along straight lines through `stops`, with steps of `slow` px
    /// within 30 px of each stop between the ends (a hand slowing at a letter).
    func drawn(_ stops: [GlidePoint], step: Double = 24, slow: Double = 24) -> [GlidePoint] {
        var points = [stops[0]]
        for (i, (a, b)) in zip(stops, stops.dropFirst()).enumerated() {
            let length = GlidePath.distance(a, b)
            var along = 0.0
            while along < length {
                let nearStop = (i > 0 && along < 30) || (i < stops.count - 2 && length - along < 30)
                along = min(length, along + (nearStop ? slow : step))
                points.append(GlidePoint(x: a.x + (b.x - a.x) * along / length, y: a.y + (b.y - a.y) * along / length))
            }
        }
        return points
    }

    @Test func aGestureThatSlowedAtALetterHasASpotThere() throws {
        let spots = GlidePauses.find(drawn([t, h, r, e], slow: 5), ratio: 0.7, apart: 50)
        #expect(spots.count == 2, "at h and at r: \(spots)")
        let atR = try #require(spots.last)
        #expect(GlidePath.distance(atR, r) < 30)
        #expect(GlidePauses.find(drawn([t, h, r, e]), ratio: 0.7, apart: 50).isEmpty, "no slowing, no spot")
        // "three" has a letter at each spot; "the" has none near r.
        #expect(GlidePauses.unexplained(spots, letters: [t, h, r, e], pitch: 100, radius: 0.5) == 0)
        #expect(GlidePauses.unexplained(spots, letters: [t, h, e], pitch: 100, radius: 0.5) > 0.2)
        // One letter between the ends explains one spot: "the" has only h for two.
        #expect(GlidePauses.unmatched(spots, letters: [t, h, r, e], pitch: 100, radius: 0.5, unmatched: 0.5) == 0)
        #expect(GlidePauses.unmatched(spots, letters: [t, h, e], pitch: 100, radius: 0.5, unmatched: 0.5) == 0.5)
        #expect(GlidePauses.unmatched(spots, letters: [t, e], pitch: 100, radius: 0.5, unmatched: 0.5) == 1)
    }

    /// a and b on a row, c two rows below between them: a gesture from a to b that dips
    /// towards c is "ab" drawn loosely, or "acb" with its corner cut short.
    @Test func whereTheHandSlowedTellsACornerFromALooseLine() {
        let a = GlidePoint(x: 50, y: 60), b = GlidePoint(x: 450, y: 60), c = GlidePoint(x: 250, y: 300)
        let keyboard = GlideKeyboard(keys: [("a", a), ("b", b), ("c", c)].map {
            GlideKey(letter: Character($0.0), x: $0.1.x - 50, y: $0.1.y - 60, width: 100, height: 120)
        })
        var decoder = GlideDecoder(keyboard: keyboard, lexicon: GlideWordList(counts: [("ab", 100), ("acb", 100)]))
        // Each spot explained by the nearest letter at its full cost (the standard tuning caps a
        // spot's cost at what an unmatched one costs, `pauseUnmatched`, tested above).
        decoder.tuning.pauseUnmatched = 0
        // And the stray outside a word's tunnel weighed by the word's letters, as when this rule
        // was made: the standard tuning's heavier stray (`strayLetters`) calls even the fast dip a corner.
        decoder.tuning.strayLetters = 0
        let dip = GlidePoint(x: 250, y: 180)
        #expect(decoder.decode(drawn([a, dip, b], slow: 5)).first?.word == "acb", "it slowed at the dip: a corner")
        #expect(decoder.decode(drawn([a, dip, b])).first?.word == "ab", "it went through the dip at speed")
        decoder.tuning.pauseWeight = 0
        #expect(decoder.decode(drawn([a, dip, b], slow: 5)).first?.word == "ab", "without looking at where it slowed")
    }
}
