import ClavierCore

/// The phrase bank's file, `$XDG_CONFIG_HOME/clavier/phrases.txt` (issue 50): a plain text
/// the user edits, one phrase a line, `WORD = TEXT` an abbreviation, `#` a comment (`Phrases`
/// reads it). A line the bank cannot use is a `file:line: what is wrong` warning that never
/// quotes the line, and the rest is used. The Save key appends a line: the file is read again
/// and written whole through a temporary file and a rename (`StateFile.writeAtomically`), so
/// what the user wrote meanwhile stays and a crash leaves the old file or the new.
public struct PhrasesFile: Sendable {
    public static let fileName = "phrases.txt"
    /// The largest file read: thousands of phrases.
    static let largestFile = 256 << 10
    public let path: String

    public init(path: String) { self.path = path }

    /// The file in the user's config directory; nil: no home to find it in.
    public static func standard(environment: [String: String]? = nil) -> PhrasesFile? {
        XDGDirectory.config.clavierPath(environment: environment).map { PhrasesFile(path: $0 + "/" + fileName) }
    }

    /// The bank, and a warning for each thing wrong (none when there is no file).
    public func load() -> (phrases: Phrases, warnings: [String]) {
        let text: String
        do {
            text = try PlainFiles.text(path, limit: Self.largestFile)
        } catch {
            return (Phrases(), error.missing ? [] : ["\(path): not readable (\(error.reason)); no phrases are offered"])
        }
        let (phrases, problems) = Phrases.parse(text)
        return (phrases, problems.map { "\(path):\($0.line): \($0.message); the line is left out" })
    }

    /// Appends `phrase` as a line of its own, after what the file holds now.
    public func append(_ phrase: String) throws {
        var text: String
        do {
            text = try PlainFiles.text(path, limit: Self.largestFile)
        } catch {
            // A file that cannot be read is never written over: the user's phrases would go.
            guard error.missing else { throw Unreadable(description: "\(path): not readable (\(error.reason)); nothing added") }
            text = ""
        }
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        try StateFile.writeAtomically(Array((text + phrase + "\n").utf8), to: path)
    }

    /// The file is there but cannot be read.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }
}
