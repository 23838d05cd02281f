/// What the input aids draw over the keys: dwell's progress on what the pointer rests on,
/// and the keys switch scanning highlights. The painter draws them; the reducer ignores them.
public struct KeyMarks: Hashable, Sendable {
    /// What the dwell pointer rests on, and how far its count has come (0 to 1).
    public var dwell: (target: PressTarget, progress: Double)? {
        get { dwellTarget.map { ($0, dwellProgress) } }
        set {
            dwellTarget = newValue?.target
            dwellProgress = newValue?.progress ?? 0
        }
    }
    private var dwellTarget: PressTarget?
    private var dwellProgress = 0.0
    /// What switch scanning highlights now: a row, or one key or cell of it.
    public var scanned: Set<PressTarget> = []

    public init() {}

    /// The progress to draw on `key` (0: none).
    public func dwellProgress(of key: Key.ID) -> Double { dwellTarget == .key(key) ? dwellProgress : 0 }

    /// The progress to draw on an accessory bar cell (0: none).
    public func dwellProgress(of cell: AccessoryCell) -> Double { dwellTarget == .cell(cell) ? dwellProgress : 0 }

    /// The progress to draw on `target` (a settings page's cell; 0: none).
    public func dwellProgress(of target: PressTarget) -> Double { dwellTarget == target ? dwellProgress : 0 }

    /// The progress to draw on the open popup's alternate `index` (0: none).
    public func dwellProgress(ofAlternate index: Int) -> Double { dwellTarget == .alternate(index) ? dwellProgress : 0 }

    /// What must be repainted to go from `old` to these marks: keys, the accessory bar, or
    /// the whole page (an alternate lies over other keys; the settings page is painted whole).
    public func damage(from old: KeyMarks) -> (keys: [Key.ID], bar: Bool, whole: Bool) {
        var keys: [Key.ID] = []
        var bar = false, whole = false
        for target in scanned.symmetricDifference(old.scanned) {
            switch target {
            case .key(let id): keys.append(id)
            // With no gear on the bar, the scan's gear is painted over all the keys (`Scanner.rows`).
            case .cell(.settings): whole = true
            case .cell: bar = true
            case .alternate, .page: whole = true
            }
        }
        if old.dwellTarget != dwellTarget || old.dwellProgress != dwellProgress {
            for target in [old.dwellTarget, dwellTarget].compactMap({ $0 }) {
                switch target {
                case .key(let id): keys.append(id)
                case .cell: bar = true
                case .alternate, .page: whole = true
                }
            }
        }
        return (keys, bar, whole)
    }
}
