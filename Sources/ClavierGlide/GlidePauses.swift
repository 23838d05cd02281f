/// Where a gesture slowed down: a hand slows at each letter it turns or aims at and speeds up
/// between them (so a drawn word's corners and letters are where its points crowd, motion
/// events coming at the device's steady rate). A word that has no letter near such a spot
/// leaves something the hand did unexplained: "the" for a gesture that slowed at r on its way
/// from h to e ("three"), "let" for one that dipped to f ("left").
enum GlidePauses {
    /// The spots between the gesture's ends where it was slowest: local minima of its speed
    /// (each point's steps to its neighbours, averaged over five points) below `ratio` of the
    /// median speed, at least `apart` px from each other and from either end (along the
    /// gesture); of spots nearer than that, the slower one.
    static func find(_ points: [GlidePoint], ratio: Double, apart: Double) -> [GlidePoint] {
        let n = points.count
        guard n >= 7 else { return [] }
        var step = [Double](repeating: 0, count: n), along = [Double](repeating: 0, count: n)
        for i in 1..<n {
            step[i] = GlidePath.distance(points[i - 1], points[i])
            along[i] = along[i - 1] + step[i]
        }
        step[0] = step[1]
        var speed = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let lo = max(0, i - 2), hi = min(n - 1, i + 2)
            speed[i] = step[lo...hi].reduce(0, +) / Double(hi - lo + 1)
        }
        let median = speed.sorted()[n / 2]
        guard median > 0 else { return [] }
        let total = along[n - 1]
        var found: [(point: GlidePoint, speed: Double)] = []
        for i in 1..<(n - 1) where along[i] > apart && total - along[i] > apart {
            guard speed[i] < ratio * median, speed[i] <= speed[i - 1], speed[i] <= speed[i + 1] else { continue }
            if let last = found.last, GlidePath.distance(last.point, points[i]) < apart {
                if speed[i] < last.speed { found[found.count - 1] = (points[i], speed[i]) }
                continue
            }
            found.append((points[i], speed[i]))
        }
        return found.map(\.point)
    }

    /// How far the spots lie from the nearest of a word's letters beyond `radius` (pitch units,
    /// squared, summed): what the word leaves unexplained.
    static func unexplained(_ spots: [GlidePoint], letters: [GlidePoint], pitch: Double, radius: Double) -> Double {
        var sum = 0.0
        for spot in spots {
            var nearest = Double.infinity
            for letter in letters { nearest = min(nearest, GlidePath.squaredDistance(spot, letter)) }
            let d = max(0, nearest.squareRoot() / pitch - radius)
            sum += d * d
        }
        return sum
    }

    /// What the spots leave unexplained when each letter between a word's first and last may
    /// explain one spot, in order (a letter passed at speed explains none, which costs
    /// nothing): a spot matched costs its excess beyond `radius` squared, at most `unmatched`;
    /// a spot no letter takes costs `unmatched`. So "the" does not explain a gesture that
    /// slowed at h and again at r by its e, which is already the end.
    static func unmatched(_ spots: [GlidePoint], letters: [GlidePoint], pitch: Double, radius: Double, unmatched: Double) -> Double {
        let inner = letters.count > 2 ? Array(letters[1..<(letters.count - 1)]) : []
        let k = spots.count, m = inner.count
        guard k > 0 else { return 0 }
        // cost[i][j]: the first i spots against the first j inner letters.
        var previous = [Double](repeating: 0, count: m + 1), current = previous
        for i in 1...k {
            current[0] = Double(i) * unmatched
            for j in 0...m where j > 0 {
                let d = max(0, GlidePath.distance(spots[i - 1], inner[j - 1]) / pitch - radius)
                current[j] = min(previous[j] + unmatched, current[j - 1], previous[j - 1] + min(d * d, unmatched))
            }
            swap(&previous, &current)
        }
        return previous[m]
    }
}
