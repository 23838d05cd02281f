// make-builtins: reads the shipped layout and theme files with Clavier's own reader and writes
// the Swift that builds the same values (BuiltinsPrinter), for ClavierBuiltins. Run by the
// MakeBuiltins build-tool plugin at every build whose inputs changed; never shipped.
//
//   make-builtins ROOT OUTPUT FILE...
//   make-builtins --every-field OUTPUT    (BuiltinsPrinter's EveryField values, for its test)
//
// Each FILE is relative to ROOT (the package), in a `layouts` or `themes` directory; its name
// without `.yaml` is the value's (`Layout.us`). A theme must set every field: it is the base
// other themes are read over. A problem is `file:line:col: message` on stderr, and exit 1.
import BuiltinsPrinter
import ClavierCore
import ClavierLayouts
import Glibc

func printError(_ line: String) {
    var line = line + "\n"
    line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    printError("make-builtins: " + message)
    exit(1)
}

/// Writes `source` unless the file already says it: the release build links this tool again
/// for each product (its flags differ), and an untouched file does not recompile ClavierBuiltins.
func write(_ source: String, to output: String) {
    if PlainFiles.text(output) == source { return }
    guard let out = fopen(output, "w"), fputs(source, out) >= 0, fclose(out) == 0 else { fail("\(output): cannot be written") }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--every-field" {
    let source = "BuiltinsPrinter's EveryField"
    write(SwiftSource.file(layouts: [("everyField", source, 0, EveryField.layout)],
                           themes: [("everyField", source, 0, EveryField.theme)]), to: arguments[1])
    exit(0)
}
guard arguments.count >= 3 else { fail("usage: make-builtins ROOT OUTPUT FILE... | --every-field OUTPUT") }
let root = arguments[0], output = arguments[1]
var layouts: [SwiftSource.Made<Layout>] = [], themes: [SwiftSource.Made<Theme>] = []
for file in arguments.dropFirst(2) {
    let path = root + "/" + file
    let name = LayoutLibrary.name(of: file)
    guard SwiftSource.isIdentifier(name) else { fail("\(path): '\(name)' cannot be a Swift name (letters, digits, _)") }
    guard let text = PlainFiles.text(path) else { fail("\(path): cannot be read") }
    let hash = ShippedFiles.hash(text)
    do throws(LayoutError) {
        switch file.split(separator: "/").dropLast().last {
        case "layouts":
            layouts.append((name, file, hash, try LayoutFile.parse(text, id: name, file: path)))
        case "themes":
            themes.append((name, file, hash, try ThemeFile.parseComplete(text, name: name, file: path)))
        default:
            fail("\(path): not in a layouts or themes directory")
        }
    } catch {
        printError("\(error)")
        fail("\(file) cannot be built in (above)")
    }
}
write(SwiftSource.file(layouts: layouts, themes: themes), to: output)
