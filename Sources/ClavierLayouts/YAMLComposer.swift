import CYAML

/// Why a YAML text could not be composed into one document.
enum YAMLError: Error {
    /// libyaml's scanner or parser, or the composer (an undefined alias, a second document),
    /// with libyaml's words and marks.
    case syntax(problem: String, context: (text: String, mark: Mark)?, mark: Mark)
    /// Keys given more than once in one mapping, in order, and where the first of them is.
    case duplicateKeys([String], mark: Mark)
    /// The text could not be decoded, or libyaml ran out of memory.
    case unreadable(String)
    /// The document goes past one of `ReadLimits` at `mark`, and was read no further.
    case limit(String, mark: Mark)
}

/// Composes a YAML text into one `Node` with the system's libyaml (`yaml_parser_parse`, its
/// event API): an alias is its anchored node, a key given twice in a mapping is refused, and
/// every untagged node takes its kind's tag (YAML's failsafe schema: nothing is read as a
/// number or a date here, the readers do that).
///
/// It stops at the first node past `ReadLimits.depth` or `ReadLimits.nodes` (aliases counted
/// once here; `DocumentMeasure` counts what they stand for) and never asks libyaml for more:
/// libyaml's scanner walks every open flow collection for each token, so reading on through
/// 100,000 open brackets took minutes (issue 48). It refuses unread a text with more
/// than `ReadLimits.directives` lines starting with `%`, for libyaml checks each `%TAG`
/// directive against every one before it.
final class YAMLComposer {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    /// Anchored nodes by name, each registered once its node is complete (so a node cannot
    /// hold an alias of itself), a later anchor of the same name replacing the earlier.
    private var anchors: [String: Node] = [:]
    /// The nodes composed so far, an alias counting one.
    private var composed = 0

