import ClavierCore
import ClavierRender
import ClavierWayland

/// What the user sees on Wayland, as `KeyboardScreen` is on X: the layer surface where the
/// placement puts it, the keys painted into their canvas and copied into a wl_shm buffer (only
/// what that buffer lacks; only the damaged rectangles told to the compositor), a floating
/// keyboard's frame, the key preview, the first picture kept between starts, and the pixels
/// given back while idle.
final class WaylandScreen {
    private let connection: WaylandConnection
    var theme: Theme {
        didSet { painter = KeyboardPainter(theme: theme) }
    }
    private(set) lazy var painter = KeyboardPainter(theme: theme)
    /// Where the surface goes on the output, asked again when outputs change.
    let placement: (WaylandConnection) -> (output: String?, place: WaylandPlacement)
    /// What the surface shows; nil while it is down (hidden).
    private(set) var placed: (output: String?, place: WaylandPlacement)?
    /// The keys' pixels, copied into a free wl_shm buffer as they are put up.
    private(set) var keys: Canvas
    /// Whether and where the keyboard floats (the settings page docks or floats it: `replaceSurface`).
    let floats: WaylandFloatPlace
    /// A floating keyboard's handle and grip (nil: docked, or floating in kiosk mode), and the
    /// handle strip's pixels (one black pixel without).
    var float: WaylandFloat? { floats.floating ? floats.frame : nil }
    private var handle: Canvas
    /// The picture to put up when the surface is made again.
    var picture: Picture?
    private var trail = TrailOnScreen()
    /// The preview on screen now (nil: none).
    /// The held key's preview above it.
    private let preview: WaylandPreview
    /// Where the first picture is kept between starts (nil: none kept, as for a PIN pad), and
    /// the first picture while it is still unsettled.
    var pictureCache: PictureCache?
    private(set) var firstPicture: FirstPicture?
    /// When the keys' canvas gives its pages back, nothing painted since (`Timing.idleBuffers`);
    /// and whether it has (its pixels are then the buffer's on screen: `keysBack`).
    private(set) var idleAt: ContinuousClock.Instant?
    private var keysDropped = false
    /// A new size the session is to lay the keys out for (`.resized`), told by the host's loop.
    var newSize: Size?

    init(connection: WaylandConnection, theme: Theme, floats: WaylandFloatPlace,
         placement: @escaping (WaylandConnection) -> (output: String?, place: WaylandPlacement)) throws {
        self.connection = connection
        preview = WaylandPreview(connection: connection)
        self.theme = theme
        self.floats = floats
        self.placement = placement
        let wanted = placement(connection)
        guard let size = connection.makeSurface(on: wanted.output, wanted.place) else {
            throw WaylandError("the compositor would not place the keyboard's layer surface")
        }
        placed = wanted
        let float = floats.floating ? floats.frame : nil
        float?.scale = connection.scale
        keys = try Canvas(size: Self.keysSize(size, float: float))
        handle = try Canvas(size: Size(width: 1, height: 1))
        try paintHandle(width: size.width)
    }

    /// The keys' part of a surface of `size`: below the handle when floating.
    private static func keysSize(_ size: Size, float: WaylandFloat?) -> Size {
        Size(width: size.width, height: max(1, size.height - (float?.handleHeight ?? 0)))
    }

    /// Paints the handle strip (floating only) for a surface `width` buffer pixels wide.
    private func paintHandle(width: Int) throws {
        guard let float else { return }
        let canvas = try Canvas(size: Size(width: width, height: float.handleHeight))
        float.painter.paintHandle(on: canvas)
        handle = consume canvas
    }

