import ClavierCore
import ClavierRender
import ClavierWayland

/// The key preview and the show button on Wayland: a subsurface above the key held, and a
/// small layer surface at the output's bottom right while the keyboard is hidden.
extension WaylandHost {
    func followPreview(_ picture: Picture) {
        let wanted = previewMode == .never ? nil : picture.preview(previewMode)
        guard wanted != previewShown else { return }
        previewShown = wanted
        guard let wanted else {
            connection.hidePreview()
            return
        }
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

    func follow(shown: Bool) -> SessionRequest? {
        guard showsButton else { return nil }
        if shown {
            if connection.buttonShown { connection.hideButton() }
        } else if !connection.buttonShown {
            let output = placed?.output ?? placement(connection).output
            let scale = max(1, connection.output(named: output)?.scale ?? 1)
            let side = 56, margin = 16
            do {
                let canvas = try Canvas(size: Size(width: side * scale, height: side * scale))
                ShowButtonPainter(theme: theme).paint(on: canvas)
                connection.showButton(on: output, side: side, margin: margin, pixels: canvas.data, stride: canvas.stride)
            } catch {
                Log.debug("no show button: \(error)")
            }
        }
        return nil
    }
}
