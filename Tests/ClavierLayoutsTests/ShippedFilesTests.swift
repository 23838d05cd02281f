import ClavierBuiltins
import ClavierCore
@testable import ClavierLayouts
import Foundation
import Testing

/// The shipped files whose values are built into the binary (ClavierBuiltins' `BuiltinFiles`).
struct ShippedFilesTests {
    /// us.yaml and system.yaml as shipped are taken for the built-in values, unparsed (that
    /// they say the same is ShippedFileTests'): the hashes were taken at build time of the
    /// files the values were made from.
    @Test func theShippedFilesAreTakenForTheBuiltInValues() throws {
        #expect(BuiltinFiles.layouts.keys.sorted() == ["us"] && BuiltinFiles.themes.keys.sorted() == ["system"])
        for name in BuiltinFiles.layouts.keys {
            let text = try String(contentsOfFile: Files.root.appendingPathComponent("Assets/layouts/\(name).yaml").path, encoding: .utf8)
            #expect(Files.builtin.layout(named: name, text: text) == Layout.builtin[name], "layouts/\(name).yaml")
            #expect(Files.builtin.layout(named: name, text: text + "\n") == nil, "an edited layouts/\(name).yaml")
        }
        for name in BuiltinFiles.themes.keys {
            let text = try String(contentsOfFile: Files.root.appendingPathComponent("Assets/themes/\(name).yaml").path, encoding: .utf8)
            #expect(Files.builtin.theme(named: name, text: text) == Theme.builtin[name], "themes/\(name).yaml")
            #expect(Files.builtin.theme(named: name, text: text + "\n") == nil, "an edited themes/\(name).yaml")
        }
    }

    /// Files are known by 64-bit FNV-1a: the reference implementation's test vectors.
    @Test func filesAreKnownByFNV1a() {
        #expect(fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }
}
