import ClavierCore
import ClavierJSON
import Testing
@testable import ClavierApp

/// Whatever a control-socket peer or a script sends, the reader returns or throws: random
/// bytes and mutated valid documents, from a fixed seed.
@Suite struct FuzzTests {
    static let documents = [
        #"{"request":"layout","name":"emoji"}"#, #"{"reply":"ok","status":{"geometry":{"height":330,"width":1280,"x":0,"y":470},"layout":"us","page":"letters","visible":true}}"#,
        #"{"points":[[1.5,2],[3e2,-4]],"width":1280,"height":330,"before":"\ud83d\ude00 a\/b"}"#,
        #"{"version":1,"taps":[{"text":"🐶","count":2,"last":7}]}"#, #"[null,true,false,-0.0e+1,"\u0000",{}]"#,
    ]

    static func readEverything(_ bytes: [UInt8]) {
        _ = try? JSON.parse(bytes)
        _ = try? JSON.decode(ControlReply.self, from: bytes)
        _ = try? JSON.decode(ControlRequest.self, from: bytes)
        _ = try? JSON.decode(Tree.self, from: bytes)
        _ = try? JSON.decode([[Double]].self, from: bytes)
        _ = try? JSON.decode([String: Int8].self, from: bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        _ = ControlRequest(line: line)
        _ = ControlReply(decoding: line)
    }

    @Test func randomBytesNeverCrash() {
        var g = Generator()
        let alphabet = Array("{}[]\":,\\/-+.0123456789eEtrufalsn u\u{1}".utf8) + [0x80, 0xC3, 0xED, 0xFF]
        for _ in 0..<3000 {
            let bytes = (0..<g.int(0...64)).map { _ in g.chance(0.7) ? alphabet[g.int(0...alphabet.count - 1)] : UInt8(g.int(0...255)) }
            Self.readEverything(bytes)
        }
    }

    @Test func mutatedDocumentsNeverCrash() {
        var g = Generator()
        for _ in 0..<3000 {
            var bytes = Array(Self.documents[g.int(0...Self.documents.count - 1)].utf8)
            for _ in 0..<g.int(1...4) {
                let i = g.int(0...bytes.count - 1)
                switch g.int(0...3) {
                case 0: bytes[i] = UInt8(g.int(0...255))
                case 1: bytes.remove(at: i)
                case 2: bytes.insert(bytes[g.int(0...bytes.count - 1)], at: i)
                default: bytes = Array(bytes[..<i])
                }
                if bytes.isEmpty { break }
            }
            Self.readEverything(bytes)
        }
    }
}
