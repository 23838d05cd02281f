import CX11
import ClavierCore

extension KeyboardWindow {
    /// Puts `area` of an x8r8g8b8 pixel buffer of `size` on screen at the same place
    /// (`XPutImage`), without copying the buffer.
    /// `origin` is where the buffer's top left lies in the window (a floating keyboard's keys
    /// sit below its handle).
    public func present(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, area: Rect,
                        origin: (x: Int, y: Int) = (0, 0)) {
        put(pixels: pixels, stride: stride, size: size, area: area, origin: origin, on: id)
        display.flush()
    }

    /// One buffer for `setBackground`: x8r8g8b8 pixels of `size`, whose top left lies at
    /// `origin` in the window.
    public struct Picture {
        public var pixels: UnsafeMutableRawPointer
        public var stride: Int
        public var size: Size
        public var origin: (x: Int, y: Int)
        /// The same pixels in a file (rows `size.width * 4` bytes apart from `offset`), which
        /// the server can read itself where it maps files we hand it.
        public var file: (fd: Int32, offset: Int)?
        public init(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, origin: (x: Int, y: Int) = (0, 0),
                    file: (fd: Int32, offset: Int)? = nil) {
            self.pixels = pixels
            self.stride = stride
            self.size = size
            self.origin = origin
            self.file = file
        }
    }

    /// Makes `pictures` the window's background (`XCreatePixmap`, `XPutImage`,
    /// `XSetWindowBackgroundPixmap`), so that the server paints them itself as it maps the
    /// window, and the window never shows what lay under it before an Expose is answered.
    /// `clearBackground` lets the server's copy go once the window is up.
    /// A picture with a `file` goes up through the server's own mapping of the file (MIT-SHM
    /// `ShmAttachFd`) where it can: its pixels never cross the socket, and are not read here.
    public func setBackground(_ pictures: [Picture]) {
        let pixmap = XCreatePixmap(display.raw, id, UInt32(rect.width), UInt32(rect.height), UInt32(depth))
        let fromFiles = pictures.allSatisfy { $0.file != nil } && display.attachesFiles
        backgroundPuts = []
        for picture in pictures {
            if fromFiles, let file = picture.file, picture.stride == picture.size.width * 4 {
                // libxcb hands Xlib's queued requests (the pixmap) to the server before these.
                let put = clavier_shm_put_file(display.xcb, UInt32(pixmap), UInt32(XGContextFromGC(gc)), file.fd, UInt32(file.offset),
                                               UInt16(picture.size.width), UInt16(picture.size.height),
                                               Int16(picture.origin.x), Int16(picture.origin.y), UInt8(depth))
                if put != 0 {
                    backgroundPuts.append(put)
                    continue
                }
            }
            put(pixels: picture.pixels, stride: picture.stride, size: picture.size,
                area: Rect(x: 0, y: 0, width: picture.size.width, height: picture.size.height), origin: picture.origin, on: pixmap)
        }
        XSetWindowBackgroundPixmap(display.raw, id, pixmap)
        // The window holds the pixmap while it is its background.
        XFreePixmap(display.raw, pixmap)
    }

    /// Whether a picture `setBackground` put from a file failed (the server could not map the
    /// file): then the window shows none of it, and it must be presented the usual way. Asked
    /// once the window is up, when the server has answered already.
    public func backgroundFailed() -> Bool {
        defer { backgroundPuts = [] }
        return backgroundPuts.map { clavier_shm_failed(display.xcb, $0) != 0 }.contains(true)
    }

    /// No background again: the server never clears the window (what `setBackground` undoes).
    public func clearBackground() {
        XSetWindowBackgroundPixmap(display.raw, id, UInt(None))
        display.flush()
    }

    private func put(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, area: Rect,
                     origin: (x: Int, y: Int), on drawable: Drawable) {
        putPixels(pixels, stride: stride, size: size, area: area, origin: origin, on: drawable, gc: gc, depth: depth, display)
    }
}
