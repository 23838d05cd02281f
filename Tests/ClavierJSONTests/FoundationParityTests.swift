import ClavierJSON
import FoundationEssentials
import Testing

/// ClavierJSON writes what FoundationEssentials' JSONEncoder writes, byte for byte, and reads
/// what it reads. Foundation writes an unsorted object in its dictionary's order (a different
/// one each run), ClavierJSON in the order encoded: without `sortedKeys`, objects of more than
/// one key are compared as values.
@Suite struct FoundationParityTests {
    @Test func doublesAndFloatsAreWrittenAsFoundationWritesThem() throws {
        var g = Generator()
        for _ in 0..<20_000 {
            let double = g.double()
            #expect(try JSON.encode([double]) == foundation([double], []), "\(double)")
            #expect(try JSON.encode(double) == foundation(double, []), "\(double)")
            let float = Float(double)
            if float.isFinite { #expect(try JSON.encode([float]) == foundation([float], []), "\(float)") }
        }
    }

    @Test func nonFiniteNumbersThrowAsInFoundation() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSON.encode(value) }
            #expect(throws: EncodingError.self) { try JSON.encode(["x": [value]]) }
            #expect(throws: EncodingError.self) { try foundation(value, []) }
        }
        #expect(throws: EncodingError.self) { try JSON.encode(Float.nan) }
    }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        let ascii = String(String.UnicodeScalarView((0...127).map { Unicode.Scalar(UInt8($0)) }))
        var g = Generator()
        for string in [ascii, "", "a/b", "\u{7F}\u{80}é😀\u{10FFFF}"] + (0..<3000).map({ _ in g.string() }) {
            for options in allOptions {
                #expect(try JSON.encode(string, options: options) == foundation(string, options), "\(string.debugDescription)")
                #expect(try JSON.encode([string: 1], options: options) == foundation([string: 1], options))
            }
        }
    }

    @Test func randomTreesAreWrittenAsFoundationWritesThem() throws {
        var g = Generator()
        for _ in 0..<3000 {
            let tree = g.tree()
            guard let expected = try? foundation(tree, .sortedKeys) else {
                #expect(throws: (any Error).self) { try JSON.encode(tree, options: .sortedKeys) }
                continue
            }
            for options in allOptions {
                let ours = try JSON.encode(tree, options: options)
                if options.contains(.sortedKeys) {
                    #expect(ours == (try foundation(tree, options)), "\(text(ours))")
                } else {
                    // The same values; the order of each object's keys is Foundation's dictionary's.
                    #expect(try JSON.parse(ours).sorted == JSON.parse(foundation(tree, options)).sorted, "\(text(ours))")
                }
            }
            #expect(try JSON.encode(tree, options: .sortedKeys) == expected)
        }
    }

    /// Each decoder reads the other's output, and both read it as the same value.
    @Test func eachReadsTheOthersOutput() throws {
        var g = Generator()
        for _ in 0..<3000 {
            let tree = g.tree()
            guard let theirs = try? foundation(tree, .prettyPrinted) else { continue }
            let ours = try JSON.encode(tree, options: .prettyPrinted)
            let readByUs = try JSON.decode(Tree.self, from: theirs)
            let readByThem = try JSONDecoder().decode(Tree.self, from: Data(ours))
            let readBack = try JSON.decode(Tree.self, from: ours)
            let expected = try JSON.encode(JSONDecoder().decode(Tree.self, from: Data(theirs)), options: .sortedKeys)
            #expect(try JSON.encode(readByUs, options: .sortedKeys) == expected, "\(text(theirs))")
            #expect(try JSON.encode(readByThem, options: .sortedKeys) == expected, "\(text(ours))")
            #expect(try JSON.encode(readBack, options: .sortedKeys) == expected, "\(text(ours))")
        }
    }

    @Test func emptyContainersAndNothingEncoded() throws {
        struct Empty: Codable {}
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Holder: Encodable { var a: [Int] = []; var b: [String: Int] = [:]; var c = [[Empty()]]; var d = Nothing() }
        for options in allOptions {
            if options.contains(.sortedKeys) { #expect(try JSON.encode(Holder(), options: options) == foundation(Holder(), options)) }
            #expect(try JSON.encode(["a": [Int]()], options: options) == foundation(["a": [Int]()], options))
            #expect(try JSON.encode([Empty()], options: options) == foundation([Empty()], options))
        }
        #expect(try JSON.string(Holder(), options: .prettyPrinted) == """
            {
              "a" : [

              ],
              "b" : {

              },
              "c" : [
                [
                  {

                  }
                ]
              ],
              "d" : {

              }
            }
            """)
        #expect(throws: EncodingError.self) { try JSON.encode(Nothing()) }
        #expect(throws: EncodingError.self) { try foundation(Nothing(), []) }
    }

    /// Objects of a few keys and of many (found by an index once there are more than 8), a key
    /// encoded twice keeping its first place with its last value, as in Foundation.
    @Test func keysEncodedTwice() throws {
        struct Twice: Encodable {
            let count: Int
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Tree.Key.self)
                for i in 0..<count { try c.encode(i, forKey: Tree.Key(stringValue: "k\(i)")) }
                for i in stride(from: 0, to: count, by: 3) { try c.encode(-i, forKey: Tree.Key(stringValue: "k\(i)")) }
                var nested = c.nestedContainer(keyedBy: Tree.Key.self, forKey: Tree.Key(stringValue: "n"))
                try nested.encode(1, forKey: Tree.Key(stringValue: "a"))
                var again = c.nestedContainer(keyedBy: Tree.Key.self, forKey: Tree.Key(stringValue: "n"))
                try again.encode(2, forKey: Tree.Key(stringValue: "b"))
            }
        }
        for count in [1, 8, 9, 30] {
            #expect(try JSON.encode(Twice(count: count), options: .sortedKeys) == foundation(Twice(count: count), .sortedKeys), "\(count)")
        }
        #expect(try JSON.string(Twice(count: 2)) == #"{"k0":0,"k1":1,"n":{"a":1,"b":2}}"#)
    }

    @Test func nestingIsLimitedAsInFoundation() throws {
        func nested(_ depth: Int) -> Tree { (0..<depth).reduce(Tree.int(1)) { inner, _ in .array([inner]) } }
        for depth in [510, 511, 512, 513] {
            let theirs = try? foundation(nested(depth), [])
            let ours = try? JSON.encode(nested(depth))
            #expect(ours == theirs, "\(depth) arrays deep")
        }
    }

    /// Synthesized Codable of enums with associated values: nested objects keyed `_0`, `x`…
    @Test func enumsWithAssociatedValues() throws {
        enum Shape: Codable, Equatable { case dot, circle(Double), labelled(String, at: Int?), box(width: Int, height: Int) }
        let shapes: [Shape] = [.dot, .circle(2.5), .labelled("a/b", at: nil), .labelled("c", at: 3), .box(width: 4, height: 5)]
        for options in allOptions where options.contains(.sortedKeys) {
            #expect(try JSON.encode(shapes, options: options) == foundation(shapes, options))
        }
        #expect(try JSON.decode([Shape].self, from: JSON.encode(shapes)) == shapes)
        #expect(try JSONDecoder().decode([Shape].self, from: Data(JSON.encode(shapes))) == shapes)
    }
}

extension JSONValue {
    /// The value with every object's members in key order.
    var sorted: JSONValue {
        switch self {
        case .array(let elements): .array(elements.map(\.sorted))
        case .object(let members): .object(members.map { JSONMember($0.key, $0.value.sorted) }.sorted { $0.key < $1.key })
        default: self
        }
    }
}
