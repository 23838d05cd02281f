import ClavierCore
import ClavierTestSupport
import Glibc

/// A reading of CLOCK_MONOTONIC in nanoseconds: the one clock every figure is taken with.
struct Instant: Comparable {
    let nanoseconds: UInt64

    static var now: Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Instant(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }

    static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// `b` − `a` in milliseconds.
    static func - (b: Instant, a: Instant) -> Double { (Double(b.nanoseconds) - Double(a.nanoseconds)) / 1e6 }

    static func + (a: Instant, seconds: Double) -> Instant {
        Instant(nanoseconds: a.nanoseconds + UInt64(max(seconds, 0) * 1e9))
    }
}

extension ChildProcess {
    /// When `posix_spawnp` was called, on the bench's clock.
    var started: Instant { Instant(nanoseconds: startedNanoseconds) }
}

/// Sleeps `ms` milliseconds.
func sleep(ms: Double) {
    var ts = timespec(tv_sec: Int(ms / 1000), tv_nsec: Int((ms.truncatingRemainder(dividingBy: 1000)) * 1e6))
    var left = timespec()
    while nanosleep(&ts, &left) < 0 && errno == EINTR { ts = left }
}

/// Samples of one figure, and the statistics the table shows.
struct Samples {
    var values: [Double] = []
    mutating func add(_ value: Double) { values.append(value) }
    var count: Int { values.count }
    var sorted: [Double] { values.sorted() }
    var median: Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }
    /// The 95th percentile, nearest rank.
    var p95: Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        let rank = Int((0.95 * Double(s.count)).rounded(.up))
        return s[Swift.max(0, Swift.min(s.count - 1, rank - 1))]
    }
}

/// `value` with `digits` decimals (printf's %.Nf).
func fmt(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "—" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(digits)f", $0) }
    return String(cBuffer: buffer)
}

extension Samples {
    /// "median (min–max)", or — with no sample: a start's figure in the desktops' tables.
    var medianAndRange: String { count > 0 ? "\(fmt(median)) (\(fmt(min))–\(fmt(max)))" : "—" }
    /// "median (p95 x)" to the microsecond, or —: a press's figure in the desktops' tables.
    var medianAndP95: String { count > 0 ? "\(fmt(median, 3)) (p95 \(fmt(p95, 3)))" : "—" }
}

/// Kilobytes as megabytes with one decimal, or — when not measured.
func megabytes(_ kb: Double) -> String { kb.isFinite ? fmt(kb / 1024, 1) : "—" }
