import Glibc

/// Reads a client's WAYLAND_DEBUG=1 log for its first frame. libwayland 1.21 stamps each line
/// `[ms.µs]` from CLOCK_REALTIME in microseconds, wrapped at 2³² µs (about 71 minutes), and
/// prints a request as it is queued: `-> wl_surface@N.commit()`. The commit is sent to the
/// compositor at the client's next flush, normally at once (its poll loop flushes first).
enum WaylandDebugLog {
    /// The wrap of libwayland's stamp, in ms.
    static let wrap = 4_294_967.296

    /// CLOCK_REALTIME in ms, wrapped as libwayland's stamps are.
    static func realtimeMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        let micros = UInt64(t.tv_sec) * 1_000_000 + UInt64(t.tv_nsec) / 1000
        return Double(micros % (1 << 32)) / 1000
    }

    /// ms from `start` to `stamp`, both wrapped.
    static func elapsed(from start: Double, to stamp: Double) -> Double {
        let d = stamp - start
        return d < -wrap / 2 ? d + wrap : d
    }

    /// The stamp of the first `wl_surface@N.commit()` after a `wl_surface@N.attach(wl_buffer@…)`
    /// on the same surface: the first frame the client handed over. nil: none yet.
    static func firstBufferCommit(_ log: String) -> Double? {
        var attached: Set<Substring> = []
        for line in log.split(separator: "\n") {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            let request = line[line.index(after: close)...].drop { $0 == " " }
            guard request.hasPrefix("-> wl_surface@"), let dot = request.firstIndex(of: ".") else { continue }
            let surface = request[request.index(request.startIndex, offsetBy: 3)..<dot]
            let call = request[request.index(after: dot)...]
            if call.hasPrefix("attach(wl_buffer@") {
                attached.insert(surface)
            } else if call.hasPrefix("commit()"), attached.contains(surface) {
                return Double(line[line.index(after: line.startIndex)..<close].drop { $0 == " " })
            }
        }
        return nil
    }
}
