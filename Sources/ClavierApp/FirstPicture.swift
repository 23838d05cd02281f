import ClavierCore
import ClavierRender

/// The picture on screen since start-up while it is still the first one: read from the cache
/// (to be checked against a fresh paint once it is up) or painted here (to be kept for the
/// next start), and the key it is kept under.
package struct FirstPicture {
    let cache: PictureCache
    let key: String
    /// The file it was read from (nil: painted), open until the picture is settled: the X
    /// server reads it for the background, and the check compares with it.
    package let kept: PictureCache.Kept?
}

/// The first picture's rule, on every window system: kept between starts under a key naming
/// what it is painted from, checked against a fresh paint once it is up.
extension PaintedScreen {
    /// Fills the keys (and handle) with the kept picture of `first` when `pictureCache` has
    /// one, else paints them; a PIN pad (no cache) keeps none, nor does a floating keyboard
    /// on Wayland (not `keeping`).
    package func startFirstPicture(of first: Picture, keeping: Bool = true) {
        shown = first
        if keeping, let cache = pictureCache, let keysKey = KeyboardPainter.pictureKey(of: first, theme: theme) {
            // A floating keyboard's picture is its whole window: the handle strip, then the
            // keys with the resize grip painted over their corner.
            let windowSize = Size(width: keys.size.width, height: keys.size.height + keysTop)
            let key = frameScale.map { keysKey + Self.frameKey(window: windowSize, scale: $0) } ?? keysKey
            var kept: PictureCache.Kept?
            let framed = frameScale != nil
            if let picture = cache.load(key, sizes: framed ? [handle.size, keys.size] : [keys.size]) {
                if framed, let handle = picture.canvas(0), let keys = picture.canvas(1) {
                    self.handle = handle
                    self.keys = keys
                    kept = picture
                } else if !framed, let keys = picture.canvas(0) {
                    self.keys = keys
                    kept = picture
                }
            }
            firstPicture = FirstPicture(cache: cache, key: key, kept: kept)
            Log.debug(kept != nil ? "first picture from the cache" : "no kept picture: painting the first one")
        }
        guard firstPicture?.kept == nil else { return }
        paintWindow(first)
    }

    /// What a floating keyboard's kept picture is painted from besides its keys: the window's
    /// size and scale, which place the handle and the grip.
    static func frameKey(window size: Size, scale: DisplayScale) -> String {
        let grip = FloatFrame(size: size, scale: scale).gripInKeys
        return "frame " + String(size.width) + "x" + String(size.height) + " scale " + String(scale.factor)
            + " grip " + String(grip.x) + "," + String(grip.y) + "," + String(grip.width) + "," + String(grip.height) + "\n"
    }

    /// Done with the first picture once it is on screen: a painted one is kept for the next
    /// start; a kept one is checked against a fresh paint of `picture` (`check`), and
    /// replaced on screen and on disk when they differ. Without `check` (the keys are about
    /// to be repainted whole), a kept one is only let go of.
    package func settleFirstPicture(check: Bool, picture: Picture) {
        guard let first = firstPicture else { return }
        firstPicture = nil
        do {
            if let kept = first.kept {
                guard check || leavesKeptMapping, try !keptPictureIsFresh(kept, picture: picture, check: check) else { return }
                // A fresh paint whose bar offers copies (the clipboard strip) is never kept on disk.
                if picture.offersClips { return }
            }
            try first.cache.save(first.key, parts: pictureParts())
        } catch {
            Log.warning("cannot keep the keyboard's first picture in \(first.cache.directory): \(error)")
        }
    }

    /// Whether the kept picture on screen is what a fresh paint of `picture` gives; when it
    /// is not (and `check`), the fresh pixels replace it on screen. The keys take the fresh
    /// pixels whenever they differ, or always when they leave the mapping (`leavesKeptMapping`).
    /// True without `check`: nothing more to do.
    private func keptPictureIsFresh(_ kept: PictureCache.Kept, picture: Picture, check: Bool) throws -> Bool {
        // Compared with the file rather than the canvas mapped over it: reading the mapping
        // would make all of the picture resident here, where only repainted keys need be.
        func same(_ fresh: borrowing Canvas, part: Int) -> Bool {
            let (fd, offset) = kept.file(part)
            return fresh.hasSamePixels(asFile: fd, offset: offset)
        }
        if check { Log.debug("the kept first picture is on screen: checking it against a fresh paint") }
        let fresh = try Canvas(size: keys.size)
        painter.paintAll(picture, on: fresh)
        var handleDiffers = false
        if let grip {
            framePainter.paintResizeGrip(in: grip, on: fresh)
            let freshHandle = try Canvas(size: handle.size)
            framePainter.paintHandle(on: freshHandle)
            handleDiffers = !same(freshHandle, part: 0)
            if handleDiffers || leavesKeptMapping { handle = freshHandle }
            if check && handleDiffers { present([], handle: true) }
        }
        let keysSame = same(fresh, part: frameScale != nil ? 1 : 0)
        if leavesKeptMapping || !keysSame { keys = fresh }
        guard check else { return true }
        if keysSame && !handleDiffers { return true }
        Log.debug("the kept first picture differs from a fresh paint: replacing it")
        if !keysSame { present([wholeKeys]) }
        return false
    }

    /// The picture's parts as they are now, to keep: the handle strip first when floating.
    private func pictureParts() -> [PictureCache.Part] {
        let keysPart = PictureCache.Part(pixels: UnsafeRawPointer(keys.data), stride: keys.stride, size: keys.size)
        guard frameScale != nil else { return [keysPart] }
        return [PictureCache.Part(pixels: UnsafeRawPointer(handle.data), stride: handle.stride, size: handle.size), keysPart]
    }
}
