import ClavierCore
import ClavierRender

/// What the user sees, on any window system: the keys' pixels and, when floating, the frame's
/// handle strip above them with the resize grip over the keys' bottom right corner, painted
/// with the theme and put on screen through a `PixelSink`, only what changed. The first picture
/// (kept between starts) is settled here too (FirstPicture.swift). `KeyboardScreen` (an X
/// window) and `WaylandScreen` (a layer surface) add only their window's own business.
open class PaintedScreen {
    let sink: any PixelSink
    package private(set) var theme: Theme
    /// Made on first use: its font map starts loading fontconfig, which a start from a kept
    /// picture does only once that picture is on screen.
    package private(set) lazy var painter = KeyboardPainter(theme: theme)
    package private(set) var framePainter: FloatFramePainter
    /// The keys' pixels, below the handle strip when floating.
    package var keys: Canvas
    /// The handle strip's pixels (shown only with a frame).
    package var handle: Canvas
    /// The picture the keys' pixels show (painted, or kept from a start).
    package var shown: Picture?
    /// Where the first picture is kept between starts (nil: none kept, as for a PIN pad).
    package var pictureCache: PictureCache?
    /// The first picture while it is still on screen unsettled (FirstPicture.swift).
    package var firstPicture: FirstPicture?
    private var trail = TrailOnScreen()
    /// The handle strip was painted anew (a new theme) and goes up with what is put next.
    private var handleRepainted = false

    /// A screen for a window of `size`, with a frame at `frame`'s scale (nil: none); its
    /// pixels black until painted.
    package init(sink: any PixelSink, theme: Theme, window size: Size, frame: DisplayScale?) throws {
        self.sink = sink
        self.theme = theme
        framePainter = FloatFramePainter(theme: theme)
        let top = frame.map { $0.pixels(FloatFrame.handleHeight) } ?? 0
        keys = try Canvas(size: Size(width: size.width, height: frame == nil ? size.height : max(1, size.height - top)))
        handle = try Canvas(size: Size(width: frame == nil ? 1 : size.width, height: max(1, top)))
    }

    /// The frame's scale (nil: docked, or floating in kiosk mode: no handle, no grip).
    open var frameScale: DisplayScale? { nil }

    /// Whether a kept first picture's keys leave its file's mapping as it is settled (Wayland,
    /// whose idle spells give the keys' pages back), rather than stay mapped while they match it
    /// (X: only the keys repainted since become the keyboard's own memory).
    open var leavesKeptMapping: Bool { false }

    /// Where the keys start in the window: below the handle strip when floating.
    package var keysTop: Int { frameScale.map { $0.pixels(FloatFrame.handleHeight) } ?? 0 }

    /// The keys' size in the window as it is now.
    package var keysSize: Size { keys.size }