    private init(_ input: UnsafeBufferPointer<UInt8>) {
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The document `text` holds; nil when it holds none (empty, or only comments).
    static func compose(_ text: String) throws(YAMLError) -> Node? {
        if let line = lineOfTooManyDirectives(text) {
            throw .limit("more than \(ReadLimits.directives) lines start with '%' (YAML directives)", mark: Mark(line: line, column: 1))
        }
        // A byte past the end, so that an empty text still has an address for libyaml.
        let bytes = Array(text.utf8) + [0]
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                try YAMLComposer(UnsafeBufferPointer(rebasing: buffer.dropLast())).singleRoot()
            }
        } catch let error as YAMLError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
    }

    private func singleRoot() throws -> Node? {
        _ = try next() // the stream's start
        guard try next().kind != .streamEnd else { return nil }
        let root = try node(from: next(), depth: 1)
        _ = try next() // the document's end
        let after = try next()
        guard after.kind == .streamEnd else {
            throw YAMLError.syntax(problem: "but found another document",
                                   context: ("expected a single document in the stream", Mark(line: 1, column: 1)), mark: after.mark)
        }
        return root
    }

    /// The line of the first line starting with `%` past `ReadLimits.directives` of them; nil
    /// when there are no more than that. Such a line is a directive (`%TAG`, `%YAML`) unless it
    /// continues a quoted scalar, so the count is never less than libyaml's. Lines end as
    /// libyaml ends them: LF, CR, CR LF, NEL, LS or PS.
    static func lineOfTooManyDirectives(_ text: String) -> Int? {
        var line = 1, directives = 0, atLineStart = true
        var before: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if atLineStart, byte == UInt8(ascii: "%") {
                directives += 1
                if directives > ReadLimits.directives { return line }
            }
            let endsLine = switch byte {
            case UInt8(ascii: "\n"): before.1 != UInt8(ascii: "\r") // CR LF is one break, counted at CR
            case UInt8(ascii: "\r"): true
            case 0x85: before.1 == 0xC2 // NEL
            case 0xA8, 0xA9: before == (0xE2, 0x80) // LS, PS
            default: false
            }
            if endsLine { line += 1 }
            atLineStart = endsLine || (byte == UInt8(ascii: "\n") && before.1 == UInt8(ascii: "\r"))
            before = (before.1, byte)
        }
        return nil
    }

    /// The node `event` starts, at `depth` (the root is 1). A node past `ReadLimits.depth`, or
    /// the first leaf (or empty collection) once more than `ReadLimits.nodes` are composed, is
    /// refused where it starts, where `DocumentMeasure` would refuse it, and nothing after it
    /// is read.
    private func node(from event: Event, depth: Int) throws -> Node {
        guard depth <= ReadLimits.depth else { throw YAMLError.limit(DocumentMeasure.tooDeep, mark: event.mark) }
        composed += 1
        let node: Node
        switch event.kind {
        case .alias:
            try refuseIfTooMany(at: event.mark)
            guard let anchored = anchors[event.anchor ?? ""] else {
                throw YAMLError.syntax(problem: "found undefined alias", context: nil, mark: event.mark)
            }
            return anchored
        case .scalar:
            try refuseIfTooMany(at: event.mark)
            let tag = event.tag == nil || event.tag == "!" ? "tag:yaml.org,2002:str" : event.tag!
            node = .scalar(.init(string: event.value, tag: tag, style: event.style, mark: event.mark, anchor: event.anchor))
        case .sequenceStart:
            var nodes: [Node] = []
            var next = try self.next()
            while next.kind != .sequenceEnd {
                nodes.append(try self.node(from: next, depth: depth + 1))
                next = try self.next()
            }
            if nodes.isEmpty { try refuseIfTooMany(at: event.mark) }
            node = .sequence(.init(nodes: nodes, tag: Self.tag(event.tag, or: "seq"), mark: event.mark, anchor: event.anchor))
        case .mappingStart:
            var pairs: [(key: Node, value: Node)] = []
            var next = try self.next()
            while next.kind != .mappingEnd {
                let key = try self.node(from: next, depth: depth + 1)
                let value = try self.node(from: self.next(), depth: depth + 1)
                pairs.append((key, value))
                next = try self.next()
            }
            if pairs.isEmpty { try refuseIfTooMany(at: event.mark) }
            try Self.refuseDuplicates(pairs.map(\.key))
            node = .mapping(.init(pairs: pairs, tag: Self.tag(event.tag, or: "map"), mark: event.mark, anchor: event.anchor))
        default:
            throw YAMLError.syntax(problem: "found an event out of place", context: nil, mark: event.mark)
        }
        if let anchor = event.anchor { anchors[anchor] = node }
        return node
    }

    private func refuseIfTooMany(at mark: Mark) throws {
        if composed > ReadLimits.nodes { throw YAMLError.limit(DocumentMeasure.tooManyNodes, mark: mark) }
    }

    private static func tag(_ tag: String?, or kind: String) -> String {
        tag == nil || tag == "!" ? "tag:yaml.org,2002:" + kind : tag!
    }

    /// Throws when a key is given twice: each such key once, ordered by its text, and where the
    /// first of them is first given.
    private static func refuseDuplicates(_ keys: [Node]) throws {
        guard keys.count > 1 else { return }
        var seen = Set<Node>(), twice = Set<Node>()
        var duplicates: [Node] = []
        for key in keys {
            let (inserted, first) = seen.insert(key)
            if !inserted, twice.insert(first).inserted { duplicates.append(first) }
        }
        guard !duplicates.isEmpty else { return }
        duplicates.sort { ($0.scalar?.string ?? "") < ($1.scalar?.string ?? "") }
        throw YAMLError.duplicateKeys(duplicates.map { $0.scalar?.string ?? "<collection>" }, mark: duplicates[0].mark!)
    }

    /// One libyaml event, copied out of libyaml's memory (which is freed at once).
    private struct Event {
        enum Kind { case streamStart, streamEnd, documentStart, documentEnd, alias, scalar, sequenceStart, sequenceEnd,
                         mappingStart, mappingEnd, none }
        var kind: Kind = .none
        var mark: Mark
        var anchor: String?
        /// The tag as written (libyaml expands `!!str` to `tag:yaml.org,2002:str`); nil when implicit.
        var tag: String?
        var value = ""
        var style = Node.Scalar.Style.plain
    }

    private func next() throws -> Event {
        var raw = yaml_event_t()
        guard yaml_parser_parse(parser, &raw) == 1 else { throw error() }
        defer { yaml_event_delete(&raw) }
        var event = Event(mark: Self.mark(raw.start_mark))
        switch raw.type {
        case YAML_STREAM_START_EVENT: event.kind = .streamStart
        case YAML_STREAM_END_EVENT: event.kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: event.kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: event.kind = .documentEnd
        case YAML_ALIAS_EVENT:
            event.kind = .alias
            event.anchor = Self.string(raw.data.alias.anchor)
        case YAML_SCALAR_EVENT:
            let scalar = raw.data.scalar
            event.kind = .scalar
            event.anchor = Self.string(scalar.anchor)
            // A quoted scalar without a tag is text, as an untagged plain one is here.
            event.tag = scalar.quoted_implicit == 1 ? nil : Self.string(scalar.tag)
            // libyaml has checked the text is UTF-8; a scalar may hold NUL, so its length counts.
            event.value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            event.style = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
        case YAML_SEQUENCE_START_EVENT:
            event.kind = .sequenceStart
            event.anchor = Self.string(raw.data.sequence_start.anchor)
            event.tag = raw.data.sequence_start.implicit != 0 ? nil : Self.string(raw.data.sequence_start.tag)
        case YAML_SEQUENCE_END_EVENT: event.kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            event.kind = .mappingStart
            event.anchor = Self.string(raw.data.mapping_start.anchor)
            event.tag = raw.data.mapping_start.implicit != 0 ? nil : Self.string(raw.data.mapping_start.tag)
        case YAML_MAPPING_END_EVENT: event.kind = .mappingEnd
        default: event.kind = .none
        }
        return event
    }

    private static func string(_ text: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        text.map { String(cString: $0) }
    }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// libyaml's error, its words and marks as it gives them (lines and columns from 0).
    private func error() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        switch state.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = state.context.map { (text: String(cString: $0), mark: Self.mark(state.context_mark)) }
            return .syntax(problem: problem, context: context, mark: Self.mark(state.problem_mark))
        case YAML_MEMORY_ERROR: return .unreadable("memory")
        default: return .unreadable(problem)
        }
    }
}
