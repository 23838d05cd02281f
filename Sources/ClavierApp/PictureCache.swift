import ClavierCore
import ClavierLayouts
import ClavierRender
import Glibc

/// The keyboard's first picture kept on disk, in `$XDG_CACHE_HOME/clavier/pictures/`
/// (default `~/.cache/clavier/pictures/`), so that a start puts it on screen without waiting
/// for fontconfig and Pango (18 ms of a 41 ms start at 1920×242). It holds no typed text:
/// only what the keyboard looks like before any key is touched.
///
/// A picture is found by a key that names everything it was painted from
/// (`KeyboardPainter.pictureKey`) and the binary that painted it; the keyboard still paints
/// the picture itself right after showing a kept one, and replaces both on screen and on
/// disk when they differ (fonts installed or removed, say).
package struct PictureCache {
    /// The directory the pictures live in.
    let directory: String
    /// Pictures kept at most; the oldest goes first. A 1920×486 picture is 3.7 MB.
    static let limit = 6

    /// The standard place, nil when neither `XDG_CACHE_HOME` nor `HOME` says where it is.
    package static func standard() -> PictureCache? {
        XDGDirectory.cache.clavierPath().map { PictureCache(directory: $0 + "/pictures") }
    }

    /// The file's first bytes: what it is, the whole key, and the picture's size, so a
    /// file is only ever taken for exactly the picture asked for; padded with zeros to a
    /// multiple of 64 bytes, so the pixels after it can be mapped as a canvas's rows.
    private static func header(key: String, sizes: [Size]) -> [UInt8] {
        var parts = ""
        for size in sizes {
            if !parts.isEmpty { parts += " " }
            parts += String(size.width) + "x" + String(size.height)
        }
        let text = Array(("clavier picture 2\n" + binaryIdentity + "\n" + parts + "\n" + key + "\n").utf8)
        return text + [UInt8](repeating: 0, count: (64 - text.count % 64) % 64)
    }

    /// The running binary's size and modification time: another build may paint otherwise.
    private static let binaryIdentity: String = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return "binary unknown" }
        return "binary " + String(st.st_size) + " " + String(st.st_mtim.tv_sec) + "." + String(st.st_mtim.tv_nsec)
    }()

    /// The file name for `key`: its 64-bit FNV-1a hash in hexadecimal.
    private func path(for header: [UInt8]) -> String {
        let hex = String(fnv1a64(header), radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".picture"
    }

    /// A kept picture found whole: its parts (a floating keyboard's handle strip, then its
    /// keys; a docked keyboard's keys alone), each to be made into a canvas over the file.
    package final class Kept {
        private let fd: Int32
        private let offsets: [Int]
        private let sizes: [Size]

        fileprivate init(fd: Int32, offsets: [Int], sizes: [Size]) {
            self.fd = fd
            self.offsets = offsets
            self.sizes = sizes
        }

        deinit { close(fd) }

        /// Part `index` as a canvas over the file mapped copy-on-write (`Canvas(mapping:)`):
        /// its pages are read as they are first put on screen, with no copy; nil when it
        /// cannot be mapped.
        func canvas(_ index: Int) -> Canvas? {
            Canvas(mapping: fd, offset: offsets[index], size: sizes[index])
        }

        /// Where part `index`'s pixels lie in the file (open while this lives), for the X
        /// server to read them itself, and for comparing without mapping them in.
        package func file(_ index: Int) -> (fd: Int32, offset: Int) { (fd, offsets[index]) }
    }

    /// The picture kept for `key` whose parts have `sizes`, nil when there is none or it is
    /// not whole. A file that is there but not exactly this picture (cut short, grown,
    /// another picture's, crafted, or not a regular file) is ignored with one debug line.
    func load(_ key: String, sizes: [Size]) -> Kept? {
        let header = Self.header(key: key, sizes: sizes)
        let path = path(for: header)
        // Not through a symbolic link, and never waiting on a FIFO someone put in its place.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno != ENOENT { Log.debug("kept picture \(path) ignored: \(String(cString: strerror(errno)))") }
            return nil
        }
        var offsets: [Int] = [], end = header.count
        for size in sizes {
            offsets.append(end)
            end += size.width * 4 * size.height
        }
        var st = stat()
        var found = [UInt8](repeating: 0, count: header.count)
        let problem: String? =
            if fstat(fd, &st) != 0 || st.st_mode & S_IFMT != S_IFREG { "not a regular file" }
            else if st.st_size != end { "\(st.st_size) bytes where the picture takes \(end)" }
            else if !readFully(fd, &found, count: header.count) || found != header { "its header is not this picture's" }
            else { nil }
        if let problem {
            Log.debug("kept picture \(path) ignored: \(problem)")
            close(fd)
            return nil
        }
        return Kept(fd: fd, offsets: offsets, sizes: sizes)
    }

    /// One part of a picture to keep: rows of x8r8g8b8 pixels `stride` bytes apart.
    struct Part {
        var pixels: UnsafeRawPointer
        var stride: Int
        var size: Size
    }

    /// Keeps `parts` as the picture for `key`, written atomically (mode 0600), and lets go
    /// of the oldest pictures beyond `limit`.
    func save(_ key: String, parts: [Part]) throws {
        let header = Self.header(key: key, sizes: parts.map(\.size))
        var bytes = header
        bytes.reserveCapacity(header.count + parts.reduce(0) { $0 + $1.size.width * 4 * $1.size.height })
        for part in parts {
            let rowBytes = part.size.width * 4
            for y in 0..<part.size.height {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: part.pixels + y * part.stride, count: rowBytes))
            }
        }
        let path = path(for: header)
        try StateFile.writeAtomically(bytes, to: path)
        prune(keeping: path)
    }

    /// Removes every kept picture (`clavier forget`: the bar's first words in them may be
    /// learned ones); the paths removed.
    package func removeAll() -> [String] {
        let all = pictures().map(\.path)
        return all.filter { unlink($0) == 0 }
    }

    /// Removes the least recently written pictures beyond `limit`, never `kept`.
    private func prune(keeping kept: String) {
        let pictures = pictures()
        guard pictures.count > Self.limit else { return }
        for old in pictures.sorted(by: { $0.time < $1.time }).prefix(pictures.count - Self.limit) where old.path != kept {
            unlink(old.path)
        }
    }

    /// The kept pictures, with when each was written.
    private func pictures() -> [(path: String, time: Int)] {
        guard let dir = opendir(directory) else { return [] }
        var pictures: [(path: String, time: Int)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".picture") else { continue }
            var st = stat()
            let path = directory + "/" + name
            if stat(path, &st) == 0 { pictures.append((path, st.st_mtim.tv_sec)) }
        }
        closedir(dir)
        return pictures
    }
}

/// Reads exactly `count` bytes into `buffer`, across short reads; false at end of file or on error.
private func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
    var done = 0
    while done < count {
        let n = read(fd, buffer + done, count - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        done += n
    }
    return true
}
