/// How much a layout, theme or config file may hold. A file past a limit is refused with one
/// diagnostic, so that no file, however small or broken, makes a reader run, print or
/// allocate without bound (`LayoutLibrary.read`, `NodeReader.compose` and `YAMLComposer` apply them).
public enum ReadLimits {
    /// Bytes a file may have: the largest shipped layout (emoji) has 260 kB.
    public static let fileBytes = 4 << 20
    /// YAML nodes a document may hold, an alias counting as all it stands for: the emoji
    /// layout has about 30,000.
    public static let nodes = 250_000
    /// How deep a document may nest, counting what aliases stand for: a layout needs 8.
    public static let depth = 64
    /// Lines starting with `%`, YAML's directives, a file may have: libyaml checks each `%TAG`
    /// against every one before it (190,000 in 3.3 MB would take minutes), and a file of
    /// Clavier's needs none.
    public static let directives = 64
    /// Problems listed for one file; one more line says that the rest are left out.
    public static let diagnostics = 1_000
    /// Unicode scalars of one problem's message, past which it is cut (a message may quote
    /// the file, and a quoted name may be megabytes long).
    /// 512 holds the config's list of known fields with room for a short unknown one.
    public static let messageLength = 512
}

/// Sizes up a YAML document as a reader would walk it, aliases expanded, without expanding
/// them: each anchored node's size and height are kept, and an alias counts as those.
///
/// The composer resolves an alias to the anchored node itself, so 2.5 kB of aliases of aliases
/// stand for millions of nodes to a walk, and it hashes a mapping's keys whole while
/// composing (to refuse a key given twice) (462 bytes with `? *a7` as a key took minutes). A document that may have
/// aliases is therefore measured first in a copy with every `*` made a plain character,
/// which composes in time linear in its length.
struct DocumentMeasure {
    /// What stands in for `*` in the copy: a printable character YAML gives no meaning.
    static let aliasMark: Unicode.Scalar = "\u{E000}"

    /// Whether `text` can hold an alias at all: an anchor (`&name`) and an alias (`*name`).
    static func mayHaveAliases(_ text: String) -> Bool {
        func has(_ indicator: UInt8) -> Bool {
            var previous: UInt8 = 0
            for byte in text.utf8 {
                if previous == indicator && isAnchorCharacter(byte) { return true }
                previous = byte
            }
            return false
        }
        return has(UInt8(ascii: "&")) && has(UInt8(ascii: "*"))
    }

    /// `text` with every `*` replaced by `aliasMark`: each alias becomes a plain scalar at the
    /// same line and column, and nothing else changes shape (outside an alias, `*` is only
    /// ever part of a scalar, a comment or a tag).
    static func unaliased(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(scalar == "*" ? aliasMark : scalar) }
        return String(out)
    }

    /// libyaml's anchor and alias names: ASCII letters, digits, `_` and `-`.
    static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    static let tooManyNodes = "the document holds more than \(ReadLimits.nodes) nodes (counting an alias as all it stands for)"
    static let tooDeep = "the document nests more than \(ReadLimits.depth) deep (counting what aliases stand for)"

    /// Whether plain scalars starting with `aliasMark` stand for aliases (the unaliased copy).
    let countsAliases: Bool
    private var nodes = 0
    private var anchors: [String: (nodes: Int, height: Int)] = [:]
    /// The node at which a limit was first passed, and what to say there.
    private(set) var excess: (node: Node, message: String)?

    init(countsAliases: Bool) { self.countsAliases = countsAliases }

    /// Measures the document under `root`; `excess` says where it first goes past a limit.
    mutating func measure(_ root: Node) {
        _ = visit(root, depth: 1)
    }

    /// The height of `node`'s expanded subtree, or nil once a limit is passed.
    private mutating func visit(_ node: Node, depth: Int) -> Int? {
        guard depth <= ReadLimits.depth else { return tooDeep(node) }
        let before = nodes
        var height = 1
        switch node {
        case .scalar(let scalar):
            if countsAliases, scalar.style == .plain, let target = alias(scalar.string) {
                nodes += target.nodes
                height = target.height
            } else {
                nodes += 1
            }
        case .sequence(let sequence):
            nodes += 1
            for child in sequence.nodes {
                guard let h = visit(child, depth: depth + 1) else { return nil }
                height = max(height, h + 1)
            }
        case .mapping(let mapping):
            nodes += 1
            for (key, value) in mapping.pairs {
                guard let k = visit(key, depth: depth + 1), let v = visit(value, depth: depth + 1) else { return nil }
                height = max(height, k + 1, v + 1)
            }
        }
        if depth - 1 + height > ReadLimits.depth { return tooDeep(node) }
        if nodes > ReadLimits.nodes {
            excess = (node, Self.tooManyNodes)
            return nil
        }
        // After the node, as the composer registers it: an alias inside names the anchor's earlier node.
        if countsAliases, let anchor = node.anchor { anchors[anchor] = (nodes - before, height) }
        return height
    }

    private mutating func tooDeep(_ node: Node) -> Int? {
        excess = (node, Self.tooDeep)
        return nil
    }

    /// The anchored node a plain scalar of the unaliased copy stands for, if it was an alias.
    private func alias(_ text: String) -> (nodes: Int, height: Int)? {
        guard text.unicodeScalars.first == Self.aliasMark else { return nil }
        let name = text.utf8.dropFirst(3).prefix(while: Self.isAnchorCharacter)
        return anchors[String(decoding: name, as: UTF8.self)]
    }
}
