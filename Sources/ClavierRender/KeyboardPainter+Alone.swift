import ClavierCore

/// A keyboard on its own, outside a session (`clavier render`, tests of the keys): painted
/// as its `Picture`, with no words on the bar and no marks.
extension KeyboardPainter {
    public static func pictureKey(of keyboard: Keyboard, theme: Theme) -> String? {
        pictureKey(of: Picture(keyboard), theme: theme)
    }

    public func paintAll(_ keyboard: Keyboard, on canvas: borrowing Canvas) {
        paintAll(Picture(keyboard), on: canvas)
    }

    @discardableResult
    public func paintKeys(_ ids: [Key.ID], of keyboard: Keyboard, on canvas: borrowing Canvas) -> Rect? {
        paintKeys(ids, of: Picture(keyboard), on: canvas)
    }

    @discardableResult
    public func paintAccessory(of keyboard: Keyboard, on canvas: borrowing Canvas) -> Rect? {
        paintAccessory(of: Picture(keyboard), on: canvas)
    }

    @discardableResult
    public func paintTrail(_ trail: (points: [Point], opacity: Double)?, over area: Rect, of keyboard: Keyboard,
                           on canvas: borrowing Canvas) -> Rect? {
        paintTrail(trail, over: area, of: Picture(keyboard), on: canvas)
    }
}
