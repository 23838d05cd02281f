import ClavierApp
import ClavierCore
import ClavierRender
import ClavierWayland

/// The show button on Wayland: a small layer surface at the output's bottom right while the
/// keyboard is hidden (the key preview is the screen's: `WaylandScreen.followPreview`).
extension WaylandHost {
    package func follow(shown: Bool) -> SessionRequest? {
        guard showsButton else { return nil }
        if shown {
            if connection.buttonShown { connection.hideButton() }
        } else if !connection.buttonShown {
            let output = screen.placed?.output ?? screen.placement(connection).output
            let scale = max(1, connection.output(named: output)?.scale ?? 1)
            let side = 56, margin = 16
            do {
                let canvas = try Canvas(size: Size(width: side * scale, height: side * scale))
                ShowButtonPainter(theme: screen.theme).paint(on: canvas)
                connection.showButton(on: output, side: side, margin: margin, pixels: canvas.data, stride: canvas.stride)
            } catch {
                Log.debug("no show button: \(error)")
            }
        }
        return nil
    }
}
