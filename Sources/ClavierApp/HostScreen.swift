import ClavierCore

/// The host's part that shows the keyboard: its window (an X window, a layer surface), the
/// pixels put in it, and the window's events in window coordinates taken back to the keys'.
/// `XHost` (over `KeyboardScreen`) and `WaylandHost` (over `WaylandScreen`) are the two, each
/// screen a `PaintedScreen` over its window's `PixelSink`.
package protocol HostScreen: AnyObject {
    /// Puts the first picture (of `picture`) up and the window on screen; the active window is
    /// followed from now on.
    func start(_ picture: Picture)
    /// The keys' size in the window as it is now (a new keyboard is laid out for it).
    var keysSize: Size { get }
    /// A pointer event in window coordinates in the keys' coordinates; nil when it belongs
    /// to the window itself (a floating keyboard's move or resize).
    func route(_ input: InputEvent) -> InputEvent?
    /// A window point in the keys' coordinates; nil off the keys (a floating keyboard's handle).
    func keysPoint(_ point: Point) -> Point?
    /// Puts `rect` of the window on screen again.
    func expose(_ rect: Rect, picture: Picture)
    /// Takes the window's new size; the keys' new size (nil: no pixels for it, the keyboard ends).
    func resize(to size: Size, picture: Picture) -> Size?
    /// The screen or its monitors changed: the window is placed again.
    func screenChanged()
    /// Repaints what changed of `picture` (the session's keys and what it puts on them) and
    /// puts it on screen.
    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool)
    /// Repaints the glide's trail as it stands at `now` (`GlideDrag.trail`): its new segment
    /// while it grows, the whole of it when keys under it were just repainted (`whole`), as
    /// it fades and once it is gone.
    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool)
    /// Brings the preview of a held key in line with `picture` (gone when nothing is held).
    func followPreview(_ picture: Picture)
    /// About to show: what is painted from here on is what the window shows.
    func prepareToShow(_ picture: Picture)
    func showWindow()
    /// Unmaps the window and takes the preview down.
    func hideWindow()
    /// Makes the window again (another program destroyed it), painted with `picture`, unmapped.
    func recreateWindow(_ picture: Picture)
    /// Where the pointer is on the keys now; nil: not on them.
    func pointerOnKeys() -> Point?
    /// The window's place on the screen, for `clavier status`.
    var windowRect: Rect { get }
}
