/// How the decoder weighs its channels and how hard it prunes; `standard` is tuned with the
/// gesture generator of `clavier-bench --glide` on words held out of its measurement.
public struct GlideTuning: Hashable, Sendable {
    /// Points each path is resampled to.
    public var samples = 48
    /// Keys pitch units: how far from a key's centre (in key widths and heights) a gesture
    /// may start or end and still mean that key.
    public var endRadius = 1.0
    /// A word's ideal path may be this much longer or shorter than the gesture (ratio), plus
    /// `lengthSlack` key pitches, before it is dropped unscored.
    public var longestRatio = 1.6, shortestRatio = 0.55, lengthSlack = 1.0
    /// Pitch units: a word whose path lies further than this from the gesture on average is dropped.
    public var farthest = 1.6
    /// The location channel's spread (pitch units) and the shape channel's (of the path's size).
    public var locationSigma = 0.3, shapeSigma = 0.1
    /// The spread (pitch units) of where a gesture starts and ends around its first and last
    /// letters' centres: fingers aim those two most carefully.
    public var endSigma = 0.3
    /// The weight of the language model's log probability beside the two channels.
    public var languageWeight = 0.6
    /// How many of the best by gesture and prior are looked at again: for letters the gesture
    /// missed and stretches of it far from the word (SHARK2's tunnel), and in their context.
    public var rescored = 48
    /// Pitch units: the tunnel's half width, within which a letter counts as visited and the
    /// gesture as on the word's path; and the spread of what lies outside it.
    public var tunnel = 0.4, tunnelSigma = 0.3
    /// Where the gesture slowed (`GlidePauses`): below this share of its median speed; the
    /// weight of such spots no letter of a word explains, and how far (pitch units) from a
    /// letter's centre one still is explained. Weight 0: not looked at.
    public var pauseRatio = 0.7, pauseWeight = 2.0, pauseRadius = 0.5
    /// What a spot no letter takes costs (`GlidePauses.unmatched`); 0: each spot is explained
    /// by the nearest letter, however many others it explains.
    public var pauseUnmatched = 0.5
    /// With no words before the gesture (nothing typed, or text the keyboard cannot see), the
    /// share of the word's prior beside its probability at a sentence's start: an empty
    /// context is as often a text out of sight as a sentence's start.
    public var unseenContext = 0.5
    /// The gesture's stray outside a word's tunnel counts as much as this many letters'
    /// misses, whatever the word's length; 0: as many as the word has letters (which let a
    /// short word's path explain a long gesture's detours cheaply).
    public var strayLetters = 32.0
    /// How far the decoder measures in keys rather than pixels: heights are stretched by
    /// (key width ÷ key height) to this power, so that a row's step counts as a key's, as a
    /// hand's scatter does (in each key's width across and height down); 0: pixels as they are.
    /// Read when the decoder is made.
    public var squareKeys = 1.0
    public init() {}
    public static let standard = GlideTuning()
}

/// One word the gesture may mean, and its score (higher is likelier: log-likelihood terms).
public struct GlideCandidate: Hashable, Sendable {
    public var word: String
    public var score: Double
}

/// The SHARK2-style decoder (Kristensson and Zhai, 2004) for one keyboard at one size: each
/// word's ideal path runs through its letters' key centres; a gesture is resampled, matched
/// against the paths of the words that start and end near its ends (and whose length is
/// near its own) by location (the mean distance, in key pitches) and by shape (the same
/// after both are centred and scaled), and the best are weighed with the language model's
/// probability of the word after the words typed before it.
public struct GlideDecoder: Sendable {
    public let keyboard: GlideKeyboard
    public let lexicon: any GlideLexicon
    public var tuning: GlideTuning
    private let centres: [GlidePoint]
    /// What heights are multiplied by (`GlideTuning.squareKeys`).
    private let yScale: Double
    /// Every word's path as key indices, one after another; word i's is offsets[i]..<offsets[i+1].
    private let paths: [UInt8]
    private let offsets: [Int32]
    /// px: the length of each word's ideal path.
    private let pathLengths: [Float]
    /// The words whose path starts at key f and ends at key l, at f * keys + l.
    private let buckets: [[Int32]]

