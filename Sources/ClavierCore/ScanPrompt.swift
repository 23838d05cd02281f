/// What auditory scanning says for the scan's highlight (issue 50): a row by its content
/// ("q to p"; the bar's row "the bar: the, I, if"), a key by its name ("shift", "e acute"),
/// a word of the bar by the word, a cell of the settings page by its title.
public enum ScanPrompt {
    /// What to say for `position` among `rows` on `picture`; nil: nothing is highlighted.
    public static func text(_ position: Scanner.Position, rows: [[PressTarget]], on picture: Picture) -> String? {
        switch position {
        case .paused: return nil
        case .row(let row):
            guard rows.indices.contains(row) else { return nil }
            return text(ofRow: rows[row], on: picture)
        case .key(let row, let key):
            guard rows.indices.contains(row), rows[row].indices.contains(key) else { return nil }
            return name(of: rows[row][key], on: picture)
        }
    }

    /// A row: the bar's cells each by name after "the bar:", the settings page's cells each by
    /// title, keys by the first and the last ("q to p"), one target by its name.
    public static func text(ofRow row: [PressTarget], on picture: Picture) -> String {
        guard let first = row.first, let last = row.last else { return "" }
        if row.count == 1 { return name(of: first, on: picture) }
        if row.allSatisfy({ if case .cell = $0 { true } else { false } }) {
            return "the bar: " + row.map { name(of: $0, on: picture) }.joined(separator: ", ")
        }
        if row.allSatisfy({ if case .page = $0 { true } else { false } }) {
            var titles: [String] = []
            for target in row { let title = name(of: target, on: picture); if titles.last != title { titles.append(title) } }
            return titles.joined(separator: ", ")
        }
        return name(of: first, on: picture) + " to " + name(of: last, on: picture)
    }

    /// One target: a key by its name, a word of the bar by the word, the gear as "settings",
    /// a cell of the settings page by its title (a stepped cell's halves "minus" and "plus" after it).
    public static func name(of target: PressTarget, on picture: Picture) -> String {
        switch target {
        case .key(let id):
            guard let key = picture.keyboard.page.key(id: id) else { return id }
            return SpokenName.of(key, on: picture.keyboard)
        case .cell(.completion(let index)):
            return picture.completions.indices.contains(index) ? picture.completions[index] : ""
        case .cell(.format(let formatting)):
            return formatting.rawValue
        case .cell(.settings):
            return "settings"
        case .cell(.speak):
            return "speak"
        case .cell(.savePhrase):
            return "save phrase"
        case .alternate(let index):
            guard let index, let cells = picture.popup?.texts, cells.indices.contains(index) else { return "" }
            return SpokenName.of(text: cells[index])
        case .page(let action, let part):
            let title = picture.settingsPage?.cells.first { $0.action == action }?.title.lowercased() ?? SettingsPage.name(of: action)
            return switch part {
            case .whole: title
            case .minus: title + " minus"
            case .plus: title + " plus"
            }
        }
    }
}
