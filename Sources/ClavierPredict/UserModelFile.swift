import Glibc
import ClavierText

/// Where a user model lives and how it is read and written: `$XDG_STATE_HOME/clavier/
/// words-LANG.model` (else `~/.local/state/clavier/`), a text file private to the user (0600),
/// replaced atomically (temporary file, fsync, rename) so a crash leaves the old or the new.
///
/// Lines: `clavier-user-model 1`, then `1 COUNT WORD`, `2 COUNT CONTEXT WORD` (the context is
/// one word or two joined by a space), `F KEY FORM` (how a word is written within a sentence)
/// and `S KEY FORM` (how one seen only first in a sentence was), fields split by tabs. Every
/// word read is checked as learning checks it (`Words.isWord`: no control character, space or
/// digit; a form is its key's letters), a count stops at `UserModel.maxCount`, and a model
/// past its limits is shrunk as learning shrinks it.
public enum UserModelFile {
    static let header = "clavier-user-model 1"
    /// The largest file read: twice the 2 MB a model is kept within (`UserModel.byteLimit`).
    static let maxBytes = 4 << 20

    /// The state directory: `$XDG_STATE_HOME/clavier`, else `$HOME/.local/state/clavier`.
    public static func directory(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/clavier" }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home + "/.local/state/clavier"
    }

    public static func path(language: String, directory: String) -> String {
        directory + "/words-\(language).model"
    }

    /// Deletes every user model in `directory`; the paths it deleted.
    @discardableResult
    public static func forget(directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var removed: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name.hasPrefix("words-"), name.hasSuffix(".model") else { continue }
            if unlink(directory + "/" + name) == 0 { removed.append(directory + "/" + name) }
        }
        return removed
    }

    public static func encode(_ model: UserModel) -> String {
        var out = header + "\n"
        for (key, count) in model.unigrams.sorted(by: { $0.key < $1.key }) { out += "1\t\(count)\t\(key)\n" }
        for (context, next) in model.following.sorted(by: { $0.key < $1.key }) {
            for (key, count) in next.sorted(by: { $0.key < $1.key }) { out += "2\t\(count)\t\(context)\t\(key)\n" }
        }
        for (key, form) in model.forms.sorted(by: { $0.key < $1.key }) { out += "F\t\(key)\t\(form)\n" }
        for (key, form) in model.initialForms.sorted(by: { $0.key < $1.key }) { out += "S\t\(key)\t\(form)\n" }
        return out
    }

    /// The model `text` holds, or `path:line: what is wrong`.
    public static func decode(_ text: String, path: String) -> Result<UserModel, UserModelFileError> {
        var model = UserModel()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Substring(header) else { return .failure(.init("\(path):1: not a Clavier user model")) }
        for (n, line) in lines.enumerated().dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let count = f.count > 1 ? Int(f[1]).flatMap { $0 > 0 ? min($0, UserModel.maxCount) : nil } : nil
            let words: [String]
            switch (f.first, f.count) {
            case ("1", 3) where count != nil: words = [f[2]]
            case ("2", 4) where count != nil: words = f[2].split(separator: " ", omittingEmptySubsequences: false).map(String.init) + [f[3]]
            case ("F", 3) where isKey(f[1], of: f[2]), ("S", 3) where isKey(f[1], of: f[2]): words = [f[1], f[2]]
            default:
                return .failure(.init("\(path):\(n + 1): expected `1 COUNT WORD`, `2 COUNT CONTEXT WORD` `F KEY FORM` or `S KEY FORM`"))
            }
            // The sentence start stands among a bigram's or trigram's words only.
            guard words.count <= 3, words.allSatisfy({ ($0 == UserModel.start && f.first == "2") || Words.isWord(utf8: $0.utf8) }) else {
                return .failure(.init("\(path):\(n + 1): not a word: a word holds letters, their marks and apostrophes only"))
            }
            // A word longer than learning keeps (an older Clavier kept any) is left out.
            guard words.allSatisfy({ $0.utf8.count <= Words.maxWordBytes }) else { continue }
            switch f[0] {
            case "1": model.unigrams[f[2]] = count
            case "2": model.following[f[2], default: [:]][f[3]] = count
            case "F": model.forms[f[1]] = f[2]
            default: model.initialForms[f[1]] = f[2]
            }
        }
        model.recount()
        if model.entryCount > model.limit || model.byteCount > model.byteLimit { model.shrink() }
        return .success(model)
    }

    /// Whether `key` is `form` in small letters, by any language's rules learning keys words
    /// with (`LanguageCase`: Turkish "İstanbul" is "istanbul", Greek "ΟΔΟΣ" "οδος"), or by
    /// Swift's own (what an older Clavier wrote).
    static func isKey(_ key: String, of form: String) -> Bool {
        form.lowercased() == key || LanguageCase.lower(form, language: nil) == key || LanguageCase.lower(form, language: "tr") == key
    }

    /// The model at `path`: empty when there is no file; an error when it cannot be read or is corrupt.
    public static func load(_ path: String) -> Result<UserModel, UserModelFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            return errno == ENOENT ? .success(UserModel()) : .failure(.init("\(path): cannot read: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= maxBytes else {
            return .failure(.init("\(path): not a regular file of at most \(maxBytes) bytes"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n <= 0 { break }
            got += n
        }
        return decode(String(decoding: bytes[..<got], as: UTF8.self), path: path)
    }

    /// Writes `model` to `path` atomically, mode 0600, creating the directory (0700) if need be.
    public static func save(_ model: UserModel, to path: String) throws(UserModelFileError) {
        try writeAtomically(Array(encode(model).utf8), to: path)
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(UserModelFileError) {
        guard let slash = path.lastIndex(of: "/") else { throw .init("\(path): not an absolute path") }
        let dir = String(path[..<slash])
        try makeDirectories(dir)
        var template = Array((dir + "/." + path[path.index(after: slash)...] + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)  // mode 0600, a name no one else holds
        guard fd >= 0 else { throw .init("\(path): cannot write: \(String(cString: strerror(errno)))") }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 { break }
            written += n
        }
        let synced = fsync(fd)
        close(fd)
        guard written == bytes.count, synced == 0, rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw .init("\(path): cannot write: \(String(cString: strerror(code)))")
        }
    }

    static func makeDirectories(_ dir: String) throws(UserModelFileError) {
        var partial = ""
        for part in dir.split(separator: "/") {
            partial += "/" + part
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw .init("\(partial): cannot create: \(String(cString: strerror(errno)))")
            }
        }
    }
}

public struct UserModelFileError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