    /// Compiles the lexicon's words onto `keyboard`: words with a letter no key types, and
    /// words of one key (a tap types those), are left out.
    public init(keyboard: GlideKeyboard, lexicon: any GlideLexicon, tuning: GlideTuning = .standard) {
        self.keyboard = keyboard
        self.lexicon = lexicon
        self.tuning = tuning
        let heights = keyboard.keys.map(\.height).sorted()
        let aspect = heights.isEmpty ? 1 : keyboard.pitch / max(heights[heights.count / 2], 1)
        let power = aspect > 0 ? tuning.squareKeys * GlideMath.log(aspect) : 0
        // aspect^squareKeys; GlideMath.exp takes only x ≤ 0, so a stretch is 1 / e^-x.
        let yScale = power <= 0 ? GlideMath.exp(power) : 1 / GlideMath.exp(-power)
        self.yScale = yScale
        let centres = keyboard.keys.map { GlidePoint(x: $0.centre.x, y: $0.centre.y * yScale) }
        self.centres = centres
        let k = keyboard.keys.count
        var paths: [UInt8] = [], offsets: [Int32] = [0], lengths: [Float] = []
        var buckets = [[Int32]](repeating: [], count: k * k)
        let words = lexicon.glideWords
        paths.reserveCapacity(words.count * 6)
        offsets.reserveCapacity(words.count + 1)
        lengths.reserveCapacity(words.count)
        for (i, word) in words.enumerated() {
            var length: Float = 0
            if let path = keyboard.path(of: word.text), path.count > 1 {
                paths += path
                for j in 1..<path.count {
                    length += Float(GlidePath.distance(centres[Int(path[j - 1])], centres[Int(path[j])]))
                }
                buckets[Int(path[0]) * k + Int(path[path.count - 1])].append(Int32(i))
            }
            offsets.append(Int32(paths.count))
            lengths.append(length)
        }
        self.paths = paths
        self.offsets = offsets
        pathLengths = lengths
        self.buckets = buckets
    }

    /// The words a gesture through `points` (px, in the order drawn) most likely means after
    /// `context` (the words before it, oldest first), best first, at most `limit`, no word twice.
    public func decode(_ points: [GlidePoint], context: [String] = [], limit: Int = 5) -> [GlideCandidate] {
        let points = yScale == 1 ? points : points.map { GlidePoint(x: $0.x, y: $0.y * yScale) }
        guard points.count > 1, let first = points.first, let last = points.last, !centres.isEmpty else { return [] }
        let t = tuning, pitch = keyboard.pitch, k = centres.count
        var gesture: [Double] = []
        gesture.reserveCapacity(2 * t.samples)
        GlidePath.resample(points, count: t.samples, into: &gesture)
        var gestureLength = 0.0
        for i in 1..<t.samples {
            let dx = gesture[2 * i] - gesture[2 * i - 2], dy = gesture[2 * i + 1] - gesture[2 * i - 1]
            gestureLength += (dx * dx + dy * dy).squareRoot()
        }
        var shape = gesture
        GlidePath.normalise(&shape, least: pitch)
        let starts = keysNear(first), ends = keysNear(last)

        var best: [(index: Int32, geometric: Double, score: Double)] = []
        var template: [GlidePoint] = [], resampled: [Double] = []
        template.reserveCapacity(32)
        resampled.reserveCapacity(2 * t.samples)
        let longest = Float(gestureLength * t.longestRatio + pitch * t.lengthSlack)
        let shortest = Float(gestureLength * t.shortestRatio - pitch * t.lengthSlack)
        let words = lexicon.glideWords
        for s in starts {
            for e in ends {
                for w in buckets[s * k + e] {
                    let length = pathLengths[Int(w)]
                    guard length <= longest, length >= shortest else { continue }
                    template.removeAll(keepingCapacity: true)
                    for j in Int(offsets[Int(w)])..<Int(offsets[Int(w) + 1]) { template.append(centres[Int(paths[j])]) }
                    GlidePath.resample(template, count: t.samples, into: &resampled)
                    let location = GlidePath.meanDistance(gesture, resampled) / pitch
                    guard location <= t.farthest else { continue }
                    GlidePath.normalise(&resampled, least: pitch)
                    let shapeDistance = GlidePath.meanDistance(shape, resampled)
                    let a = centres[Int(paths[Int(offsets[Int(w)])])], b = centres[Int(paths[Int(offsets[Int(w) + 1]) - 1])]
                    let ends = (GlidePath.squaredDistance(first, a) + GlidePath.squaredDistance(last, b)) / (pitch * pitch)
                    let geometric = -location * location / (2 * t.locationSigma * t.locationSigma)
                        - shapeDistance * shapeDistance / (2 * t.shapeSigma * t.shapeSigma)
                        - ends / (2 * t.endSigma * t.endSigma)
                    let score = geometric + t.languageWeight * words[Int(w)].logPrior
                    if best.count < t.rescored || score > best[best.count - 1].score {
                        let at = best.firstIndex { $0.score < score } ?? best.count
                        best.insert((w, geometric, score), at: at)
                        if best.count > t.rescored { best.removeLast() }
                    }
                }
            }
        }
        let pauses = t.pauseWeight > 0 ? GlidePauses.find(points, ratio: t.pauseRatio, apart: pitch / 2) : []
        let rescored = best.map { c in
            let w = Int(c.index)
            template.removeAll(keepingCapacity: true)
            for j in Int(offsets[w])..<Int(offsets[w + 1]) { template.append(centres[Int(paths[j])]) }
            GlidePath.resample(template, count: t.samples, into: &resampled)
            let outside = tunnelOutside(gesture: gesture, letters: template, path: resampled)
            let unexplained = pauses.isEmpty ? 0 : t.pauseUnmatched > 0
                ? GlidePauses.unmatched(pauses, letters: template, pitch: pitch, radius: t.pauseRadius, unmatched: t.pauseUnmatched)
                : GlidePauses.unexplained(pauses, letters: template, pitch: pitch, radius: t.pauseRadius)
            return GlideCandidate(word: words[w].text,
                                  score: c.geometric - outside / (2 * t.tunnelSigma * t.tunnelSigma) - t.pauseWeight * unexplained
                                      + t.languageWeight * languageScore(w, context))
        }.sorted { $0.score > $1.score }
        var seen = Set<String>()
        return Array(rescored.filter { seen.insert($0.word).inserted }.prefix(limit))
    }

