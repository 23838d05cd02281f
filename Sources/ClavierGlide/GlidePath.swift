/// Paths as the decoder compares them: `count` points equally spaced along the path, as
/// flat x, y pairs.
enum GlidePath {
    /// Writes `count` points equally spaced along the polyline `points` into `out` (2 × count
    /// values); a path of no length gives its first point `count` times.
    static func resample(_ points: [GlidePoint], count: Int, into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        guard let first = points.first else { return }
        let total = length(points)
        guard total > 0, points.count > 1 else {
            for _ in 0..<count { out.append(first.x); out.append(first.y) }
            return
        }
        let step = total / Double(count - 1)
        out.append(first.x); out.append(first.y)
        var covered = 0.0  // along the path, up to the start of segment i
        var i = 0
        for n in 1..<(count - 1) {
            let target = step * Double(n)
            var segment = distance(points[i], points[i + 1])
            while covered + segment < target, i + 2 < points.count {
                covered += segment
                i += 1
                segment = distance(points[i], points[i + 1])
            }
            let t = segment > 0 ? min(max((target - covered) / segment, 0), 1) : 0
            out.append(points[i].x + (points[i + 1].x - points[i].x) * t)
            out.append(points[i].y + (points[i + 1].y - points[i].y) * t)
        }
        let last = points[points.count - 1]
        out.append(last.x); out.append(last.y)
    }

    /// The polyline's length, px.
    static func length(_ points: [GlidePoint]) -> Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += distance(points[i - 1], points[i]) }
        return total
    }

    static func squaredDistance(_ a: GlidePoint, _ b: GlidePoint) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return dx * dx + dy * dy
    }

    static func distance(_ a: GlidePoint, _ b: GlidePoint) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Moves the path's centroid to the origin and scales its bounding box's larger side to
    /// 1 (a path smaller than `least` px keeps its size over `least`), for the shape channel.
    static func normalise(_ path: inout [Double], least: Double) {
        let n = path.count / 2
        guard n > 0 else { return }
        var cx = 0.0, cy = 0.0
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for i in 0..<n {
            let x = path[2 * i], y = path[2 * i + 1]
            cx += x; cy += y
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        cx /= Double(n); cy /= Double(n)
        let scale = 1 / max(maxX - minX, maxY - minY, least)
        for i in 0..<n {
            path[2 * i] = (path[2 * i] - cx) * scale
            path[2 * i + 1] = (path[2 * i + 1] - cy) * scale
        }
    }

    /// The mean distance between corresponding points of two paths of equal count.
    static func meanDistance(_ a: [Double], _ b: [Double]) -> Double {
        let n = min(a.count, b.count) / 2
        guard n > 0 else { return 0 }
        var sum = 0.0
        for i in 0..<n {
            let dx = a[2 * i] - b[2 * i], dy = a[2 * i + 1] - b[2 * i + 1]
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(n)
    }
}
