/// The user's phrase bank (issue 50): a plain file they edit, `$XDG_CONFIG_HOME/clavier/phrases.txt`,
/// one phrase a line, offered on the bar while the field is empty or after a sentence's end;
/// and, in the same file, abbreviations (`afaik = as far as I know`), whose expansion the bar
/// offers first while the abbreviation is the word being typed (a tap replaces it, as a
/// suggestion replaces the word it completes). The Save key (`save-phrase`) adds the sentence
/// before the caret (`Sentence.last`). Pure: the app reads and writes the file (`PhrasesFile`).
public struct Phrases: Hashable, Sendable {
    /// A line the file cannot use, and why (`phrases.txt:LINE: MESSAGE`).
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "\(line): \(message)" }
    }

    /// The phrases in the file's order, each once.
    public private(set) var phrases: [String]
    /// Each abbreviation (lower case) and what it stands for.
    public private(set) var abbreviations: [String: String]

    /// The longest phrase or expansion, in characters: a bar's cell is no page to read.
    public static let longest = 200

    public init(phrases: [String] = [], abbreviations: [String: String] = [:]) {
        (self.phrases, self.abbreviations) = (phrases, abbreviations)
    }

    /// The file's text read: blank lines and lines that begin with `#` say nothing; a line
    /// `WORD = TEXT` is an abbreviation, any other a phrase; each line the bank cannot use is
    /// a problem and left out.
    public static func parse(_ text: String) -> (phrases: Phrases, problems: [Problem]) {
        var bank = Phrases(), problems: [Problem] = [], defined: [String: Int] = [:]
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = String(raw).trimmingBlanks
            if line.isEmpty || line.hasPrefix("#") { continue }
            func problem(_ message: String) { problems.append(Problem(line: number, message: message)) }
            if let why = refusal(of: line) { problem(why); continue }
            if let (word, expansion) = abbreviation(line) {
                let key = word.lowercased()
                guard !expansion.isEmpty else { problem("an abbreviation expands to nothing after its '='"); continue }
                guard word.unicodeScalars.allSatisfy(CurrentWord.isWordScalar) else {
                    problem("an abbreviation is one word of letters, before ' = '"); continue
                }
                if let first = defined[key] { problem("the same abbreviation as line \(first)"); continue }
                defined[key] = number
                bank.abbreviations[key] = expansion
            } else if !bank.phrases.contains(line) {
                bank.phrases.append(line)
            }
        }
        return (bank, problems)
    }

    /// `WORD = TEXT` split, when the part before ` = ` is one word; nil: a phrase.
    static func abbreviation(_ line: String) -> (word: String, expansion: String)? {
        guard let range = line.firstRange(ofText: " = ") ?? (line.hasSuffix(" =") ? line.index(line.endIndex, offsetBy: -2)..<line.endIndex : nil)
        else { return nil }
        let word = String(line[..<range.lowerBound]).trimmingBlanks
        guard !word.isEmpty, !word.containsText(" ") else { return nil }
        return (word, String(line[range.upperBound...]).trimmingBlanks)
    }

    /// Why `line` cannot be in the bank (too long, a control character, which would be typed
    /// into a terminal); nil: it can.
    static func refusal(of line: String) -> String? {
        if line.count > longest { return "a line is at most \(longest) characters; this one has \(line.count)" }
        if line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a line holds a control character (a tab?), which would be typed"
        }
        return nil
    }

    /// Adds `phrase` (the sentence the Save key saves); false when it is empty, in the bank
    /// already or cannot be a phrase (too long, a control character, or read back as an abbreviation).
    public mutating func add(_ phrase: String) -> Bool {
        let phrase = phrase.trimmingBlanks
        guard !phrase.isEmpty, !phrase.hasPrefix("#"), Self.refusal(of: phrase) == nil, Self.abbreviation(phrase) == nil,
              !phrases.contains(phrase) else { return false }
        phrases.append(phrase)
        return true
    }

    /// What the bar offers with `words` after `before` (the text before the caret): the
    /// expansion of the abbreviation being typed first (capitalized when the word is), then
    /// while the field is empty or a sentence has ended, the phrases; then the words.
    public func offers(before: String, partialWord: String, words: [String]) -> [String] {
        var offered: [String] = []
        if !partialWord.isEmpty, let expansion = abbreviations[partialWord.lowercased()] {
            let capital = partialWord.first.map { $0.isUppercase } ?? false
            offered.append(capital ? expansion.prefix(1).uppercased() + expansion.dropFirst() : expansion)
        }
        if Sentence.isAtStart(before) { offered += phrases }
        for word in words where !offered.contains(word) { offered.append(word) }
        return offered
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
