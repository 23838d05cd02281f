import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierX11

/// `--show-button`: while the keyboard is hidden, a small button, painted in the keyboard's
/// theme, floats where the user last dragged it; a tap on it shows the keyboard. Where a
/// system tray runs, an icon in it shows and hides the keyboard instead, and the floating
/// button stays away. Both live on the side connection (`SideConnection`).
final class ShowButton {
    /// The button's side at a scale of 1 (px): a fingertip's target, ~9 mm at 96 dpi.
    static let side = 40.0

    private let connection: () -> Display?
    private let painter: ShowButtonPainter
    private let size: Size
    private let defaultRect: () -> Rect
    private let screenSize: () -> Size
    private let store: ShowButtonStore?
    private var window: ShowButtonWindow?
    private var tray: TrayIcon?
    private var drag: ButtonDrag

    /// `defaultRect` places a button of `size(scale)` when no place is remembered; `store`
    /// nil remembers nothing.
    init(connection: @escaping () -> Display?, theme: Theme, scale: DisplayScale, store: ShowButtonStore?,
         defaultPlace: @escaping (Size) -> Rect, screenSize: @escaping () -> Size) {
        self.connection = connection
        painter = ShowButtonPainter(theme: theme)
        let side = Int((Self.side * scale.factor).rounded())
        size = Size(width: side, height: side)
        defaultRect = { [size] in defaultPlace(size) }
        self.screenSize = screenSize
        self.store = store
        drag = ButtonDrag(slop: 8 * scale.factor)
    }

    /// Shows the button while the keyboard is hidden (and no tray holds the icon), and hides
    /// it while the keyboard is shown.
    func follow(keyboardShown: Bool) {
        if keyboardShown || tray?.tray != nil {
            window?.hide()
        } else if let window = window ?? make() {
            window.show()
        }
    }

    /// Puts the icon in the system tray, now and whenever a tray starts (once the keyboard is up).
    func startTray() {
        guard tray == nil, let side = connection() else { return }
        let icon = TrayIcon(display: side, size: Size(width: 22, height: 22))
        tray = icon
        Log.debug(icon.tray.map { "tray icon: docking in the system tray (window \($0))" } ?? "tray icon: no system tray yet")
    }

    private func make() -> ShowButtonWindow? {
        guard let side = connection() else { return nil }
        var rect = defaultRect()
        if let store {
            let (remembered, warning) = store.load()
            if let warning { Log.warning(warning) }
            if let remembered { rect = Rect(x: remembered.x, y: remembered.y, width: size.width, height: size.height) }
        }
        let origin = ButtonDrag.clamped(Point(x: Double(rect.x), y: Double(rect.y)), size: size, screen: screenSize())
        window = ShowButtonWindow(display: side, rect: Rect(x: Int(origin.x), y: Int(origin.y), width: size.width, height: size.height))
        return window
    }

    /// Handles what the side connection heard: the tray's comings and goings, the icon's
    /// clicks (toggle) and the button's taps (show) and drags.
    func serve(_ events: [SideEvent]) -> SideConnection.Request? {
        var request: SideConnection.Request?
        for event in events {
            if let tray, tray.handle(event) { paintIcon() }
            if let tray {
                switch event {
                case .expose(tray.id): paintIcon()
                case .release(tray.id, _): request = .toggle
                default: break
                }
            }
            if let window { request = serve(event, window: window) ?? request }
        }
        return request
    }

    private func serve(_ event: SideEvent, window: ShowButtonWindow) -> SideConnection.Request? {
        var request: SideConnection.Request?
        switch event {
        case .expose(window.id):
            paint(pressed: drag.isPressed)
        case .press(window.id, let point):
            drag.press(at: point, origin: Point(x: Double(window.rect.x), y: Double(window.rect.y)))
            paint(pressed: true)
        case .motion(window.id, let point):
            if let origin = drag.motion(to: point) {
                window.move(to: ButtonDrag.clamped(origin, size: size, screen: screenSize()))
            }
        case .release(window.id, let point):
            switch drag.release(at: point) {
            case .tap: request = .show
            case .moved(let origin):
                window.move(to: ButtonDrag.clamped(origin, size: size, screen: screenSize()))
                remember(window.rect)
            case .none: break
            }
            paint(pressed: false)
        default: break
        }
        return request
    }

    /// Paints the button anew: it is painted only when exposed, pressed and released, so it
    /// keeps no canvas (40 x 40 px at a scale of 1).
    private func paint(pressed: Bool) {
        guard let window else { return }
        paint(size: size, pressed: pressed) { window.present($0, stride: $1) }
    }

    private func paintIcon() {
        guard let tray else { return }
        paint(size: tray.paintedSize, pressed: false) { tray.present($0, stride: $1) }
    }

    private func paint(size: Size, pressed: Bool, present: (UnsafeMutableRawPointer, Int) -> Void) {
        let canvas: Canvas
        do {
            canvas = try Canvas(size: size)
        } catch {
            Log.warning("cannot paint the show button: \(error)")
            return
        }
        painter.paint(on: canvas, pressed: pressed)
        let stride = canvas.stride
        present(canvas.data, stride)
    }

    private func remember(_ rect: Rect) {
        guard let store else { return }
        do {
            try store.save(rect)
        } catch {
            Log.warning("cannot remember the show button's place in \(store.path): \(error)")
        }
    }
}

extension ShowButton {
    /// The button the settings ask for (`Settings.showsButton`), at the bottom right of the
    /// keyboard's monitor until the user drags it elsewhere; nil when they ask for none.
    static func make(_ settings: Settings, display: Display, connection: @escaping () -> Display?, theme: Theme,
                     scale: DisplayScale) -> ShowButton? {
        guard settings.showsButton else { return nil }
        let margin = Int((16 * scale.factor).rounded())
        return ShowButton(
            connection: connection, theme: theme, scale: scale, store: .standard(),
            defaultPlace: { size in
                let monitor = display.monitor(named: settings[.monitor]).rect
                return Rect(x: monitor.maxX - size.width - margin, y: monitor.maxY - size.height - margin,
                            width: size.width, height: size.height)
            },
            screenSize: { Size(width: display.screenSize.width, height: display.screenSize.height) })
    }
}
