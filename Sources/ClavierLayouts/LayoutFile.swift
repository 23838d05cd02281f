import ClavierCore

/// Reads a layout from its YAML text (docs/layouts.md describes the format).
public enum LayoutFile {
    static let layoutFields = ["description", "options", "pages"]
    static let optionFields = ["show-pressed-keys", "frequent-page", "accessory", "learn-words", "language", "search-page"]
    static let pageFields = ["id", "rows"]
    static let keyFields = ["id", "label", "icon", "action", "width", "class", "alternates", "repeats", "shuffle", "gap"]
    static let actionKinds = ["char", "text", "keysym", "modifier", "page", "xkb"]

    /// Parses `text` as layout `id`; every problem found is thrown at once, with `file` and position.
    public static func parse(_ text: String, id: String, file: String) throws(LayoutError) -> Layout {
        let reader = NodeReader(file: file)
        let layout = read(text, id: id, reader)
        guard reader.diagnostics.isEmpty, let layout else { throw .invalid(reader.diagnostics) }
        return layout
    }

    static func read(_ text: String, id: String, _ r: NodeReader) -> Layout? {
        guard let root = r.compose(text),
              let fields = r.fields(root, "a layout", allowed: layoutFields, required: ["pages"]) else { return nil }
        if let description = fields["description"] { _ = r.string(description, "description") }
        // A text layout offers suggestions unless it says `accessory: []`.
        var options = LayoutOptions(accessory: [.completions])
        var frequentNode: Node?, searchNode: Node?
        if let node = fields["options"], let o = r.fields(node, "options", allowed: optionFields) {
            if let v = o["show-pressed-keys"], let b = r.bool(v, "show-pressed-keys") { options.showsPressedKeys = b }
            if let v = o["learn-words"], let b = r.bool(v, "learn-words") { options.learnsWords = b }
            if let v = o["language"], let s = r.string(v, "language") {
                if s.count == 2, s.allSatisfy({ $0 >= "a" && $0 <= "z" }) {
                    options.language = s
                } else {
                    r.report("language must be a two-letter ISO 639-1 code (en, de, fr), not '\(s)'", at: v)
                }
            }
            if let v = o["accessory"], let list = r.sequence(v, "accessory") {
                options.accessory = []
                for item in list {
                    guard let name = r.string(item, "an accessory item") else { continue }
                    if let known = AccessoryItem(rawValue: name) {
                        options.accessory.append(known)
                    } else {
                        r.report("unknown accessory item '\(name)' (known: completions, formatting)", at: item)
                    }
                }
            }
            if let v = o["frequent-page"], let s = r.string(v, "frequent-page") {
                options.frequentPage = s
                frequentNode = v
            }
            if let v = o["search-page"], let s = r.string(v, "search-page") {
                options.searchPage = s
                searchNode = v
            }
        }
        var pages: [Page] = []
        var pageSwitches: [(String, Node)] = []
        var pageNodes: [String: Node] = [:]
        if let node = fields["pages"], let list = r.sequence(node, "pages") {
            if list.isEmpty { r.report("a layout needs at least one page", at: node) }
            for pageNode in list {
                guard let page = readPage(pageNode, r, &pageSwitches) else { continue }
                if let first = pageNodes[page.id] {
                    r.report("duplicate page id '\(page.id)' (first at line \(first.mark?.line ?? 0))", at: pageNode)
                } else {
                    pageNodes[page.id] = pageNode
                }
                pages.append(page)
            }
        }
        for (target, node) in pageSwitches where pageNodes[target] == nil {
            r.report("no page '\(target)' to switch to (pages: \(pages.map(\.id).joined(separator: ", ")))", at: node)
        }
        if let frequent = options.frequentPage, pageNodes[frequent] == nil {
            r.report("frequent-page '\(frequent)' is not a page of this layout", at: frequentNode)
        }
        if let search = options.searchPage, pageNodes[search] == nil {
            r.report("search-page '\(search)' is not a page of this layout", at: searchNode)
        }
        guard !pages.isEmpty else { return nil }
        return Layout(id: id, pages: pages, options: options)
    }

