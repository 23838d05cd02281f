import Glibc
import ClavierText

/// Why a model file could not be used.
public enum ModelError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String, errno: Int32)
    case corrupt(String, String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "\(path): cannot open: \(String(cString: strerror(code)))"
        case .corrupt(let path, let what): "\(path): not a Clavier language model: \(what)"
        }
    }
}

/// One language's system model (`tools/build-models.py` writes it; the layout is in
/// tools/models_lm.py), memory-mapped read-only (`MappedFile`, which says why a mapping and
/// how a file cut short under it is survived). Opening it checks every entry of every index
/// once (`problem()`, SystemModel+Check.swift): a file that fails is refused with one error,
/// never read out of bounds. After that pass its pages leave the process's memory, and a query
/// brings in the few it touches. Every read is bounds-checked again where it is made, since a
/// file rewritten in place under the mapping can hold anything; a file cut short under it
/// reads zeros and makes `cutShort` true, for the owner to drop it. Immutable, so shared freely.
public final class SystemModel: @unchecked Sendable {
    public let language: String
    /// Word ids run from 0 (the sentence start, never suggested) to `vocabularyCount - 1`,
    /// most frequent first.
    public let vocabularyCount: Int
    let sentenceStart = 0
    let alphaScale: Float
    private let file: MappedFile
    let keyBytes: Int
    let unigram: UnsafePointer<Float32>
    let keyOffsets: UnsafePointer<UInt32>
    let keys: UnsafePointer<UInt8>
    let caseFlags: UnsafePointer<UInt8>
    let alphabetical: UnsafePointer<UInt32>
    /// The bigrams: context `v`, a word id.
    let bigram: Level
    let triContextCount: Int
    /// The trigram contexts (u, v), pairs of ids sorted ascending.
    let triContext: UnsafePointer<UInt32>
    /// The trigrams: context `c`, an index in `triContext`.
    let trigram: Level

    /// One order above the unigram, four sections of the file: the words seen after context `c`
    /// are `word[start[c]..<start[c + 1]]` (ids ascending), each with its discounted probability
    /// (`alpha`, quantised); `gamma[c]` is the context's back-off weight.
    struct Level {
        let start: UnsafePointer<UInt32>, word: UnsafePointer<UInt32>
        let alpha: UnsafePointer<UInt16>, gamma: UnsafePointer<Float32>
        /// How many contexts, and how many words in all.
        let contexts: Int, count: Int

        /// The four sections from `first` on (`at(k)`: section k's start).
        init(_ at: (Int) -> UnsafeRawPointer, first: Int, contexts: Int, count: Int) {
            start = at(first).assumingMemoryBound(to: UInt32.self)
            word = at(first + 1).assumingMemoryBound(to: UInt32.self)
            alpha = at(first + 2).assumingMemoryBound(to: UInt16.self)
            gamma = at(first + 3).assumingMemoryBound(to: Float32.self)
            self.contexts = contexts
            self.count = count
        }

        /// The positions in `word` of the words seen after context `c` (none where a changed
        /// file's index runs backwards or past the table).
        func range(_ c: Int) -> Range<Int> {
            guard c >= 0, c < contexts else { return 0..<0 }
            let from = min(Int(start[c]), count), to = min(Int(start[c + 1]), count)
            return from <= to ? from..<to : 0..<0
        }
    }

    static let headerSize = 8 + 4 * 8 + 8 + 8 * 14

