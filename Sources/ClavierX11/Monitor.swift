import CX11
import ClavierCore

/// One RandR monitor: a named part of the screen with a physical size (`XRRMonitorInfo`).
public struct Monitor: Hashable, Sendable {
    public var name: String
    public var rect: Rect
    /// Millimetres, zero when the server does not know.
    public var millimetres: Size
    public var isPrimary: Bool
}

extension Display {
    /// The active monitors (`XRRGetMonitors`), primary first; the whole screen as one
    /// monitor when the server has no RandR 1.5.
    public func monitors() -> [Monitor] {
        let size = screenSize
        let whole = Monitor(name: "screen", rect: Rect(x: 0, y: 0, width: size.width, height: size.height),
                            millimetres: Size(width: Int(clavier_display_mm_width(raw)), height: Int(clavier_display_mm_height(raw))),
                            isPrimary: true)
        guard randrEventBase != nil else { return [whole] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(raw, root, 1, &count), count > 0 else { return [whole] }
        defer { XRRFreeMonitors(list) }
        var monitors: [Monitor] = []
        for i in 0..<Int(count) {
            let info = list[i]
            var name = "monitor-\(i)"
            if let atomName = XGetAtomName(raw, info.name) {
                name = String(cString: atomName)
                XFree(atomName)
            }
            monitors.append(Monitor(name: name, rect: Rect(x: Int(info.x), y: Int(info.y), width: Int(info.width), height: Int(info.height)),
                                    millimetres: Size(width: Int(info.mwidth), height: Int(info.mheight)), isPrimary: info.primary != 0))
        }
        return monitors.filter { $0.isPrimary } + monitors.filter { !$0.isPrimary }
    }

    /// The monitor called `name`, else (nil, or no such monitor) the primary one.
    public func monitor(named name: String?) -> Monitor {
        let all = monitors()
        if let name, let found = all.first(where: { $0.name == name }) { return found }
        return all[0]
    }
}