    /// ln P(word `w` | `context`); for an empty context, mixed with its prior (`unseenContext`).
    private func languageScore(_ w: Int, _ context: [String]) -> Double {
        let p = lexicon.glideLogProbability(ofWord: w, after: context)
        let share = tuning.unseenContext
        guard context.isEmpty, share > 0 else { return p }
        let prior = lexicon.glideWords[w].logPrior
        let high = max(p, prior), low = min(p, prior)
        guard high > -.infinity else { return high }
        // ln((1 - s) e^p + s e^prior), without overflow.
        let (a, b) = p >= prior ? (1 - share, share) : (share, 1 - share)
        return high + GlideMath.log(a + b * GlideMath.exp(low - high))
    }

    /// How far outside the tunnel around a word's path the gesture strays (squared, pitch
    /// units, summed over the gesture's points scaled to one per letter), plus how far outside
    /// it each of the word's letters lies from the gesture (squared, summed).
    private func tunnelOutside(gesture: [Double], letters: [GlidePoint], path: [Double]) -> Double {
        let pitch = keyboard.pitch, r = tuning.tunnel
        let n = gesture.count / 2, m = path.count / 2
        var stray = 0.0
        for i in 0..<n {
            var nearest = Double.infinity
            for j in 0..<m {
                let dx = gesture[2 * i] - path[2 * j], dy = gesture[2 * i + 1] - path[2 * j + 1]
                nearest = min(nearest, dx * dx + dy * dy)
            }
            let d = max(0, nearest.squareRoot() / pitch - r)
            stray += d * d
        }
        var missed = 0.0
        for letter in letters {
            var nearest = Double.infinity
            for i in 0..<n {
                let dx = gesture[2 * i] - letter.x, dy = gesture[2 * i + 1] - letter.y
                nearest = min(nearest, dx * dx + dy * dy)
            }
            let d = max(0, nearest.squareRoot() / pitch - r)
            missed += d * d
        }
        let weight = tuning.strayLetters > 0 ? tuning.strayLetters : Double(letters.count)
        return stray * weight / Double(max(n, 1)) + missed
    }

    /// The keys whose centre lies within `endRadius` keys of `point` (in each key's own width
    /// and height), nearest first; at least the nearest key.
    private func keysNear(_ point: GlidePoint) -> [Int] {
        let r2 = tuning.endRadius * tuning.endRadius
        var near: [(Int, Double)] = []
        var nearest = (0, Double.infinity)
        for (i, key) in keyboard.keys.enumerated() {
            let dx = (point.x - centres[i].x) / max(key.width, 1), dy = (point.y - centres[i].y) / max(key.height * yScale, 1)
            let d = dx * dx + dy * dy
            if d <= r2 { near.append((i, d)) }
            if d < nearest.1 { nearest = (i, d) }
        }
        return near.isEmpty ? [nearest.0] : near.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The last two words of `before` (the text before the cursor), lower-cased, oldest first:
    /// the context a language model scores the next word in.
    public static func context(of before: String, words: Int = 2) -> [String] {
        var found: [String] = []
        var current = ""
        for ch in before {
            if ch.isLetter || ch == "'" || ch == "’" {
                current.append(ch)
            } else {
                if !current.isEmpty { found.append(current.lowercased()); current = "" }
                // A sentence's end starts a new context.
                if ch == "." || ch == "!" || ch == "?" { found.removeAll() }
            }
        }
        if !current.isEmpty { found.append(current.lowercased()) }
        return Array(found.suffix(words))
    }
}
