@testable import ClavierCore

extension Keyboard {
    /// Where a test presses key `id` of the current page: the middle of its frame.
    func centre(of id: Key.ID) -> Point {
        let rect = geometry.frame(id: id)!.rect
        return Point(x: rect.midX, y: rect.midY)
    }
}