    /// All of the keys, in their coordinates.
    package var wholeKeys: Rect { Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height) }

    /// Where the resize grip lies, in the keys' coordinates (nil: no frame).
    var grip: Rect? {
        guard let scale = frameScale else { return nil }
        return FloatFrame(size: Size(width: keys.size.width, height: keys.size.height + keysTop), scale: scale).gripInKeys
    }

    /// Paints with `theme` from now on (the settings page changed it); the caller repaints.
    package func retheme(_ theme: Theme) {
        self.theme = theme
        painter = KeyboardPainter(theme: theme)
        framePainter = FloatFramePainter(theme: theme)
        guard frameScale != nil else { return }
        framePainter.paintHandle(on: handle)
        handleRepainted = true
    }

    /// Paints the handle strip and the keys of `picture` with the grip over their corner.
    package func paintWindow(_ picture: Picture) {
        if frameScale != nil { framePainter.paintHandle(on: handle) }
        paintAll(picture)
        if let grip { framePainter.paintResizeGrip(in: grip, on: keys) }
    }

    /// Paints every key of `picture` (and the accessory bar) into the keys' pixels.
    func paintAll(_ picture: Picture) {
        dropCutPicture()
        shown = picture
        painter.paintAll(picture, on: keys)
    }

    /// Before the keys' pixels are read or painted: a Wayland screen takes back the pages an
    /// idle spell gave back.
    open func pixelsWanted() {}

    /// Repaints what changed of `picture` (the whole page, the accessory bar, or only the keys
    /// named) and puts it on screen. A first picture still unsettled is settled first; a kept
    /// one not yet checked is painted anew whole rather than in part.
    package func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        pixelsWanted()
        var whole = whole
        if firstPicture != nil, whole || bar || !damaged.isEmpty {
            if firstPicture?.kept != nil { whole = true }
            settleFirstPicture(check: false, picture: picture)
        }
        dropCutPicture()
        shown = picture
        var damage: [Rect] = []
        if whole {
            painter.paintAll(picture, on: keys)
            damage = [wholeKeys]
        } else {
            if bar, let rect = painter.paintAccessory(of: picture, on: keys) { damage.append(rect) }
            if !damaged.isEmpty, let rect = painter.paintKeys(damaged, of: picture, on: keys) { damage.append(rect) }
        }
        present(damage)
    }

    /// Repaints the glide's trail as it stands at `now` over the keys, only the area it changes
    /// put on screen (`HostScreen.paintTrail`).
    package func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        pixelsWanted()
        let drawn = picture.keyboard.glideDrag.trail(at: now)
        let width = KeyboardPainter.trailWidth(keyHeight: picture.geometry.keyHeight)
        guard let area = trail.area(for: drawn, width: width, whole: whole),
              let painted = painter.paintTrail(drawn, over: area, of: picture, on: keys) else { return }
        present([painted])
    }

    /// Puts `damage` (the keys' coordinates) of the keys, and the whole handle strip when
    /// `handle`, on screen; nothing to put: nothing done.
    package func present(_ damage: [Rect], handle: Bool = false) {
        guard !damage.isEmpty || handle else { return }
        var told = damage.map { Rect(x: $0.x, y: $0.y + keysTop, width: $0.width, height: $0.height) }
        if handle, frameScale != nil { told.append(Rect(x: 0, y: 0, width: self.handle.size.width, height: keysTop)) }
        put(told)
    }

    /// Puts `damage` (the window's coordinates) on screen from the pixels painted. Keys repaint
    /// over the grip's corner: it goes back on top first. A kept first picture has it already,
    /// and needs no Cairo to be put up.
    open func put(_ damage: [Rect]) {
        dropCutPicture()
        var damage = damage
        if handleRepainted, frameScale != nil, !damage.isEmpty {
            damage.append(Rect(x: 0, y: 0, width: handle.size.width, height: keysTop))
            handleRepainted = false
        }
        if let grip, firstPicture?.kept == nil {
            let onWindow = Rect(x: grip.x, y: grip.y + keysTop, width: grip.width, height: grip.height)
            if damage.contains(where: { $0.x < onWindow.maxX && onWindow.x < $0.maxX && $0.y < onWindow.maxY && onWindow.y < $0.maxY }) {
                framePainter.paintResizeGrip(in: grip, on: keys)
                damage.append(onWindow)
            }
        }
        var blocks = [PixelBlock(pixels: keys.data, stride: keys.stride, size: keys.size, top: keysTop)]
        if frameScale != nil { blocks.append(PixelBlock(pixels: handle.data, stride: handle.stride, size: handle.size, top: 0)) }
        sink.put(blocks, damage: damage)
    }

    /// Takes the window's new size: new pixels for the handle (painted) and the keys (blank,
    /// for the caller to paint once the keyboard is laid out anew); returns the keys' new size.
    package func resize(window size: Size) throws -> Size {
        let top = keysTop
        keys = try Canvas(size: Size(width: size.width, height: frameScale == nil ? size.height : max(1, size.height - top)))
        if frameScale != nil {
            handle = try Canvas(size: Size(width: size.width, height: max(1, top)))
            framePainter.paintHandle(on: handle)
        }
        return keys.size
    }

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
        if frameScale != nil { framePainter.paintHandle(on: handle) }
        painter.paintAll(picture, on: keys)
        if let grip { framePainter.paintResizeGrip(in: grip, on: keys) }
    }
}
