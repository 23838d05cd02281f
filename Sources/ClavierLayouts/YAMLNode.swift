/// A place in a YAML text: 1-based line and column, columns counting Unicode scalars (libyaml's
/// `yaml_mark_t`, plus one).
struct Mark: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// One node of a composed YAML document, as the readers walk it. Two nodes are equal when
/// they say the same (text, kind and tag), wherever they are written: the test for a key
/// given twice in one mapping.
enum Node: Hashable {
    /// Text, with its tag resolved as YAML's failsafe schema does: every untagged scalar is `str`.
    struct Scalar {
        enum Style: Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }
        var string: String
        var tag: String
        var style: Style
        var mark: Mark
        var anchor: String?
    }

    /// A mapping's pairs in the order written (duplicated keys are refused by the composer).
    struct Mapping {
        var pairs: [(key: Node, value: Node)]
        var tag: String
        var mark: Mark
        var anchor: String?
    }

    struct Sequence {
        var nodes: [Node]
        var tag: String
        var mark: Mark
        var anchor: String?
    }

    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    var scalar: Scalar? {
        if case .scalar(let scalar) = self { scalar } else { nil }
    }

    var mapping: [(key: Node, value: Node)]? {
        if case .mapping(let mapping) = self { mapping.pairs } else { nil }
    }

    var sequence: [Node]? {
        if case .sequence(let sequence) = self { sequence.nodes } else { nil }
    }

    /// Where the node starts; an alias is its anchored node, so it has that node's mark.
    var mark: Mark? {
        switch self {
        case .scalar(let s): s.mark
        case .mapping(let m): m.mark
        case .sequence(let s): s.mark
        }
    }

    var anchor: String? {
        switch self {
        case .scalar(let s): s.anchor
        case .mapping(let m): m.anchor
        case .sequence(let s): s.anchor
        }
    }

    static func == (a: Node, b: Node) -> Bool {
        switch (a, b) {
        case (.scalar(let a), .scalar(let b)): a.string == b.string && a.tag == b.tag
        case (.sequence(let a), .sequence(let b)): a.tag == b.tag && a.nodes == b.nodes
        case (.mapping(let a), .mapping(let b)):
            a.tag == b.tag && a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .scalar(let s):
            hasher.combine(s.string)
            hasher.combine(s.tag)
        case .sequence(let s):
            hasher.combine(s.tag)
            hasher.combine(s.nodes)
        case .mapping(let m):
            hasher.combine(m.tag)
            for pair in m.pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }
}
