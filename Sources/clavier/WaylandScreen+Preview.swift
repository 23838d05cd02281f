import ClavierCore
import ClavierRender

/// The key preview on Wayland: a subsurface above the held key, painted here.
extension WaylandScreen {
    /// Brings the preview of a held key in line with `picture` (`mode`: `--preview` as it is now).
    func followPreview(_ picture: Picture, mode: PreviewMode) {
        let wanted = mode == .never ? nil : picture.preview(mode)
        guard wanted != previewShown else { return }
        previewShown = wanted
        guard let wanted else { return connection.hidePreview() }
        do {
            let canvas = try Canvas(size: wanted.size)
            painter.paintAll(wanted.keyboard(), on: canvas)
            var frame = wanted.frame
            // Above the key, but below it on a keyboard docked at the top (no screen above it there).
            if frame.y < 0, case .docked(.top, _)? = placed?.place {
                frame.y = wanted.keyRect.maxY + wanted.keyRect.height / 10
            }
            frame.x = min(max(frame.x, 0), max(keys.size.width - frame.width, 0))
            connection.showPreview(at: (frame.x, frame.y), pixels: canvas.data, stride: canvas.stride, size: canvas.size)
        } catch {
            Log.debug("no key preview: \(error)")
        }
    }
}
