import ClavierCore
import ClavierRender
import ClavierX11

/// What the user sees: the keyboard window, the keys' pixels and, when floating, the frame's
/// handle strip above them. Paints with the theme and puts only what changed on screen
/// (`XPutImage` of the damaged rectangles).
final class KeyboardScreen {
    let window: KeyboardWindow
    private var theme: Theme
    /// Made on first use: its font map starts loading fontconfig, which a start from a kept
    /// picture does only once that picture is on screen.
    private(set) lazy var painter = KeyboardPainter(theme: theme)
    private(set) var framePainter: FloatFramePainter
    /// The floating frame; nil when docked, or floating in kiosk mode (no handle, no grip).
    let frame: FloatingFrame?
    /// The keys' pixels, below the handle strip when floating.
    var keys: Canvas
    /// The handle strip's pixels (shown only with a frame).
    var handle: Canvas
    /// The first picture while it is still on screen unsettled (FirstPicture.swift).
    var firstPicture: FirstPicture?
    /// The first picture is the window's background until the window first shows it.
    var pictureIsBackground = false

    init(window: KeyboardWindow, theme: Theme, frame: FloatingFrame?) throws {
        self.window = window
        self.theme = theme
        self.frame = frame
        framePainter = FloatFramePainter(theme: theme)
        let size = Size(width: window.rect.width, height: window.rect.height)
        keys = try Canvas(size: frame?.keysSize(window: size) ?? size)
        handle = try Canvas(size: Size(width: size.width, height: frame?.handleHeight ?? 1))
    }

    /// Paints with `theme` from now on (the settings page changed it); the caller repaints.
    func retheme(_ theme: Theme) {
        self.theme = theme
        painter = KeyboardPainter(theme: theme)
        framePainter = FloatFramePainter(theme: theme)
        if frame != nil { framePainter.paintHandle(on: handle) }
    }

    /// The keys' size in the window as it is now.
    var keysSize: Size { keys.size }

    /// Where the keys start in the window: below the handle strip when floating.
    private var keysTop: Int { frame?.handleHeight ?? 0 }

    /// Paints every key of `picture` (and the accessory bar) into the keys' pixels.
    func paintAll(_ picture: Picture) {
        dropCutPicture()
        shown = picture
        painter.paintAll(picture, on: keys)
    }

    /// The picture the keys' pixels show (painted, or kept from a start), to paint them
    /// afresh from should the kept picture under them be cut short.
    var shown: Picture?

    /// Issue 23: the keys (and handle) of a start from the kept picture stay mapped over its
    /// file, read as they are put on screen. Before every read: a file cut short meanwhile
    /// (another program, a full disk, a cleaner) is let go of, with one debug line, and the
    /// pixels painted afresh, rather than read past its end (a lost X connection, or SIGBUS).
    func dropCutPicture() {
        guard !keys.pixelsAreReadable || !handle.pixelsAreReadable, let picture = shown,
              let freshKeys = try? Canvas(size: keys.size), let freshHandle = try? Canvas(size: handle.size) else { return }
        Log.debug("the kept picture's file was cut short while in use: painting the keyboard afresh")
        keys = freshKeys
        handle = freshHandle
        if let frame {
            framePainter.paintHandle(on: handle)
            painter.paintAll(picture, on: keys)
            framePainter.paintResizeGrip(in: frame.grip(keys: keys.size), on: keys)
        } else {
            painter.paintAll(picture, on: keys)
        }
    }

    /// Repaints what the effects damaged of `picture` and puts it on screen: the whole page, the
    /// accessory bar, or only the keys named.
    func repaint(_ ids: [Key.ID], whole: Bool, bar: Bool, of picture: Picture) {
        dropCutPicture()
        shown = picture
        if bar, !whole, let rect = painter.paintAccessory(of: picture, on: keys) { present(rect) }
        if whole {
            paintAll(picture)
            presentAll()
        } else if !ids.isEmpty, let rect = painter.paintKeys(ids, of: picture, on: keys) {
            present(rect)
        }
    }

    /// Puts `rect` (the keys' coordinates) of the keys on screen.
    func present(_ rect: Rect) {
        letBackgroundGo()
        dropCutPicture()
        // Keys repaint over the corner; the grip goes back on top before anything is shown.
        // A kept picture has it already, and needs no Cairo to be put up.
        if let frame, firstPicture?.kept == nil {
            let grip = frame.grip(keys: keys.size)
            if rect.x < grip.maxX && grip.x < rect.maxX && rect.y < grip.maxY && grip.y < rect.maxY {
                framePainter.paintResizeGrip(in: grip, on: keys)
            }
        }
        window.present(pixels: keys.data, stride: keys.stride, size: keys.size, area: rect, origin: (0, keysTop))
    }

    /// Puts all of the keys on screen.
    func presentAll() { present(Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height)) }

    /// Puts `rect` (window coordinates) of the handle strip on screen.
    func presentHandle(_ rect: Rect) {
        letBackgroundGo()
        dropCutPicture()
        window.present(pixels: handle.data, stride: handle.stride, size: handle.size, area: rect)
    }

    /// Answers an Expose of `rect` (window coordinates) from the pixels already painted.
    func expose(_ rect: Rect) {
        if frame != nil { presentHandle(rect) }
        present(Rect(x: rect.x, y: rect.y - keysTop, width: rect.width, height: rect.height))
    }

    /// Takes the window's new size: new pixels for the handle (painted and shown) and the
    /// keys (blank, for the caller to paint once the keyboard is laid out anew); returns the
    /// keys' new size.
    func resize(window size: Size) throws -> Size {
        let keysSize = frame?.keysSize(window: size) ?? size
        if let frame {
            handle = try Canvas(size: Size(width: size.width, height: frame.handleHeight))
            framePainter.paintHandle(on: handle)
            presentHandle(Rect(x: 0, y: 0, width: size.width, height: frame.handleHeight))
        }
        keys = try Canvas(size: keysSize)
        return keysSize
    }
}
