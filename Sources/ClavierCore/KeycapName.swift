extension KeySym {
    /// What a key cap shows for a keysym that types no text and has no short name: the
    /// numeric pad's second meanings, which it takes when Num Lock is off, and a dead key's
    /// accent (de's ^ and ´, fr's ^ and ¨).
    public var keycapName: String? {
        switch rawValue {
        case 0xFE50: "`"
        case 0xFE51: "´"
        case 0xFE52: "^"
        case 0xFE53: "~"
        case 0xFE54: "¯"
        case 0xFE55: "˘"
        case 0xFE56: "˙"
        case 0xFE57: "¨"
        case 0xFE58: "°"
        case 0xFE59: "˝"
        case 0xFE5A: "ˇ"
        case 0xFE5B: "¸"
        case 0xFE5C: "˛"
        case 0xFF95: "Home"
        case 0xFF96: "←"
        case 0xFF97: "↑"
        case 0xFF98: "→"
        case 0xFF99: "↓"
        case 0xFF9A: "PgUp"
        case 0xFF9B: "PgDn"
        case 0xFF9C: "End"
        case 0xFF9E: "Ins"
        case 0xFF9F: "Del"
        case 0xFF8D: "Enter"
        default: nil
        }
    }
}
