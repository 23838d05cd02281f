import ClavierApp
import ClavierCore
import ClavierRender
import ClavierX11

/// Shows the key preview while a character key is held (`Keyboard.preview`): a magnified copy
/// painted with the theme in a popup above the key, gone on release.
final class KeyPreviewer {
    /// As the settings say; the settings page changes it live.
    var mode: PreviewMode
    private let display: Display
    private var theme: Theme
    /// Made at the first preview: a painter starts loading fontconfig and Pango, which a start
    /// from a kept picture leaves until the picture is on screen.
    private lazy var painter = KeyboardPainter(theme: theme)
    /// Made at the first preview: a keyboard used only with a mouse never needs it.
    private var popup: PopupWindow?
    private var canvas: Canvas?
    /// What the popup shows now, nil when it is hidden.
    private var shown: KeyPreview?

    init(mode: PreviewMode, display: Display, theme: Theme) {
        self.mode = mode
        self.display = display
        self.theme = theme
    }

    /// Previews with `theme` from now on (the settings page changed it).
    func retheme(_ theme: Theme) {
        self.theme = theme
        painter = KeyboardPainter(theme: theme)
    }

    /// Brings the popup in line with `keyboard`, whose keys' top left lies at `keysOrigin()`
    /// on the root window (asked only when a preview is to show).
    func follow(_ picture: Picture, keysOrigin: () -> (x: Int, y: Int)) {
        let wanted = mode == .never ? nil : picture.preview(mode)
        guard wanted != shown else { return }
        shown = wanted
        guard let wanted else {
            popup?.hide()
            return
        }
        do {
            let canvas = try Canvas(size: wanted.size)
            painter.paintAll(wanted.keyboard(), on: canvas)
            let popup = self.popup ?? PopupWindow(display: display, title: "Clavier preview")
            self.popup = popup
            popup.show(at: place(wanted, keysOrigin: keysOrigin()), pixels: canvas.data, stride: canvas.stride)
            self.canvas = consume canvas
        } catch {
            Log.debug("no key preview: \(error)")
        }
    }

    /// Hides the preview (the keyboard was hidden, or a press was cancelled).
    func hide() {
        shown = nil
        popup?.hide()
    }

    /// Where the preview goes on the root window: above the key, else below it when the
    /// screen's top is in the way, and never past the screen's sides.
    func place(_ preview: KeyPreview, keysOrigin: (x: Int, y: Int)) -> Rect {
        var r = preview.frame
        r.x += keysOrigin.x
        r.y += keysOrigin.y
        if r.y < 0 { r.y = keysOrigin.y + preview.keyRect.maxY + preview.keyRect.height / 10 }
        let screen = display.screenSize
        r.x = min(max(r.x, 0), max(screen.width - r.width, 0))
        return r
    }
}
