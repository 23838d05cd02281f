import ClavierApp
import ClavierCore
import ClavierRender
import ClavierWayland

/// The key preview on Wayland: a subsurface above the held key, painted with the keys'
/// painter, shown and hidden as the held key changes.
final class WaylandPreview {
    private let connection: WaylandConnection
    /// The preview on screen; nil: none.
    private var shown: KeyPreview?

    init(connection: WaylandConnection) { self.connection = connection }

    /// Brings the preview in line with `picture` (`mode`: `--preview` as it is now), within
    /// keys `keysWidth` wide; `dockedAtTop`: no screen above the keys, so it stands below the key.
    func follow(_ picture: Picture, mode: PreviewMode, painter: KeyboardPainter, keysWidth: Int, dockedAtTop: Bool) {
        let wanted = mode == .never ? nil : picture.preview(mode)
        guard wanted != shown else { return }
        shown = wanted
        guard let wanted else { return connection.hidePreview() }
        do {
            let canvas = try Canvas(size: wanted.size)
            painter.paintAll(wanted.keyboard(), on: canvas)
            var frame = wanted.frame
            if frame.y < 0, dockedAtTop { frame.y = wanted.keyRect.maxY + wanted.keyRect.height / 10 }
            frame.x = min(max(frame.x, 0), max(keysWidth - frame.width, 0))
            connection.showPreview(at: (frame.x, frame.y), pixels: canvas.data, stride: canvas.stride, size: canvas.size)
        } catch {
            Log.debug("no key preview: \(error)")
        }
    }

    /// The surface went, and the preview with it.
    func surfaceGone() { shown = nil }
}
