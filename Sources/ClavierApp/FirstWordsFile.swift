import ClavierCore
import ClavierLayouts
import Glibc

/// The bar's first words at the last start (nothing typed yet), per language and number of
/// cells, kept beside the first pictures (`$XDG_CACHE_HOME/clavier/pictures/first-words`, 0600,
/// written beside and renamed). With them a start puts up its kept picture without the language
/// model, which is made once the window is up (it took 4 of a 9 ms start, BENCHMARKS.md); where
/// the model's words differ the bar shows the model's and the file is written again.
///
/// They may be learned words, as the kept pictures' are: `clavier forget` removes the file with
/// them. A cache, not a setting: a file that is damaged, too long or holds anything but words
/// (letters and apostrophes, as the bar offers) is ignored whole, and the model's words go up.
package struct FirstWordsFile {
    static let name = "first-words"
    static let magic = "clavier first words 1"
    /// The largest file read: a line per language and cell count, a few words each.
    static let maxBytes = 4096
    /// Lines kept at most (languages × cell counts met).
    static let limit = 8

    let path: String
    /// "LANG\tCELLS" → the words, in the order the bar shows them.
    private(set) var entries: [String: [String]]
    /// The keys in the order they were last written, the newest last.
    private var order: [String]

    /// The file in `cache`'s directory, as it is now (none, or ignored: no words).
    init(beside cache: PictureCache) {
        path = Self.path(beside: cache)
        (entries, order) = Self.read(path)
    }

    static func path(beside cache: PictureCache) -> String { cache.directory + "/" + name }

    func words(language: String, cells: Int) -> [String]? { entries[Self.key(language, cells)] }

    /// Keeps `words` as the first words of `language` on a bar of `cells`, written only when
    /// they changed.
    mutating func keep(_ words: [String], language: String, cells: Int) {
        let key = Self.key(language, cells)
        guard entries[key] != words, words.allSatisfy(Self.isWord) else { return }
        entries[key] = words
        order.removeAll { $0 == key }
        order.append(key)
        while order.count > Self.limit { entries[order.removeFirst()] = nil }
        var text = Self.magic + "\n"
        for key in order { text += ([key] + (entries[key] ?? [])).joined(separator: "\t") + "\n" }
        do {
            try StateFile.writeAtomically(Array(text.utf8), to: path)
        } catch {
            Log.debug("the first words were not kept: \(error)")
        }
    }

    /// `clavier forget` reached the running keyboard: none of the words known are kept again
    /// (the command removes the file itself).
    mutating func forget() {
        entries = [:]
        order = []
    }

    /// Removes the file (`clavier forget`): its path, nil when there was none.
    package static func remove(beside cache: PictureCache) -> String? {
        let file = path(beside: cache)
        return unlink(file) == 0 ? file : nil
    }

    private static func key(_ language: String, _ cells: Int) -> String { language + "\t" + String(cells) }

    /// A word as the bar offers one: letters and apostrophes, at most 64 bytes.
    static func isWord(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.count <= 64 && word.unicodeScalars.allSatisfy(CurrentWord.isWordScalar)
    }

    private static func read(_ path: String) -> ([String: [String]], [String]) {
        // Not through a symbolic link, never waiting on a FIFO put in its place.
        let bytes: [UInt8]
        do {
            bytes = try PlainFiles.bytes(path, limit: maxBytes, followingLinks: false)
        } catch {
            if !error.missing { Log.debug("\(path) ignored: \(error.reason)") }
            return ([:], [])
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(magic), lines.last == "" else {
            Log.debug("\(path) ignored: not a first-words file")
            return ([:], [])
        }
        var entries: [String: [String]] = [:], order: [String] = []
        for line in lines.dropFirst().dropLast() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, !fields[0].isEmpty, fields[0].utf8.allSatisfy({ $0 < 0x80 && ($0 == 0x2D || $0 == 0x5F || isalnum(Int32($0)) != 0) }),
                  let cells = Int(fields[1]), cells > 0, fields.count - 2 <= cells, fields.dropFirst(2).allSatisfy(isWord) else {
                Log.debug("\(path) ignored: a line is not a language, a cell count and words")
                return ([:], [])
            }
            let key = Self.key(fields[0], cells)
            entries[key] = Array(fields.dropFirst(2))
            order.removeAll { $0 == key }
            order.append(key)
        }
        return (entries, order)
    }
}
