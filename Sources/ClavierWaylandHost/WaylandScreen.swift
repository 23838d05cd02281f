import ClavierApp
import ClavierCore
import ClavierRender
import ClavierWayland

/// What the user sees on Wayland: a layer surface where the placement puts it, painted by
/// `PaintedScreen` and copied into a wl_shm buffer (the connection is its `PixelSink`: only what
/// that buffer lacks, only the damaged rectangles told to the compositor); its own business
/// is the surface's making and placing, a floating keyboard's frame, the key preview, and the
/// pixels given back while idle.
package final class WaylandScreen: PaintedScreen {
    private let connection: WaylandConnection
    /// Where the surface goes on the output, asked again when outputs change.
    let placement: (WaylandConnection) -> (output: String?, place: WaylandPlacement)
    /// What the surface shows; nil while it is down (hidden).
    private(set) var placed: (output: String?, place: WaylandPlacement)?
    /// Whether and where the keyboard floats (the settings page docks or floats it: `replaceSurface`).
    let floats: FloatPlace
    /// The frame that moves a floating keyboard (nil: never floated, or a kiosk's, which cannot move).
    var frame: WaylandFloat?
    /// A floating keyboard's handle and grip (nil: docked, or floating in kiosk mode).
    var float: WaylandFloat? { floats.floating ? frame : nil }
    /// The held key's preview above it.
    private let preview: WaylandPreview
    /// When the keys' canvas gives its pages back, nothing painted since (`Timing.idleBuffers`);
    /// and whether it has (its pixels are then the buffer's on screen: `keysBack`).
    private(set) var idleAt: ContinuousClock.Instant?
    private var keysDropped = false
    /// A new size the session is to lay the keys out for (`.resized`), told by the host's loop.
    var newSize: Size?

    init(connection: WaylandConnection, theme: Theme, floats: FloatPlace, frame: WaylandFloat?,
         placement: @escaping (WaylandConnection) -> (output: String?, place: WaylandPlacement)) throws {
        self.connection = connection
        preview = WaylandPreview(connection: connection)
        self.floats = floats
        self.frame = frame
        self.placement = placement
        let wanted = placement(connection)
        guard let size = connection.makeSurface(on: wanted.output, wanted.place) else {
            throw WaylandError("the compositor would not place the keyboard's layer surface")
        }
        placed = wanted
        let float = floats.floating ? frame : nil
        float?.scale = connection.scale
        try super.init(sink: connection, theme: theme, window: size, frame: float?.displayScale)
        if float != nil { framePainter.paintHandle(on: handle) }
    }

    package override var frameScale: DisplayScale? { float?.displayScale }
    package override var leavesKeptMapping: Bool { true }
    var isUp: Bool { placed != nil }

    // MARK: Pixels

    /// Puts the first picture up: the kept one when there is one (docked keyboards), else painted.
    func start(_ first: Picture) {
        startFirstPicture(of: first, keeping: float == nil)
        present([wholeKeys], handle: true)
    }

    package override func pixelsWanted() { keysBack() }

    /// Nothing while the surface is down; told, the keys' pages give way again after `Timing.idleBuffers`.
    package override func put(_ damage: [Rect]) {
        guard placed != nil else { return }
        keysBack()
        super.put(damage)
        idleAt = ContinuousClock.now + Timing.idleBuffers
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
        } else if let shown {
            painter.paintAll(shown, on: keys)
        }
    }

    // MARK: The surface

    /// Takes the surface's new size (buffer pixels); the keys' new size.
    func resize(to size: Size) throws -> Size {
        keysDropped = false
        return try resize(window: size)
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
        } else if let shown {
            paint(shown, damaged: [], whole: true, bar: false)
            present([], handle: true)
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

/// The Wayland connection as a pixel sink: the blocks copied into a free wl_shm buffer (what it
/// lacks) and committed with the damage.
extension WaylandConnection: PixelSink {
    package func put(_ blocks: [PixelBlock], damage: [Rect]) {
        present(blocks.map { Block(pixels: $0.pixels, stride: $0.stride, size: $0.size, top: $0.top) }, damage: damage)
    }
}
