import ClavierCore
import ClavierRender
import ClavierWayland

/// The surface's pixels on Wayland: the keys painted into their canvas and copied into a
/// wl_shm buffer, only the damaged rectangles told to the compositor; the surface made,
/// taken down and placed again.
extension WaylandHost {
    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        self.picture = picture
        keysBack()
        var whole = whole
        if firstPicture != nil, whole || bar || !damaged.isEmpty {
            // A kept first picture not yet checked is painted anew whole rather than in part.
            if firstPicture?.kept != nil { whole = true }
            settleFirstPicture(check: false, picture: picture)
        }
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

    /// The resize grip over the keys' bottom right corner, painted again after the keys under it.
    private func paintGrip(after damage: [Rect]) -> Rect? {
        guard let float else { return nil }
        let grip = float.frame(Size(width: keys.size.width, height: keys.size.height + float.handleHeight)).gripInKeys
        guard damage.contains(where: { $0.x < grip.maxX && grip.x < $0.maxX && $0.y < grip.maxY && grip.y < $0.maxY }) else { return nil }
        float.painter.paintResizeGrip(in: grip, on: keys)
        return grip
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
        buffersIdleAt = ContinuousClock.now + Timing.idleBuffers
    }

    /// The keys' pixels again after an idle spell gave their pages back: from the buffer on
    /// screen (they are the same), else painted anew.
    func keysBack() {
        guard keysDropped else { return }
        keysDropped = false
        if connection.copyShown(into: keys.data, stride: keys.stride, size: keys.size) {
            keys.markDirty()
        } else if let picture {
            painter.paintAll(picture, on: keys)
        }
    }

    /// Everything on the surface.
    var whole: Rect { Rect(x: 0, y: 0, width: keys.size.width, height: keys.size.height) }

    func start(_ picture: Picture) {
        loop = WaylandLoop(connection: connection)
        self.picture = picture
        startFirstPicture(of: picture)
        present([whole], handleToo: true)
        pending.append(.window(.mapped))
        // input-method-v2 has said by now which field has the focus, if any: the session's
        // field is private only until that first answer (as the focus watch's on X).
        if connection.hasInputMethod { askField() }
    }

    func expose(_ rect: Rect, picture: Picture) { present([rect], handleToo: true) }

    func resize(to size: Size, picture: Picture) -> Size? {
        keysDropped = false
        do {
            keys = try Canvas(size: Self.keysSize(size, float: float))
            try paintHandle(width: size.width)
            return keys.size
        } catch {
            Log.error("\(error)")
            return nil
        }
    }

    func route(_ input: InputEvent) -> InputEvent? {
        guard let float else { return input }
        let surface = Size(width: keys.size.width, height: keys.size.height + float.handleHeight)
        // The margins and the size go in one commit: a move keeps the size, a resize the place.
        // The surface is made again where the drag ended: sway 1.7 draws a layer surface whose
        // margins changed at its new place but still finds it under the pointer at its old one
        // (seen: a click after a move landed as if it had not moved), a new one at its place.
        return float.route(input, surface: surface) { [self] _ in makeSurface() }
    }

    func keysPoint(_ point: Point) -> Point? {
        guard let float else { return point }
        guard point.y >= Double(float.handleHeight) else { return nil }
        return Point(x: point.x, y: point.y - Double(float.handleHeight))
    }

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
            present([], handleToo: true)
        }
    }

    var windowRect: Rect {
        guard let placed, let output = connection.output(named: placed.output) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let scale = max(1, connection.scale)
        let size = Size(width: keys.size.width / scale, height: keys.size.height / scale)
        switch placed.place {
        case .docked(let edge, _):
            return Rect(x: 0, y: edge == .top ? 0 : output.size.height - size.height, width: size.width, height: size.height)
        case .floating:
            let rect = float?.rect ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
            return Rect(x: rect.x, y: rect.y, width: size.width, height: size.height + (float?.handleHeight ?? 0) / scale)
        }
    }
}
