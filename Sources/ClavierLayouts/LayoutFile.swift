import ClavierCore

/// Reads a layout from its YAML text (docs/layouts.md describes the format).
public enum LayoutFile {
    static let layoutFields = ["description", "options", "pages"]
    static let optionFields = ["show-pressed-keys", "frequent-page", "accessory", "learn-words", "language", "search-page"]
    static let pageFields = ["id", "rows"]
    static let keyFields = ["id", "label", "icon", "action", "width", "class", "alternates", "repeats", "shuffle", "gap", "shift"]
    static let actionKinds = ["char", "text", "keysym", "modifier", "page", "xkb"]
    static let shiftFields = ["label", "action"]

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
}
