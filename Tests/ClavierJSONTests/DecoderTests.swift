import ClavierJSON
import FoundationEssentials
import Testing

/// The reader: strict RFC 8259, errors with line and column, and the decoding rules the
/// callers rely on (Foundation's: missing optional keys are nil, unknown keys are ignored, a
/// value of another type throws).
@Suite struct DecoderTests {
    struct Request: Codable, Equatable { var before: String?; var count: Int }
    struct Number<T: Decodable & Equatable>: Decodable, Equatable { var v: T }

    func parses(_ text: String) -> Bool { (try? JSON.parse(Array(text.utf8))) != nil }
    func foundationParses(_ text: String) -> Bool { (try? JSONDecoder().decode(Tree.self, from: Data(text.utf8))) != nil }

    @Test func readsWhatFoundationReads() {
        let texts = ["0", "-0", "1.5e-3", "1E+2", "true", "null", #""a""#, " [1, 2 ,3] ", "{}", "[]", "\t{\"a\" : [ ] }\r\n",
                     #"{"a":{"b":[null,false,{"c":"\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\"}]}}"#, "\u{FEFF}{}", #""\u0000""#,
                     "\"\u{7F}é😀\""]
        for text in texts {
            #expect(parses(text), "\(text)")
            #expect(foundationParses(text), "\(text)")
        }
    }

    /// Also rejected by Foundation, but for a trailing comma (Foundation reads `[1,]` and `{"a":1,}`)
    /// and a key twice (Foundation keeps the first): ClavierJSON holds to the RFC and says so.
    @Test func rejectsWhatIsNotJSON() {
        let foundationToo = ["", " ", "01", "1.", ".5", "+1", "-", "1e", "1e+", "0x1", "NaN", "Infinity", "tru", "nul",
                             "[1 2]", "[", "]", "{", #"{"a"}"#, #"{"a":}"#, "{a:1}", "{'a':1}", #""abc"#, "\"a\tb\"",
                             "\"a\nb\"", #""\x""#, #""\u12""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#,
                             "1 2", "{} x", "[] ]", "\u{0}", "/* c */ 1"]
        for text in foundationToo {
            #expect(!parses(text), "\(text.debugDescription)")
            #expect(!foundationParses(text), "\(text.debugDescription)")
        }
        for text in ["[1,]", #"{"a":1,}"#, #"{"a":1,"a":2}"#] {
            #expect(!parses(text), "\(text)")
        }
        #expect((try? JSON.parse([0x22, 0xFF, 0x22])) == nil, "invalid UTF-8")
        #expect((try? JSON.parse([0x22, 0xC3, 0x22])) == nil, "a truncated sequence")
        #expect((try? JSON.parse([0x22, 0xED, 0xA0, 0x80, 0x22])) == nil, "a surrogate in UTF-8")
    }

    @Test func errorsSayWhereAndWhat() {
        func error(_ text: String) -> String {
            do {
                _ = try JSON.parse(Array(text.utf8))
                return "parsed"
            } catch DecodingError.dataCorrupted(let context) {
                return (context.underlyingError as? JSONSyntaxError)?.description ?? "?"
            } catch { return "\(error)" }
        }
        #expect(error("{\"a\": 1,\n \"b\" 2}") == "line 2, column 6: expected ':' after the key, found '2'")
        #expect(error("[1, 2") == "line 1, column 6: expected ',' or ']' in the array, found the end")
        #expect(error(#"{"a":1,"a":2}"#) == #"line 1, column 8: the key "a" appears twice in the object"#)
        #expect(error("[1,]") == "line 1, column 4: expected a value, found ']'")
        #expect(error(#""\ud800""#) == "line 1, column 2: a high surrogate without a low one after it")
        #expect(error("{} {}") == "line 1, column 4: '{' after the JSON value")
        #expect(error("") == "line 1, column 1: no JSON value (the text is empty)")
    }

    /// Small objects are searched member by member, large ones through an index: both find every
    /// key, and both catch a key given twice.
    @Test func keysOfSmallAndLargeObjects() throws {
        for count in [1, 7, 8, 9, 40] {
            let keys = (0..<count).map { "k\($0)" }
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            #expect(try JSON.decode([String: Int].self, from: text) == Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
            for repeated in Set([0, count / 2, count - 1]) {
                #expect(!parses(String(text.dropLast()) + ",\"k\(repeated)\":0}"), "\(count) keys, k\(repeated) again")
            }
        }
        struct Late: Decodable, Equatable { var k39: Int; var k0: Int; var missing: Int? }
        let text = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        #expect(try JSON.decode(Late.self, from: text) == Late(k39: 39, k0: 0, missing: nil))
    }

