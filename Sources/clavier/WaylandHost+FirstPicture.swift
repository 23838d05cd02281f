import ClavierCore
import ClavierRender

/// The first picture on Wayland, as on X (FirstPicture.swift): a docked keyboard's first
/// frame is the picture kept from the last start when there is one (mapped from its file, no
/// Cairo, no fonts), checked against a fresh paint once it is up; else it is painted, and kept
/// for the next start.
extension WaylandHost {
    /// Fills the keys from the kept picture of `first`, else paints them.
    func startFirstPicture(of first: Picture) {
        guard float == nil, let cache = pictureCache, let key = KeyboardPainter.pictureKey(of: first, theme: theme) else {
            painter.paintAll(first, on: keys)
            return
        }
        var kept: PictureCache.Kept?
        if let found = cache.load(key, sizes: [keys.size]), let canvas = found.canvas(0) {
            keys = canvas
            kept = found
        } else {
            painter.paintAll(first, on: keys)
        }
        firstPicture = FirstPicture(cache: cache, key: key, kept: kept)
        Log.debug(kept != nil ? "first picture from the cache" : "no kept picture: painting the first one")
    }

    /// Done with the first picture once it is up: a painted one is kept for the next start; a
    /// kept one is checked against a fresh paint of `picture` (`check`) and replaced on screen
    /// and on disk when they differ. Without `check` (the keys are about to be repainted whole),
    /// a kept one is only let go of.
    func settleFirstPicture(check: Bool, picture: Picture) {
        guard let first = firstPicture else { return }
        firstPicture = nil
        do {
            if let kept = first.kept {
                // The keys leave the file's mapping: what is painted from now on is the keyboard's own.
                let fresh = try Canvas(size: keys.size)
                painter.paintAll(picture, on: fresh)
                let (fd, offset) = kept.file(0)
                let same = fresh.hasSamePixels(asFile: fd, offset: offset)
                keys = fresh
                guard check, !same else { return }
                Log.debug("the kept first picture differs from a fresh paint: replacing it")
                present([whole])
                // A fresh paint whose bar offers copies (the clipboard strip) is never kept on disk.
                if picture.offersClips { return }
            }
            try first.cache.save(first.key, parts: [PictureCache.Part(pixels: UnsafeRawPointer(keys.data), stride: keys.stride,
                                                                      size: keys.size)])
        } catch {
            Log.warning("cannot keep the keyboard's first picture in \(first.cache.directory): \(error)")
        }
    }
}
