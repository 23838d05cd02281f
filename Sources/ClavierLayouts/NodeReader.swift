import Yams

/// Walks a composed YAML document, collecting a `Diagnostic` for each problem instead of
/// stopping at the first, so `clavier check` can report all of them in one run.
final class NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    /// Whether to report what kiosk mode would refuse to type (`clavier check --kiosk`).
    let kiosk: Bool

    init(file: String, kiosk: Bool = false) {
        self.file = file
        self.kiosk = kiosk
    }

    func report(_ message: String, at node: Node?) {
        let mark = node?.mark
        report(message, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func report(_ message: String, line: Int, column: Int) {
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message))
    }

    /// Composes `text`, reporting a syntax error (or a duplicated key) at its position.
    func compose(_ text: String) -> Node? {
        do {
            // The basic resolver: every value is read from its text here, so the default one's
            // regular expressions (ICU, on the start-up path) would only cost time.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                report("the file is empty", line: 1, column: 1)
                return nil
            }
            return node
        } catch let error as YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                let what = context.map { "\(problem) (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? problem
                report("syntax error: " + what, line: mark.line, column: mark.column)
            case .duplicatedKeysInMapping(let duplicates, let context):
                report("duplicate field \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in one mapping",
                       line: context.mark.line, column: context.mark.column)
            case .reader(let problem, _, _, _):
                report("cannot read: \(problem)", line: 1, column: 1)
            default:
                report("cannot read: \(error)", line: 1, column: 1)
            }
            return nil
        } catch {
            report("cannot read: \(error)", line: 1, column: 1)
            return nil
        }
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

    func positiveNumber(_ node: Node, _ what: String) -> Double? {
        guard let value = number(node, what) else { return nil }
        guard value > 0 else {
            report("\(what) must be greater than 0, not \(node.scalar?.string ?? "")", at: node)
            return nil
        }
        return value
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
