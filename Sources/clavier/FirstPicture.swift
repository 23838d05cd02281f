import ClavierCore
import ClavierRender
import ClavierX11

/// The picture on screen since start-up while it is still the first one: read from the cache
/// (to be checked against a fresh paint once it is up) or painted here (to be kept for the
/// next start), and the key it is kept under.
struct FirstPicture {
    let cache: PictureCache
    let key: String
    /// The file it was read from (nil: painted), open until the picture is settled: the X
    /// server reads it for the background, and the check compares with it.
    let kept: PictureCache.Kept?
}

extension KeyboardScreen {
    /// Fills the keys (and handle) from the kept picture of `first` when `cache` has one,
    /// else paints them; a PIN pad (`cache` nil) keeps none.
    func startFirstPicture(of first: Picture, theme: Theme, cache: PictureCache?) {
        shown = first
        if let cache, let keysKey = KeyboardPainter.pictureKey(of: first, theme: theme) {
            // A floating keyboard's picture is its whole window: the handle strip, then the
            // keys with the resize grip painted over their corner.
            let windowSize = Size(width: window.rect.width, height: window.rect.height)
            let key = frame.map { keysKey + $0.pictureKey(window: windowSize) } ?? keysKey
            var kept: PictureCache.Kept?
            if let picture = cache.load(key, sizes: frame != nil ? [handle.size, keys.size] : [keys.size]) {
                if frame != nil, let handle = picture.canvas(0), let keys = picture.canvas(1) {
                    self.handle = handle
                    self.keys = keys
                    kept = picture
                } else if frame == nil, let keys = picture.canvas(0) {
                    self.keys = keys
                    kept = picture
                }
            }
            firstPicture = FirstPicture(cache: cache, key: key, kept: kept)
            Log.debug(kept != nil ? "first picture from the cache" : "no kept picture: painting the first one")
        }
        guard firstPicture?.kept == nil else { return }
        if frame != nil { framePainter.paintHandle(on: handle) }
        paintAll(first)
    }

    /// Makes the first picture the window's background before the window is first mapped:
    /// the server paints it as it maps the window, rather than after an Expose and a second
    /// trip of the whole picture (1.9 MB at 1920x242).
    func showFirstPicture() {
        if let frame, firstPicture?.kept == nil { framePainter.paintResizeGrip(in: frame.grip(keys: keys.size), on: keys) }
        var pictures = [KeyboardWindow.Picture(pixels: keys.data, stride: keys.stride, size: keys.size,
                                               origin: (0, frame?.handleHeight ?? 0),
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
        presentAll()
        if frame != nil { presentHandle(Rect(x: 0, y: 0, width: handle.size.width, height: handle.size.height)) }
    }

    /// Once the window is up, the server's copy of the first picture goes: after this, the
    /// window shows only what `present` puts there.
    func letBackgroundGo() {
        guard pictureIsBackground else { return }
        pictureIsBackground = false
        window.clearBackground()
    }

    /// Done with the first picture once it is on screen: a painted one is kept for the next
    /// start; a kept one is checked against a fresh paint of `picture` (`check`), and
    /// replaced on screen and on disk when they differ. Without `check` (the keys are about
    /// to be repainted whole), a kept one is only let go of.
    func settleFirstPicture(check: Bool, picture: Picture) {
        guard let first = firstPicture else { return }
        firstPicture = nil
        do {
            if let kept = first.kept {
                guard check, try !keptPictureIsFresh(kept, picture: picture) else { return }
                // A fresh paint whose bar offers copies (the clipboard strip) is never kept on disk.
                if picture.offersClips { return }
            }
            try first.cache.save(first.key, parts: pictureParts())
        } catch {
            Log.warning("cannot keep the keyboard's first picture in \(first.cache.directory): \(error)")
        }
    }

    /// Whether the kept picture on screen is what a fresh paint of `picture` gives; when it
    /// is not, the fresh pixels replace it on screen.
    private func keptPictureIsFresh(_ kept: PictureCache.Kept, picture: Picture) throws -> Bool {
        // Compared with the file rather than the canvas mapped over it: reading the mapping
        // would make all of the picture resident here, where only repainted keys need be.
        func same(_ fresh: borrowing Canvas, part: Int) -> Bool {
            let (fd, offset) = kept.file(part)
            return fresh.hasSamePixels(asFile: fd, offset: offset)
        }
        Log.debug("the kept first picture is on screen: checking it against a fresh paint")
        let fresh = try Canvas(size: keys.size)
        painter.paintAll(picture, on: fresh)
        var handleDiffers = false
        if let frame {
            framePainter.paintResizeGrip(in: frame.grip(keys: keys.size), on: fresh)
            let freshHandle = try Canvas(size: handle.size)
            framePainter.paintHandle(on: freshHandle)
            if !same(freshHandle, part: 0) {
                handleDiffers = true
                handle = freshHandle
                presentHandle(Rect(x: 0, y: 0, width: handle.size.width, height: handle.size.height))
            }
        }
        if same(fresh, part: frame != nil ? 1 : 0) && !handleDiffers { return true }
        Log.debug("the kept first picture differs from a fresh paint: replacing it")
        keys = fresh
        presentAll()
        return false
    }

    /// The picture's parts as they are now, to keep: the handle strip first when floating.
    private func pictureParts() -> [PictureCache.Part] {
        let keysPart = PictureCache.Part(pixels: UnsafeRawPointer(keys.data), stride: keys.stride, size: keys.size)
        guard frame != nil else { return [keysPart] }
        return [PictureCache.Part(pixels: UnsafeRawPointer(handle.data), stride: handle.stride, size: handle.size), keysPart]
    }
}
