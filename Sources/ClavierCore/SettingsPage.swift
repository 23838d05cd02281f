/// The settings page as it is seen: big cells over the keys' whole area, each a setting's
/// title and value (a locked one says why), then "Forget what I typed" and Done; a kiosk's
/// page has only the settings its config names, and Done. A value the
/// painter paints and the session hit-tests, made from the settings' sources and the area's
/// size, so a keyboard that re-lays itself out (a bigger key size) lays the page out again.
public struct SettingsPage: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Changes the setting of this name (`PageSetting.all`).
        case setting(String)
        case forget, done
    }

    public struct Cell: Hashable, Sendable {
        public let action: Action
        public let rect: Rect
        public let title: String
        public let value: String
        /// Why it cannot change (`set in config.yaml`, `set by the command line`).
        public let note: String?
        public let locked: Bool
        /// −/+ at its sides rather than one tap to the next value.
        public let stepped: Bool
    }

    public let size: Size
    public let cells: [Cell]

    /// The narrowest a cell may be before the page takes fewer columns: a finger's width
    /// several times over, and room for "Repeat delay" (a longer title is set smaller).
    static let minimumCellWidth = 160

    /// The most columns: six keep a wide keyboard's page at four rows of cells as tall as a
    /// key (1280 px: 206 px wide, 76 px tall) with room for each title, where fewer would
    /// need more rows; an 800 px keyboard takes five (five rows, 46 px tall).
    static let maximumColumns = 6

    /// The page for `sources` laid out in `size`; `forgot`: the learned words were forgotten
    /// while it was open (the cell says so).
    public init(_ sources: SettingsSources, size: Size, forgot: Bool = false) {
        self.size = size
        var items: [(Action, String, String, String?, Bool, Bool)] = PageSetting.all.filter { sources.offers($0.name) }.map { entry in
            let lock = sources.lock(entry.name)
            return (.setting(entry.name), entry.title, sources.hostValues[entry.name] ?? entry.value(in: sources.settings),
                    lock, lock != nil, entry.stepped && lock == nil)
        }
        // Never on a kiosk's page: one stranger's tap would erase what the kiosk was let learn.
        if sources.kioskSettings == nil {
            items.append((.forget, "Forget what I typed", forgot ? "forgotten" : "learned words", nil, false, false))
        }
        items.append((.done, "Done", "back to the keys", nil, false, false))
        let columns = max(1, min(Self.maximumColumns, size.width / Self.minimumCellWidth))
        let rows = (items.count + columns - 1) / columns
        let gap = max(4, min(size.width, size.height) / 60)
        let width = max(1, (size.width - gap * (columns + 1)) / columns)
        let height = max(1, (size.height - gap * (rows + 1)) / rows)
        cells = items.enumerated().map { index, item in
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            let rect = Rect(x: gap + column * (width + gap), y: gap + row * (height + gap), width: width, height: height)
            return Cell(action: item.0, rect: rect, title: item.1, value: item.2, note: item.3, locked: item.4, stepped: item.5)
        }
    }

    /// The cell under `point`; nil between cells.
    public func cell(at point: Point) -> Cell? { cells.first { $0.rect.contains(point) } }

    /// Whether a press at `point` on a stepped `cell` steps back (its left third, where − is).
    public static func stepsBack(_ cell: Cell, at point: Point) -> Bool {
        cell.stepped && point.x < Double(cell.rect.x) + Double(cell.rect.width) / 3
    }
}
