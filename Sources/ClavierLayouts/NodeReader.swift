/// Walks a composed YAML document, collecting a `Diagnostic` for each problem instead of
/// stopping at the first, so `clavier check` can report all of them in one run.
final class NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    /// Whether to report what kiosk mode would refuse to type (`clavier check --kiosk`).
    let kiosk: Bool
    /// How many problems were found, those past `ReadLimits.diagnostics` and those repeated
    /// by an alias included: a reader that leaves out what has a problem compares it.
    private(set) var problems = 0

    init(file: String, kiosk: Bool = false) {
        self.file = file
        self.kiosk = kiosk
    }

    func report(_ message: String, at node: Node?) {
        let mark = node?.mark
        report(message, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// Problems already reported: an alias repeats its node's problems at the same place.
    private var reported: Set<Diagnostic> = []

    /// Adds a problem, once, up to `ReadLimits.diagnostics`, its message cut at `ReadLimits.messageLength`.
    func report(_ message: String, line: Int, column: Int) {
        problems += 1
        let message = Self.cut(message)
        let diagnostic = Diagnostic(file: file, line: line, column: column, message: message)
        guard diagnostics.count <= ReadLimits.diagnostics, reported.insert(diagnostic).inserted else { return }
        if diagnostics.count == ReadLimits.diagnostics {
            diagnostics.append(Diagnostic(file: file, line: line, column: column,
                                          message: "more than \(ReadLimits.diagnostics) problems: the rest are left out"))
        } else {
            diagnostics.append(diagnostic)
        }
    }

    /// `message` cut at `ReadLimits.messageLength` Unicode scalars (a message may quote the
    /// file, and a quoted name may be megabytes long).
    static func cut(_ message: String) -> String {
        guard message.unicodeScalars.count > ReadLimits.messageLength else { return message }
        return String(String.UnicodeScalarView(message.unicodeScalars.prefix(ReadLimits.messageLength))) + "…"
    }

    /// Composes `text`, reporting a syntax error (or a duplicated key) at its position; a
    /// document past `ReadLimits` is reported once and not composed further.
    func compose(_ text: String) -> Node? {
        guard text.utf8.count <= ReadLimits.fileBytes else {
            report(PlainFiles.tooLarge(text.utf8.count, ReadLimits.fileBytes).reason, line: 1, column: 1)
            return nil
        }
        do throws(YAMLError) {
            let mayHaveAliases = DocumentMeasure.mayHaveAliases(text)
            if mayHaveAliases {
                guard let excess = try excess(of: DocumentMeasure.unaliased(text)) else { return nil }
                if let excess { return refuse(excess) }
            }
            guard let node = try YAMLComposer.compose(text) else {
                report("the file is empty", line: 1, column: 1)
                return nil
            }
            if !mayHaveAliases {
                var measure = DocumentMeasure(countsAliases: false)
                measure.measure(node)
                if let excess = measure.excess { return refuse(excess) }
            }
            return node
        } catch {
            switch error {
            case .syntax(let problem, let context, let mark):
                let what = context.map { "\(problem) (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? problem
                report("syntax error: " + what, line: mark.line, column: mark.column)
            case .duplicateKeys(let duplicates, let mark):
                report("duplicate field \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in one mapping",
                       line: mark.line, column: mark.column)
            case .unreadable(let problem):
                report("cannot read: \(problem)", line: 1, column: 1)
            case .limit(let message, let mark):
                report(message, line: mark.line, column: mark.column)
            }
            return nil
        }
    }

    /// Where the unaliased copy `text` first goes past `ReadLimits`, counting its aliases for
    /// what they stand for (`.some(nil)` when it does not); nil when it is empty.
    private func excess(of text: String) throws(YAMLError) -> (node: Node, message: String)?? {
        guard let root = try YAMLComposer.compose(text) else {
            report("the file is empty", line: 1, column: 1)
            return nil
        }
        var measure = DocumentMeasure(countsAliases: true)
        measure.measure(root)
        return .some(measure.excess)
    }

    private func refuse(_ excess: (node: Node, message: String)) -> Node? {
        report(excess.message, at: excess.node)
        return nil
    }

    /// The fields of a mapping by name; unknown fields and missing required ones are reported.
    func fields(_ node: Node, _ what: String, allowed: [String], required: [String] = []) -> [String: Node]? {
        guard let mapping = node.mapping else {
            report("\(what) must be a mapping of fields (\(allowed.joined(separator: ", ")))", at: node)
            return nil
        }
        var out: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                report("a field name must be plain text", at: key)
                continue
            }
            if allowed.contains(name) {
                out[name] = value
            } else {
                report("unknown field '\(name)' in \(what) (known: \(allowed.joined(separator: ", ")))", at: key)
            }
        }
        for name in required where out[name] == nil {
            report("\(what) has no '\(name)'", at: node)
        }
        return out
    }

    func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            report("\(what) must be text", at: node)
            return nil
        }
        return scalar.string
    }

    func number(_ node: Node, _ what: String) -> Double? {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
            report("\(what) must be a number", at: node)
            return nil
        }
        return value
    }

    /// A number within `range`; one outside it is reported with the range named.
    func number(_ node: Node, _ what: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = number(node, what) else { return nil }
        guard range.contains(value) else {
            report("\(what) must be between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound)), not \(node.scalar?.string ?? "")",
                   at: node)
            return nil
        }
        return value
    }

    /// A bound as people write it: `10`, not `10.0`.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        switch node.scalar?.string {
        case "true": return true
        case "false": return false
        default:
            report("\(what) must be true or false", at: node)
            return nil
        }
    }

    func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard let sequence = node.sequence else {
            report("\(what) must be a list", at: node)
            return nil
        }
        return Array(sequence)
    }
}
