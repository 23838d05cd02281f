import ArgumentParser
import ClavierBuiltins
import ClavierCore
import ClavierLayouts

/// `clavier layouts`: every layout and theme found, and where, in the order `--layout` searches.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the layouts and themes Clavier finds, and where.")

    func run() {
        let library = LayoutLibrary.clavier
        print("searched, in order: a path given to --layout/--theme, then")
        for dir in library.directories { print("  \(dir.label)\t\(dir.path)") }
        for kind in LayoutLibrary.Kind.allCases {
            print(kind == .layout ? "layouts:" : "themes:")
            for entry in library.list(kind) {
                print("  \(entry.name)\t\(entry.directory.label)\t\(entry.path)\(entry.shadowed ? "\t(hidden by the one above)" : "")")
            }
            for name in Self.builtin(kind) { print("  \(name)\tbuilt-in\t(in the binary; used when no file is found)") }
        }
    }

    /// The names built into the binary for `kind`, used when no file is found.
    static func builtin(_ kind: LayoutLibrary.Kind) -> [String] {
        kind == .layout ? Layout.builtin.keys.sorted() : Theme.builtin.keys.sorted()
    }

    /// Every name `--layout` (or `--theme`) accepts besides a path: what `run` lists, once each, sorted.
    static func names(_ kind: LayoutLibrary.Kind) -> [String] {
        Set(LayoutLibrary.clavier.list(kind).map(\.name) + builtin(kind)).sorted()
    }
}
