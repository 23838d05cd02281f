import ClavierCore
#if canImport(Glibc)
import Glibc
#endif

/// The clipboard strip's pinned texts on disk, `$XDG_STATE_HOME/clavier/clipboard-pins`: the
/// only clipboard text Clavier ever writes (a copy is kept in memory until the user pins it).
/// Written whole, mode 0600, atomically (`StateFile.writeAtomically`), removed when nothing is
/// pinned and by `clavier forget`. Its first line is `clavier-clipboard-pins 1`; each further
/// line is one text, the latest pinned first, with `\n` for a new line, `\t` for a tab and
/// `\\` for a backslash. At most `ClipboardHistory.pinCapacity` texts of at most
/// `ClipboardHistory.largestText` bytes each. A damaged line is left out with a
/// `file:line: what is wrong` warning, which never quotes the text.
public struct ClipboardPinsFile: Sendable {
    public static let fileName = "clipboard-pins"
    static let header = "clavier-clipboard-pins 1"
    /// The largest file read: the header and every pin, each escaped twice its size.
    static let largestFile = 64 << 10
    public let path: String

    public init(path: String) { self.path = path }

    /// The file in the user's state directory.
    public static func standard(environment: [String: String]? = nil) -> ClipboardPinsFile {
        ClipboardPinsFile(path: StateFile.path(fileName, environment: environment))
    }

    /// The pinned texts, the latest pinned first, and a warning for each thing wrong (none
    /// when there is no file: nothing was pinned).
    public func load() -> (texts: [String], warnings: [String]) {
        let bytes: [UInt8]
        do {
            // A regular file, not a link, of a bounded size: nothing planted makes the keyboard
            // read another file, wait on a FIFO or allocate without bound.
            bytes = try PlainFiles.bytes(path, limit: Self.largestFile, followingLinks: false)
        } catch {
            return ([], error.missing ? [] : ["\(path): not readable (\(error.reason)); no clipboard text is pinned"])
        }
        return Self.decode(bytes, path: path)
    }

    /// Keeps `texts` (the latest pinned first) as the file, or removes it when there are none.
    public func keep(_ texts: [String]) throws {
        if texts.isEmpty {
            guard unlink(path) == 0 || errno == ENOENT else { throw StateFile.WriteError("unlink", path) }
            return
        }
        try StateFile.writeAtomically(Array(Self.encode(texts).utf8), to: path)
    }

    /// The file's text for `texts`.
    static func encode(_ texts: [String]) -> String {
        var out = header + "\n"
        for text in texts {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\n"
        }
        return out
    }

    /// The texts `bytes` holds, and a `path:line: what is wrong` warning for each line left out.
    static func decode(_ bytes: [UInt8], path: String) -> (texts: [String], warnings: [String]) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else {
            return ([], ["\(path):1: not a pin file: its first line is to be '\(header)'; no clipboard text is pinned"])
        }
        var texts: [String] = [], warnings: [String] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            func leftOut(_ why: String) { warnings.append("\(path):\(number): \(why); the line is left out") }
            guard texts.count < ClipboardHistory.pinCapacity else {
                warnings.append("\(path):\(number): more than \(ClipboardHistory.pinCapacity) pinned texts; this line and those after it are left out")
                break
            }
            guard let raw = String(validating: line, as: UTF8.self) else { leftOut("not UTF-8 text"); continue }
            let text: String
            switch unescape(raw) {
            case .success(let unescaped): text = unescaped
            case .failure(let problem): leftOut(problem.description); continue
            }
            guard ClipboardHistory.keeps(text) else {
                leftOut("not a text the clipboard strip keeps (blank, over \(ClipboardHistory.largestText) bytes, or with control characters)")
                continue
            }
            if let same = texts.firstIndex(of: text) { leftOut("the same text as line \(same + 2)"); continue }
            texts.append(text)
        }
        return (texts, warnings)
    }

    /// What is wrong with a line's escapes.
    struct EscapeProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// `line` with its `\n`, `\t` and `\\` turned into what they stand for.
    static func unescape(_ line: String) -> Result<String, EscapeProblem> {
        var out = String.UnicodeScalarView()
        var escaped = false
        for (column, scalar) in line.unicodeScalars.enumerated() {
            if escaped {
                switch scalar {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\\": out.append("\\")
                default:
                    // Where, not what: the warning never quotes the text.
                    return .failure(EscapeProblem(description: "column \(column): a backslash before something other than n, t or \\ (the escapes are \\n, \\t and \\\\)"))
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        if escaped { return .failure(EscapeProblem(description: "a lone backslash ends the line (\\\\ is one)")) }
        return .success(String(out))
    }
}
