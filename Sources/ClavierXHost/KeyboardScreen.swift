import ClavierApp
import ClavierCore
import ClavierRender
import ClavierX11

/// What the user sees on X: the keyboard window, painted by `PaintedScreen` and put up with
/// `XPutImage` (the window is its `PixelSink`); its own business is the first picture as the
/// window's background until the window first shows it, and the floating frame's moves.
package final class KeyboardScreen: PaintedScreen {
    package let window: KeyboardWindow
    /// The floating frame; nil when docked, or floating in kiosk mode (no handle, no grip).
    let frame: FloatingFrame?
    /// The first picture is the window's background until the window first shows it.
    var pictureIsBackground = false

    init(window: KeyboardWindow, theme: Theme, frame: FloatingFrame?) throws {
        self.window = window
        self.frame = frame
        try super.init(sink: window, theme: theme, window: Size(width: window.rect.width, height: window.rect.height),
                       frame: frame?.scale)
    }

    package override var frameScale: DisplayScale? { frame?.scale }

    package override func put(_ damage: [Rect]) {
        letBackgroundGo()
        super.put(damage)
    }

    /// Answers an Expose of `rect` (window coordinates) from the pixels already painted.
    func expose(_ rect: Rect) { put([rect]) }

    /// Takes the window's new size: the handle strip painted and shown, the keys blank for the
    /// caller to paint once the keyboard is laid out anew; returns the keys' new size.
    func resize(to size: Size) throws -> Size {
        let keysSize = try resize(window: size)
        if frame != nil { put([Rect(x: 0, y: 0, width: size.width, height: keysTop)]) }
        return keysSize
    }

    /// Makes the first picture the window's background before the window is first mapped:
    /// the server paints it as it maps the window, rather than after an Expose and a second
    /// trip of the whole picture (1.9 MB at 1920x242).
    func showFirstPicture() {
        var pictures = [KeyboardWindow.Picture(pixels: keys.data, stride: keys.stride, size: keys.size, origin: (0, keysTop),
                                               file: firstPicture?.kept?.file(frame != nil ? 1 : 0))]
        if frame != nil {
            pictures.append(KeyboardWindow.Picture(pixels: handle.data, stride: handle.stride, size: handle.size,
                                                   file: firstPicture?.kept?.file(0)))
        }
        window.setBackground(pictures)
        pictureIsBackground = true
    }

    /// The first Expose: the server painted every exposed part from the background as it
    /// mapped the window (later exposures are answered by `expose` as usual). Puts the
    /// picture up from here when the server could not read its file.
    func firstExposed() {
        let failed = window.backgroundFailed()
        letBackgroundGo()
        guard failed else { return }
        Log.debug("the X server could not read the kept picture's file: putting it up from here")
        present([wholeKeys], handle: true)
    }

    /// Once the window is up, the server's copy of the first picture goes: after this, the
    /// window shows only what `present` puts there.
    func letBackgroundGo() {
        guard pictureIsBackground else { return }
        pictureIsBackground = false
        window.clearBackground()
    }
}

/// The X window as a pixel sink: each damaged rectangle of each block by `XPutImage`.
extension KeyboardWindow: PixelSink {
    package func put(_ blocks: [PixelBlock], damage: [Rect]) {
        for rect in damage {
            for block in blocks {
                guard let area = block.area(of: rect) else { continue }
                present(pixels: block.pixels, stride: block.stride, size: block.size, area: area, origin: (0, block.top))
            }
        }
    }
}