    var keysSize: Size { keys.size }
    var isUp: Bool { placed != nil }
    /// Everything of the keys.
    var whole: Rect { Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height) }

    // MARK: Pixels

    /// Puts the first picture up: the kept one when there is one (docked keyboards), else painted.
    func start(_ first: Picture) {
        picture = first
        var kept: PictureCache.Kept?
        if float == nil, let cache = pictureCache, let key = KeyboardPainter.pictureKey(of: first, theme: theme) {
            if let found = cache.load(key, sizes: [keys.size]), let canvas = found.canvas(0) {
                keys = canvas
                kept = found
            }
            firstPicture = FirstPicture(cache: cache, key: key, kept: kept)
            Log.debug(kept != nil ? "first picture from the cache" : "no kept picture: painting the first one")
        }
        if kept == nil { painter.paintAll(first, on: keys) }
        present([whole], handleToo: true)
    }

    func paint(_ picture: Picture, damaged: [Key.ID], whole wholly: Bool, bar: Bool) {
        self.picture = picture
        keysBack()
        var wholly = wholly
        if firstPicture != nil, wholly || bar || !damaged.isEmpty {
            // A kept first picture not yet checked is painted anew whole rather than in part.
            if firstPicture?.kept != nil { wholly = true }
            settleFirstPicture(check: false)
        }
        var damage: [Rect] = []
        if wholly {
            painter.paintAll(picture, on: keys)
            damage = [whole]
        } else {
            if bar, let rect = painter.paintAccessory(of: picture, on: keys) { damage.append(rect) }
            if !damaged.isEmpty, let rect = painter.paintKeys(damaged, of: picture, on: keys) { damage.append(rect) }
        }
        present(damage)
    }

    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        keysBack()
        let drawn = picture.keyboard.glideDrag.trail(at: now)
        let width = KeyboardPainter.trailWidth(keyHeight: picture.geometry.keyHeight)
        guard let area = trail.area(for: drawn, width: width, whole: whole),
              let painted = painter.paintTrail(drawn, over: area, of: picture, on: keys) else { return }
        present([painted])
    }

    /// Puts the keys (and a floating keyboard's handle above them) up, `damage` (the keys'
    /// coordinates) told as changed; nothing to tell: nothing done.
    func present(_ damage: [Rect], handleToo: Bool = false) {
        guard placed != nil, !damage.isEmpty || handleToo else { return }
        keysBack()
        let grip = paintGrip(after: damage)
        let top = float?.handleHeight ?? 0
        var blocks = [WaylandConnection.Block(pixels: keys.data, stride: keys.stride, size: keys.size, top: top)]
        var told = (damage + [grip].compactMap { $0 }).map { Rect(x: $0.x, y: $0.y + top, width: $0.width, height: $0.height) }
        if float != nil {
            blocks.append(WaylandConnection.Block(pixels: handle.data, stride: handle.stride, size: handle.size))
            if handleToo { told.append(Rect(x: 0, y: 0, width: handle.size.width, height: handle.size.height)) }
        }
        connection.present(blocks, damage: told)
        idleAt = ContinuousClock.now + Timing.idleBuffers
    }

    /// The resize grip over the keys' bottom right corner, painted again after the keys under it.
    private func paintGrip(after damage: [Rect]) -> Rect? {
        guard let float else { return nil }
        let grip = float.frame(Size(width: keys.size.width, height: keys.size.height + float.handleHeight)).gripInKeys
        guard damage.contains(where: { $0.x < grip.maxX && grip.x < $0.maxX && $0.y < grip.maxY && grip.y < $0.maxY }) else { return nil }
        float.painter.paintResizeGrip(in: grip, on: keys)
        return grip
    }

    /// Idle: the other buffer goes, and the canvas gives its pages back until the next paint
    /// (`keysBack`), its pixels being those of the buffer on screen. Not sooner: a buffer made
    /// again for each frame while typing cost more than its copy (a new memfd's 1.7 MB faulted
    /// in at every press, seen with perf).
    func rest() {
        idleAt = nil
        connection.trimBuffers()
        guard float == nil, firstPicture == nil else { return }
        keys.dropPixels()
        keysDropped = true
    }

    /// The keys' pixels again after an idle spell gave their pages back: from the buffer on
    /// screen (they are the same), else painted anew.
    private func keysBack() {
        guard keysDropped else { return }
        keysDropped = false
        if connection.copyShown(into: keys.data, stride: keys.stride, size: keys.size) {
            keys.markDirty()
        } else if let picture {
            painter.paintAll(picture, on: keys)
        }
    }

    /// Done with the first picture once it is up: a painted one is kept for the next start; a
    /// kept one is checked against a fresh paint (`check`) and replaced on screen and on disk
    /// when they differ. Without `check` (the keys are about to be repainted whole), a kept one
    /// is only let go of.
    func settleFirstPicture(check: Bool) {
        guard let first = firstPicture, let picture else { return }
        firstPicture = nil
        do {
            if let kept = first.kept {
                // The keys leave the file's mapping: what is painted from now on is the keyboard's own.
                let fresh = try Canvas(size: keys.size)
                painter.paintAll(picture, on: fresh)
                let (fd, offset) = kept.file(0)
                let same = fresh.hasSamePixels(asFile: fd, offset: offset)
                keys = fresh
                guard check, !same else { return }
                Log.debug("the kept first picture differs from a fresh paint: replacing it")
                present([whole])
                // A fresh paint whose bar offers copies (the clipboard strip) is never kept on disk.
                if picture.offersClips { return }
            }
            try first.cache.save(first.key, parts: [PictureCache.Part(pixels: UnsafeRawPointer(keys.data), stride: keys.stride,
                                                                      size: keys.size)])
        } catch {
            Log.warning("cannot keep the keyboard's first picture in \(first.cache.directory): \(error)")
        }
    }

    // MARK: The surface

    /// Takes the surface's new size (buffer pixels); the keys' new size.
    func resize(to size: Size) throws -> Size {
        keysDropped = false
        keys = try Canvas(size: Self.keysSize(size, float: float))
        try paintHandle(width: size.width)
        return keys.size
    }

    /// A pointer event on the surface in the keys' coordinates; nil when it is the frame's.
    /// The surface is made again where a drag ended: sway 1.7 draws a layer surface whose
    /// margins changed at its new place but still finds it under the pointer at its old one
    /// (seen: a click after a move landed as if it had not moved), a new one at its place.
    func route(_ input: InputEvent) -> InputEvent? {
        guard let float else { return input }
        let surface = Size(width: keys.size.width, height: keys.size.height + float.handleHeight)
        return float.route(input, surface: surface) { [self] _ in makeSurface() }
    }

    func keysPoint(_ point: Point) -> Point? {
        guard let float else { return point }
        guard point.y >= Double(float.handleHeight) else { return nil }
        return Point(x: point.x, y: point.y - Double(float.handleHeight))
    }

    /// Makes the surface where the placement says and puts the picture up; a new size (or any,
    /// `relayout`) is the session's to lay the keys out for (`newSize`), painted when it answers.
    func makeSurface(relayout: Bool = false) {
        let wanted = placement(connection)
        guard let size = connection.makeSurface(on: wanted.output, wanted.place) else {
            Log.error("the compositor would not place the keyboard's layer surface")
            placed = nil
            return
        }
        placed = wanted
        if relayout || size != keys.size {
            newSize = size
        } else if let picture {
            paint(picture, damaged: [], whole: true, bar: false)
            present([], handleToo: true)
        }
    }

    /// The keyboard docks or floats anew (the settings page): the surface is made again where
    /// the placement now says, with its handle strip or without, a docked one reserving its
    /// height (an exclusive zone) and a floating one on the overlay layer reserving none; the
    /// keys are laid out for it (`newSize`). A hidden keyboard's is made so as it shows.
    func replaceSurface() {
        guard isUp else { return }
        takeDown()
        float?.scale = connection.scale
        makeSurface(relayout: true)
    }

    /// Takes the surface down (the keyboard hides, or its output went: `destroyed`).
    func takeDown(destroyed: Bool = false) {
        if !destroyed { connection.destroySurface() }
        placed = nil
        preview.surfaceGone()
    }

    /// An output came, went or changed: the surface goes where the placement now says.
    func outputsChanged() {
        guard let placed else { return }
        let wanted = placement(connection)
        // A new scale (HiDPI) needs a surface whose buffers have it.
        let rescaled = connection.output(named: wanted.output).map { $0.scale != connection.scale } ?? false
        guard wanted.output != placed.output || wanted.place != placed.place || rescaled else { return }
        Log.debug("outputs changed: placing the keyboard again")
        makeSurface()
    }

    /// The surface's place on its output, in logical pixels, for `clavier status`.
    var rect: Rect {
        guard let placed, let output = connection.output(named: placed.output) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let scale = max(1, connection.scale)
        let size = Size(width: keys.size.width / scale, height: keys.size.height / scale)
        switch placed.place {
        case .docked(let edge, _, _):
            return Rect(x: 0, y: edge == .top ? 0 : output.size.height - size.height, width: size.width, height: size.height)
        case .floating:
            let rect = float?.rect ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
            return Rect(x: rect.x, y: rect.y, width: size.width, height: size.height + (float?.handleHeight ?? 0) / scale)
        }
    }

    /// Brings the held key's preview in line with `picture` (`mode`: `--preview` as it is now).
    func followPreview(_ picture: Picture, mode: PreviewMode) {
        var dockedAtTop = false
        if case .docked(.top, _, _)? = placed?.place { dockedAtTop = true }
        preview.follow(picture, mode: mode, painter: painter, keysWidth: keys.size.width, dockedAtTop: dockedAtTop)
    }
}
