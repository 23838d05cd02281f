extension String {
    /// The text in a C buffer a C call filled (`[CChar]`), up to its first NUL (all of it
    /// without one), invalid UTF-8 repaired: the standard library deprecates
    /// `String(cString:)` on an array, which trusts the NUL to be there.
    public init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    }
}
