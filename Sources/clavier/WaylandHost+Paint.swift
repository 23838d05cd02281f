import ClavierCore
import ClavierRender
import ClavierWayland

/// The surface's pixels on Wayland: the keys painted into their canvas and copied into a
/// wl_shm buffer, only the damaged rectangles told to the compositor; the surface made,
/// taken down and placed again.
extension WaylandHost {
    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        self.picture = picture
        var damage: [Rect] = []
        if whole {
            painter.paintAll(picture, on: keys)
            damage = [Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height)]
        } else {
            if bar, let rect = painter.paintAccessory(of: picture, on: keys) { damage.append(rect) }
            if !damaged.isEmpty, let rect = painter.paintKeys(damaged, of: picture, on: keys) { damage.append(rect) }
        }
        present(damage)
    }

    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        let drawn = picture.keyboard.glideDrag.trail(at: now)
        let width = KeyboardPainter.trailWidth(keyHeight: picture.geometry.keyHeight)
        guard let area = trail.area(for: drawn, width: width, whole: whole),
              let painted = painter.paintTrail(drawn, over: area, of: picture, on: keys) else { return }
        present([painted])
    }

    /// Puts the keys up, `damage` told as changed (nothing to tell: nothing done).
    func present(_ damage: [Rect]) {
        guard placed != nil, !damage.isEmpty else { return }
        connection.present(pixels: keys.data, stride: keys.stride, size: keys.size, damage: damage)
    }

    func start(_ picture: Picture) {
        loop = WaylandLoop(connection: connection)
        self.picture = picture
        painter.paintAll(picture, on: keys)
        present([Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height)])
        pending.append(.window(.mapped))
        // input-method-v2 has said by now which field has the focus, if any: the session's
        // field is private only until that first answer (as the focus watch's on X).
        if connection.hasInputMethod { askField() }
    }

    func expose(_ rect: Rect, picture: Picture) { present([rect]) }

    func resize(to size: Size, picture: Picture) -> Size? {
        do {
            keys = try Canvas(size: size)
            return size
        } catch {
            Log.error("\(error)")
            return nil
        }
    }

    func route(_ input: InputEvent) -> InputEvent? { input }
    func keysPoint(_ point: Point) -> Point? { point }

    func prepareToShow(_ picture: Picture) { self.picture = picture }

    func showWindow() {
        guard placed == nil else { return }
        makeSurface()
        pending.append(.window(.mapped))
    }

    func hideWindow() {
        guard placed != nil else { return }
        connection.destroySurface()
        placed = nil
        hovered = nil
        previewShown = nil
        pending.append(.window(.unmapped))
    }

    func recreateWindow(_ picture: Picture) {
        self.picture = picture
        makeSurface()
    }

    /// An output came, went or changed: the surface goes where the placement now says.
    func screenChanged() {
        guard let placed else { return }
        let wanted = placement(connection)
        // A new scale (HiDPI) needs a surface whose buffers have it.
        let rescaled = connection.output(named: wanted.output).map { $0.scale != connection.scale } ?? false
        guard wanted.output != placed.output || wanted.place != placed.place || rescaled else { return }
        Log.debug("outputs changed: placing the keyboard again")
        makeSurface()
    }

    /// Makes the surface where the placement says and puts the picture up; a new size is
    /// the session's to lay the keys out for (`.resized`), painted when it answers.
    func makeSurface() {
        let wanted = placement(connection)
        guard let size = connection.makeSurface(on: wanted.output, wanted.place) else {
            Log.error("the compositor would not place the keyboard's layer surface")
            placed = nil
            return
        }
        placed = wanted
        if size != keys.size {
            pending.append(.window(.resized(size)))
        } else if let picture {
            paint(picture, damaged: [], whole: true, bar: false)
        }
    }

    var windowRect: Rect {
        guard let placed, let output = connection.output(named: placed.output) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let scale = max(1, connection.scale)
        let size = Size(width: keys.size.width / scale, height: keys.size.height / scale)
        switch placed.place {
        case .docked(let edge, _):
            return Rect(x: 0, y: edge == .top ? 0 : output.size.height - size.height, width: size.width, height: size.height)
        case .floating(let rect):
            return Rect(x: rect.x, y: rect.y, width: size.width, height: size.height)
        }
    }
}