    private static func readPage(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> Page? {
        guard let fields = r.fields(node, "a page", allowed: pageFields, required: ["id", "rows"]),
              let idNode = fields["id"], let id = r.string(idNode, "a page's id"),
              let rowsNode = fields["rows"], let rowNodes = r.sequence(rowsNode, "rows") else { return nil }
        var rows: [Row] = []
        var seen: [Key.ID: Node] = [:]
        var keyCount = 0
        for rowNode in rowNodes {
            guard let keyNodes = r.sequence(rowNode, "a row") else { continue }
            keyCount += keyNodes.count
            if keyNodes.isEmpty { r.report("empty row on page '\(id)'", at: rowNode) }
            var keys: [Key] = []
            for keyNode in keyNodes {
                guard let key = readKey(keyNode, r, &switches) else { continue }
                if key.keyClass == .gap {
                    keys.append(key)
                    continue
                }
                if let first = seen[key.id] {
                    r.report("duplicate key id '\(key.id)' on page '\(id)' (first at line \(first.mark?.line ?? 0), column \(first.mark?.column ?? 0))",
                             at: keyNode)
                } else {
                    seen[key.id] = keyNode
                }
                keys.append(key)
            }
            rows.append(Row(keys))
        }
        if rowNodes.isEmpty || keyCount == 0 {
            r.report("page '\(id)' has no keys", at: rowsNode)
        }
        return Page(id: id, rows: rows)
    }

    private static func readKey(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> Key? {
        if let scalar = node.scalar {
            guard !scalar.string.isEmpty else {
                r.report("a key needs a label", at: node)
                return nil
            }
            if let problem = LabelLimits.problem(with: scalar.string) {
                r.report(problem, at: node)
                return nil
            }
            return Key.character(scalar.string)
        }
        guard let f = r.fields(node, "a key", allowed: keyFields) else { return nil }
        if let v = f["gap"] {
            guard f.count == 1 else {
                r.report("a gap has nothing but its width: {gap: 0.5}", at: node)
                return nil
            }
            return r.number(v, "gap", in: Key.widthRange).map { Key.gap(width: $0) }
        }
        var label: KeyLabel?
        if let v = f["label"], let s = r.string(v, "label") {
            if s.isEmpty { r.report("a label cannot be empty", at: v) } else { label = .text(s) }
        }
        if let v = f["icon"], let s = r.string(v, "icon") {
            if label != nil { r.report("a key has either a label or an icon, not both", at: v) }
            if let icon = Icon(rawValue: s) {
                label = .icon(icon)
            } else {
                r.report("unknown icon '\(s)' (known: \(Icon.allCases.map(\.rawValue).joined(separator: ", ")))", at: v)
                return nil
            }
        }
        var action: KeyAction?
        if let v = f["action"] {
            guard let a = readAction(v, r, &switches) else { return nil }
            action = a
        } else if case .text(let text)? = label {
            action = .text(text)
        }
        if label == nil, case .text(let text)? = action { label = .text(text) }
        guard let label else {
            r.report("a key needs a label or an icon", at: node)
            return nil
        }
        if case .text(let text) = label, let problem = LabelLimits.problem(with: text) {
            let given = f["label"] != nil
            r.report(given ? problem : problem + " (the label is the key's text: give it a shorter label)", at: f["label"] ?? f["action"] ?? node)
            return nil
        }
        guard let action else {
            r.report("a key with an icon needs an action", at: node)
            return nil
        }
        var id: String?
        if let v = f["id"] { id = r.string(v, "id") }
        if id == nil, f["id"] == nil {
            switch label {
            case .text(let text): id = text
            case .icon(let icon): id = icon.rawValue
            }
        }
        guard let id else { return nil }
        var width = 1.0
        if let v = f["width"] { width = r.number(v, "width", in: Key.widthRange) ?? 1 }
        var keyClass = KeyClass.letter
        if let v = f["class"], let s = r.string(v, "class") {
            if let c = KeyClass(rawValue: s), c != .gap {
                keyClass = c
            } else if s == KeyClass.gap.rawValue {
                r.report("a gap is written {gap: WIDTH}, with no label or action", at: v)
            } else {
                let known = KeyClass.allCases.filter { $0 != .gap }.map(\.rawValue)
                r.report("unknown class '\(s)' (known: \(known.joined(separator: ", ")))", at: v)
            }
        }
        var repeats = false
        if let v = f["repeats"] { repeats = r.bool(v, "repeats") ?? false }
        var shuffles = false
        if let v = f["shuffle"] { shuffles = r.bool(v, "shuffle") ?? false }
        var alternates: [String] = []
        if let v = f["alternates"], let list = r.sequence(v, "alternates") {
            alternates = list.compactMap { item in
                guard let text = r.string(item, "an alternate") else { return nil }
                if let problem = LabelLimits.problem(with: text) {
                    r.report("an alternate is shown as a label: " + problem, at: item)
                    return nil
                }
                return text
            }
        }
        return Key(id: id, label: label, action: action, width: width, keyClass: keyClass, repeats: repeats,
                   alternates: alternates, shuffles: shuffles)
    }

    private static func readAction(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> KeyAction? {
        if let scalar = node.scalar {
            switch scalar.string {
            case "hide": return .hide
            case "speak": return .speak
            case "save-phrase":
                if r.kiosk { r.report("kiosk mode keeps nothing typed: no save-phrase", at: node) }
                return .savePhrase
            default: break
            }
            r.report("unknown action '\(scalar.string)': write hide, speak, save-phrase, or one of \(actionKinds.map { "{\($0): …}" }.joined(separator: ", "))", at: node)
            return nil
        }
        guard let f = r.fields(node, "an action", allowed: actionKinds) else { return nil }
        guard f.count == 1, let (kind, value) = f.first else {
            if !f.isEmpty { r.report("an action does exactly one thing: one of \(actionKinds.joined(separator: ", "))", at: node) }
            else { r.report("an action needs one of \(actionKinds.joined(separator: ", "))", at: node) }
            return nil
        }
        guard let text = r.string(value, kind) else { return nil }
        let action = readAction(kind: kind, text: text, value, r, &switches)
        if r.kiosk, let action, let refused = Kiosk.refusal(of: action, written: text) { r.report(refused, at: value) }
        return action
    }

    private static func readAction(kind: String, text: String, _ value: Node, _ r: NodeReader,
                                   _ switches: inout [(String, Node)]) -> KeyAction? {
        switch kind {
        case "char":
            guard text.count == 1 else {
                r.report("char must be exactly one character, not '\(text)' (use text: for more)", at: value)
                return nil
            }
            return .text(text)
        case "text":
            guard !text.isEmpty else {
                r.report("text cannot be empty", at: value)
                return nil
            }
            return .text(text)
        case "keysym":
            guard let sym = KeysymName.lookup(text) else {
                r.report("unknown keysym '\(text)'", at: value)
                return nil
            }
            return .key(sym)
        case "modifier":
            guard let modifier = Modifier(rawValue: text) else {
                r.report("unknown modifier '\(text)' (known: \(Modifier.allCases.map(\.rawValue).joined(separator: ", ")))", at: value)
                return nil
            }
            return .modifier(modifier)
        case "xkb":
            // XKB key names are at most four characters: AD01, AC10, SPCE, LSGT.
            guard (1...4).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                r.report("'\(text)' is not an XKB key name (such as AD01, AC10, LSGT)", at: value)
                return nil
            }
            return .xkbKey(text)
        default:
            switches.append((text, value))
            return .page(text)
        }
    }
}