    public init(path: String) throws(ModelError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .corrupt(path, "not a regular file") }
        let size = Int(info.st_size)
        guard size >= Self.headerSize else { throw .corrupt(path, "\(size) bytes, shorter than a header") }
        guard let file = MappedFile(fd: fd, size: size) else { throw .cannotOpen(path, errno: errno) }
        self.file = file
        let raw = file.base
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        let magic = (0..<8).map { raw.load(fromByteOffset: $0, as: UInt8.self) }
        guard magic == Array("CLVRLM01".utf8), u32(8) == 1 else { throw .corrupt(path, "wrong magic or version") }
        let (v, b, tc, t, keyBytes) = (u32(12), u32(16), u32(20), u32(24), u32(28))
        alphaScale = raw.loadUnaligned(fromByteOffset: 36, as: Float32.self)
        let lang = (40..<48).map { raw.load(fromByteOffset: $0, as: UInt8.self) }.prefix { $0 != 0 }
        language = String(decoding: lang, as: UTF8.self)
        // Each section's offset and length (in bytes); all must lie inside the file, in order.
        let lengths = [4 * v, 4 * (v + 1), keyBytes, v, 4 * v, 4 * (v + 1), 4 * b, 2 * b, 4 * v,
                       8 * tc, 4 * (tc + 1), 4 * t, 2 * t, 4 * tc]
        var offsets: [Int] = []
        var end = Self.headerSize
        for (k, length) in lengths.enumerated() {
            let off = Int(raw.loadUnaligned(fromByteOffset: 48 + 8 * k, as: UInt64.self))
            guard off >= end, off % 8 == 0, off <= size, length <= size - off else {
                throw .corrupt(path, "section \(k) lies outside the file")
            }
            offsets.append(off)
            end = off + length
        }
        func at<T>(_ k: Int, _: T.Type) -> UnsafePointer<T> { (raw + offsets[k]).assumingMemoryBound(to: T.self) }
        func section(_ k: Int) -> UnsafeRawPointer { raw + offsets[k] }
        vocabularyCount = v
        self.keyBytes = keyBytes
        unigram = at(0, Float32.self)
        keyOffsets = at(1, UInt32.self)
        keys = at(2, UInt8.self)
        caseFlags = at(3, UInt8.self)
        alphabetical = at(4, UInt32.self)
        bigram = Level(section, first: 5, contexts: v, count: b)
        triContextCount = tc
        triContext = at(9, UInt32.self)
        trigram = Level(section, first: 10, contexts: tc, count: t)
        guard v > 1 else { throw .corrupt(path, "no words") }
        if let problem = problem() { throw .corrupt(path, problem) }
        guard !file.cutShort else { throw .corrupt(path, "cut short while it was read") }
        file.dropResidentPages()
    }

    /// Gives the model's resident pages back (`MappedFile.dropResidentPages`, which says why it
    /// is safe while another thread reads it): the next query faults in the few it reads.
    public func dropResidentPages() { file.dropResidentPages() }

    /// Whether the file was found cut short under its mapping (its reads give zeros since):
    /// nothing it says can be trusted any more.
    public var cutShort: Bool { file.cutShort }

    /// The lowercase spelling of word `id` (its UTF-8 bytes, valid while the model lives).
    func key(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        guard id >= 0, id < vocabularyCount else { return UnsafeBufferPointer(start: keys, count: 0) }
        let from = min(Int(keyOffsets[id]), keyBytes), to = min(Int(keyOffsets[id + 1]), keyBytes)
        return UnsafeBufferPointer(start: keys + from, count: max(0, to - from))
    }

    /// Word `id` as it is usually written ("I", "London", "Haus" in German).
    public func word(_ id: Int) -> String {
        guard id >= 0, id < vocabularyCount else { return "" }
        return CaseStyle(flags: caseFlags[id]).apply(to: String(decoding: key(id), as: UTF8.self), language: language)
    }

    /// ln P(word) of word `id` (the unigram the higher orders back off to).
    public func unigramLogProbability(_ id: Int) -> Float {
        id >= 0 && id < vocabularyCount ? unigram[id] : -.infinity
    }

    /// Whether the texts the model was built from show how word `id` is written (else it is
    /// lowercase for want of a better guess).
    func caseKnown(_ id: Int) -> Bool { id >= 0 && id < vocabularyCount && caseFlags[id] & 11 != 0 }

    /// Whether word `id` may be offered (not the sentence start, not a French elided "l'").
    func suggestible(_ id: Int) -> Bool { id >= 0 && id < vocabularyCount && caseFlags[id] & 4 == 0 }

    /// The id of `word` in any case (lowered by the model's language's rules), if the vocabulary has it.
    public func id(of word: String) -> Int? {
        let target = Array(LanguageCase.lower(word, language: language).utf8)
        let (lo, hi) = prefixRange(target)
        for k in lo..<hi where Int(alphabetical[k]) < vocabularyCount && key(Int(alphabetical[k])).elementsEqual(target) {
            return Int(alphabetical[k])
        }
        return nil
    }

    /// The positions in `alphabetical` of the words whose key starts with `prefix`.
    func prefixRange(_ prefix: [UInt8]) -> (Int, Int) {
        func firstNotBelow(_ limit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int {
            var lo = 0, hi = vocabularyCount
            while lo < hi {
                let mid = (lo + hi) / 2
                let id = min(Int(alphabetical[mid]), vocabularyCount - 1)
                if limit(key(id)) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let lo = firstNotBelow { $0.lexicographicallyPrecedes(prefix) }
        let hi = firstNotBelow { k in k.lexicographicallyPrecedes(prefix) || k.starts(with: prefix) }
        return (lo, hi)
    }
}
