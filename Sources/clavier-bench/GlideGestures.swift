import ClavierGlide
import Glibc

/// Human-like gestures for glide typing, drawn through a word's keys with the noise a finger
/// adds (all figures in key widths and heights, so they hold at any keyboard size):
/// - scatter: each letter's aim point lies off its key's centre, Gaussian, σ = `scatter` of
///   the key's width across and of its height down (0.22: most aims stay inside the key);
/// - corner cutting: at each letter between the first and last the finger turns early, on a
///   quadratic curve from `cut` (0.15–0.45, drawn per corner) of the way back along the
///   segment in to as far along the segment out, but never more than `longestCut` (0.7) of a
///   key, so it misses the aim point (by up to a third of a key) as a hand aiming at it does;
/// - start and end: the first point is the first aim point; the last overshoots along the
///   final direction by up to `overshoot` (0.15) of a key;
/// - speed and sampling: motion events every 8–17 ms (drawn per event) at a top speed drawn
///   per gesture between 0.8 and 2.5 key widths per 100 ms; `.varying` (a finger): slow at
///   each letter and fast between (0.35–1 of the top speed), so points crowd at the letters;
///   `.even` (a mouse or head pointer): the top speed all along, letters and corners alike;
/// - jitter: each sampled point moves by Gaussian noise, σ = 0.03 of a key width.
struct GestureGenerator {
    /// How the speed changes along a gesture.
    enum Speed: String, CaseIterable {
        case even, varying
    }
    var scatter = 0.22
    var speed = Speed.varying
    var cut = 0.15...0.45
    var longestCut = 0.7
    var overshoot = 0.15
    var jitter = 0.03
    var rng: SeedRandom

    init(seed: UInt64, scatter: Double = 0.22, speed: Speed = .varying) {
        rng = SeedRandom(seed: seed)
        self.scatter = scatter
        self.speed = speed
    }

    /// A gesture through the centres of `keys` (the word's path, no letter twice in a row).
    mutating func gesture(through keys: [GlideKey]) -> [GlidePoint] {
        guard let firstKey = keys.first else { return [] }
        let w = firstKey.width, h = firstKey.height
        let aims = keys.map { key in
            GlidePoint(x: key.centre.x + rng.gaussian() * scatter * key.width, y: key.centre.y + rng.gaussian() * scatter * key.height)
        }
        // The drawn curve, densely.
        var curve = [aims[0]]
        for i in 1..<aims.count {
            if i == aims.count - 1 {
                curve.append(aims[i])
                break
            }
            let c = Double.random(in: cut, using: &rng)
            let lengthIn = hypot(aims[i].x - aims[i - 1].x, aims[i].y - aims[i - 1].y)
            let lengthOut = hypot(aims[i + 1].x - aims[i].x, aims[i + 1].y - aims[i].y)
            let into = lerp(aims[i], aims[i - 1], min(c, longestCut * w / max(lengthIn, 1e-9)))
            let out = lerp(aims[i], aims[i + 1], min(c, longestCut * w / max(lengthOut, 1e-9)))
            curve.append(into)
            for s in 1...8 {
                let t = Double(s) / 8
                let a = lerp(into, aims[i], t), b = lerp(aims[i], out, t)
                curve.append(lerp(a, b, t))
            }
        }
        if aims.count > 1 {
            let a = aims[aims.count - 2], b = aims[aims.count - 1]
            let d = max(hypot(b.x - a.x, b.y - a.y), 1e-9)
            let o = Double.random(in: 0...overshoot, using: &rng) * w
            curve.append(GlidePoint(x: b.x + (b.x - a.x) / d * o, y: b.y + (b.y - a.y) / d * o))
        }
        // Sampled in time: slow near the letters (the curve's segment ends), fast between.
        let top = Double.random(in: 0.8...2.5, using: &rng) * w / 100  // px per ms
        var points = [curve[0]]
        var segment = 0, along = 0.0
        while segment < curve.count - 1 {
            let a = curve[segment], b = curve[segment + 1]
            let length = hypot(b.x - a.x, b.y - a.y)
            let u = length > 0 ? along / length : 1
            let dt = Double.random(in: 8...17, using: &rng)
            var step = top * dt
            if speed == .varying {
                step *= 0.35 + 0.65 * sin(Double.pi * min(max(u, 0), 1))
                // Long straight runs between letters go at full speed; the curve's short pieces near a letter slowly.
                if length < 0.3 * w { step *= 0.5 }
            }
            along += step
            while segment < curve.count - 1 {
                let a = curve[segment], b = curve[segment + 1]
                let length = hypot(b.x - a.x, b.y - a.y)
                if along <= length { break }
                along -= length
                segment += 1
            }
            guard segment < curve.count - 1 else { break }
            let p = lerp(curve[segment], curve[segment + 1], along / max(hypot(curve[segment + 1].x - curve[segment].x,
                                                                               curve[segment + 1].y - curve[segment].y), 1e-9))
            points.append(GlidePoint(x: p.x + rng.gaussian() * jitter * w, y: p.y + rng.gaussian() * jitter * h))
        }
        points.append(curve[curve.count - 1])
        return points
    }

    private func lerp(_ a: GlidePoint, _ b: GlidePoint, _ t: Double) -> GlidePoint {
        GlidePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}

/// SplitMix64: the same gestures from the same seed on every machine.
struct SeedRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A standard normal draw (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self), v = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
