import ClavierTestSupport
import Foundation
import Testing

/// `clavier --experimental-dump-help`, which generate-manual reads to write clavier(1). The
/// vendored swift-argument-parser writes it with a JSON encoder of its own instead of
/// Foundation's (vendor/swift-argument-parser/README.vendor): its bytes must stay those
/// Foundation's JSONEncoder writes (`.prettyPrinted`, `.sortedKeys`), as upstream's did.
@Suite struct DumpHelpTests {
    /// Any JSON value, read and written back by Foundation.
    enum JSONValue: Codable, Equatable {
        case string(String), integer(Int), bool(Bool), array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let array = try? container.decode([JSONValue].self) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let string): try container.encode(string)
            case .integer(let integer): try container.encode(integer)
            case .bool(let bool): try container.encode(bool)
            case .array(let array): try container.encode(array)
            case .object(let object): try container.encode(object)
            }
        }
    }

    /// `json` as Foundation's JSONEncoder writes it with swift-argument-parser's options.
    static func foundationEncoding(of json: String) throws -> String {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func dumpHelp() throws -> String {
        let result = try Harness.run([Harness.clavierBinary, "--experimental-dump-help"])
        #expect(result.status == 0, "\(result)")
        return result.out
    }

    @Test func theDumpIsWhatFoundationsEncoderWrites() throws {
        let dump = try Self.dumpHelp()
        // Slashes (escaped), nested commands, arrays, an empty object, a number: the cases the
        // encoder has to get right are in Clavier's own definitions.
        for part in [#"\/"#, #""subcommands" : ["#, "\"custom\" : {\n\n", #""serializationVersion" : 0"#] {
            #expect(dump.contains(part), "the dump lacks \(part)")
        }
        #expect(dump == (try Self.foundationEncoding(of: dump)) + "\n")
    }

    /// Every default the help shows is written as it is typed on the command line: a size is
    /// `1280x330`, never Swift's description of the value (`Size(width: 1280, height: 330)`).
    @Test func defaultsAreShownAsTheyAreTyped() throws {
        let dump = try Self.dumpHelp()
        #expect(!dump.contains("Size(") && !dump.contains("width:"), "a default shown as a Swift value")
        #expect(dump.contains(#""defaultValue" : "1280x330""#))
    }

    @Test func aDumpFoundationWouldWriteOtherwiseIsCaught() throws {
        let dump = try Self.dumpHelp()
        for (wrong, right) in [("/", #"\/"#), (#""abstract":"#, #""abstract" : "#), ("  ", "    ")] {
            let changed = dump.replacingOccurrences(of: right, with: wrong)
            #expect(changed != dump, "no \(right) in the dump to change")
            #expect(changed != (try Self.foundationEncoding(of: changed)) + "\n", "\(wrong) for \(right) not caught")
        }
    }
}
