import ClavierCore

/// A key of a layout file, its action and its own Shift layer.
extension LayoutFile {
    static func readKey(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> Key? {
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
        var shifted: ShiftedKey?
        if let v = f["shift"] {
            guard let layer = readShift(v, r, &switches) else { return nil }
            shifted = layer
        }
        return Key(id: id, label: label, action: action, width: width, keyClass: keyClass, repeats: repeats,
                   alternates: alternates, shuffles: shuffles, shifted: shifted)
    }

    /// A key's own Shift layer: `shift: ऒ` (shows and types that text) or
    /// `shift: {label: …, action: …}` (either may be left out: the label is the text the action
    /// types, the action types the label).
    static func readShift(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> ShiftedKey? {
        if let scalar = node.scalar {
            guard !scalar.string.isEmpty else {
                r.report("shift needs the text the key shows and types under Shift", at: node)
                return nil
            }
            if let problem = LabelLimits.problem(with: scalar.string) {
                r.report("shift is shown as a label: " + problem, at: node)
                return nil
            }
            return .text(scalar.string)
        }
        guard let f = r.fields(node, "shift", allowed: shiftFields) else { return nil }
        var label: String?
        if let v = f["label"], let s = r.string(v, "shift's label") {
            if s.isEmpty { r.report("shift's label cannot be empty", at: v) }
            else if let problem = LabelLimits.problem(with: s) { r.report(problem, at: v) }
            else { label = s }
        }
        var action: KeyAction?
        if let v = f["action"] {
            guard let a = readAction(v, r, &switches) else { return nil }
            action = a
        }
        switch (label, action) {
        case (let label?, let action?): return ShiftedKey(label: .text(label), action: action)
        case (let label?, nil): return .text(label)
        case (nil, .text(let text)?):
            if let problem = LabelLimits.problem(with: text) {
                r.report(problem + " (the label is the text: give shift a shorter label)", at: f["action"] ?? node)
                return nil
            }
            return .text(text)
        case (nil, _?):
            r.report("shift with an action that types no text needs a label", at: node)
            return nil
        case (nil, nil):
            if f["label"] == nil { r.report("shift needs a label or an action", at: node) }
            return nil
        }
    }

    static func readAction(_ node: Node, _ r: NodeReader, _ switches: inout [(String, Node)]) -> KeyAction? {
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
