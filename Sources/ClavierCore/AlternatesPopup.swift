/// The alternates a long press shows: which key and pointer, the texts offered (already in
/// Shift's case), where each is drawn and which one the pointer is on.
public struct AlternatesPopup: Hashable, Sendable {
    public var key: Key.ID
    public var pointer: Int
    public var texts: [String]
    public var cells: [Rect]
    /// The index of the alternate under the pointer, which a release types.
    public var selected: Int?

    /// The alternate under `point`: the cell whose column holds it, within half a cell above
    /// or below the row, so a finger need not land exactly on the small cell.
    func index(at point: Point) -> Int? {
        guard let first = cells.first else { return nil }
        let slack = Double(first.height) / 2
        guard point.y >= Double(first.y) - slack, point.y < Double(first.maxY) + slack else { return nil }
        return cells.firstIndex { point.x >= Double($0.x) && point.x < Double($0.maxX) }
    }

    /// The area the popup covers, for repainting.
    public var bounds: Rect { cells.dropFirst().reduce(cells[0]) { $0.union($1) } }
}