    @Test func nestingIsLimitedTo512() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(parses(nested(512)))
        #expect(!parses(nested(513)))
        #expect(foundationParses(nested(512)) && !foundationParses(nested(513)))
        // A hostile peer's 100,000 brackets: an error, not a stack overflow.
        #expect(!parses(String(repeating: "[", count: 100_000)))
        #expect(!parses(String(repeating: "{\"a\":", count: 100_000)))
    }

    @Test func surrogatePairsAndEscapes() throws {
        #expect(try JSON.decode(String.self, from: #""\ud83d\ude00\u00e9\u0041\/""#) == "😀éA/")
        #expect(try JSON.decode(String.self, from: #""\uD834\uDD1E""#) == "𝄞")
    }

    @Test func numbersFitTheirTypesOrThrow() throws {
        #expect(try JSON.decode(Int.self, from: "9223372036854775807") == .max)
        #expect(try JSON.decode(Int.self, from: "-9223372036854775808") == .min)
        #expect(try JSON.decode(UInt64.self, from: "18446744073709551615") == .max)
        #expect(try JSON.decode(Int64.self, from: "1e2") == 100)
        #expect(try JSON.decode(Int.self, from: "1.0") == 1)
        #expect(try JSON.decode(UInt64.self, from: "-0") == 0)
        #expect(try JSON.decode(Double.self, from: "-0").sign == .minus)
        #expect(try JSON.decode(Float.self, from: "0.1") == 0.1)
        #expect(try JSON.decode(Double.self, from: "1e308") == 1e308)
        for (text, type) in [("9223372036854775808", Int.self as any Decodable.Type), ("-9223372036854775809", Int.self),
                             ("18446744073709551616", UInt64.self), ("-1", UInt64.self), ("1.5", Int.self), ("128", Int8.self),
                             ("1e400", Double.self), ("1e-400", Double.self), ("3.5e38", Float.self), ("1e-50", Float.self),
                             ("1e19", Int64.self), ("\"1\"", Int.self), ("true", Double.self)] {
            #expect(throws: DecodingError.self, "\(text) as \(type)") { try JSON.decode(type, from: Array(text.utf8)) }
            #expect(throws: DecodingError.self, "Foundation: \(text) as \(type)") { try JSONDecoder().decode(type, from: Data(text.utf8)) }
        }
        #expect(try JSON.decode(Number<Int>.self, from: #"{"v":-0}"#) == Number(v: 0))
    }

    /// How decoding `text` as a Request fails.
    func failure(_ text: String) -> String {
        let error: any Error
        do {
            _ = try JSON.decode(Request.self, from: text)
            return "decoded"
        } catch let caught { error = caught }
        switch error {
        case DecodingError.keyNotFound(let key, _): return "keyNotFound \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context): return "typeMismatch \(context.codingPath.map(\.stringValue))"
        case DecodingError.valueNotFound(_, let context): return "valueNotFound \(context.codingPath.map(\.stringValue))"
        case DecodingError.dataCorrupted: return "dataCorrupted"
        default: return "\(error)"
        }
    }

    @Test func decodesAsTheCallersExpect() throws {
        #expect(try JSON.decode(Request.self, from: #"{"count":1}"#) == Request(before: nil, count: 1))
        #expect(try JSON.decode(Request.self, from: #"{"count":1,"before":null,"other":[1,{"x":2}]}"#) == Request(before: nil, count: 1))
        #expect(try JSON.decode(Request.self, from: #"{"count":1,"before":"a"}"#) == Request(before: "a", count: 1))
        #expect(failure("{}") == "keyNotFound count")
        #expect(failure(#"{"count":"1"}"#) == "typeMismatch [\"count\"]")
        #expect(failure(#"{"count":1,"before":2}"#) == "typeMismatch [\"before\"]")
        #expect(failure(#"{"count":null}"#) == "valueNotFound [\"count\"]")
        #expect(failure("[]") == "typeMismatch []")
        #expect(failure("{") == "dataCorrupted")
        // The glide request's path into its points, as Foundation names the indices.
        struct Points: Decodable { var points: [[Double]] }
        do {
            _ = try JSON.decode(Points.self, from: #"{"points":[[1,2],[3,"x"]]}"#)
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["points", "Index 1", "Index 1"])
        }
    }
}
