import Foundation
import PackagePlugin

/// Writes the target's built-in values as Swift at build time with `make-builtins`, which reads
/// them with Clavier's own reader: ClavierBuiltins gets `Layout.us` and `Theme.system` from the
/// shipped Assets/layouts/us.yaml and Assets/themes/system.yaml, which are the command's inputs,
/// so editing one makes the values again at the next `swift build`. Any other target (the
/// printer's test) gets BuiltinsPrinter's `EveryField` values printed.
@main
struct MakeBuiltins: BuildToolPlugin {
    static let shipped = ["Assets/layouts/us.yaml", "Assets/themes/system.yaml"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated.swift")
        let shipped = target.name == "ClavierBuiltins"
        return [.buildCommand(displayName: "Making \(target.name)'s built-in values",
                              executable: try context.tool(named: "make-builtins").url,
                              arguments: shipped ? [root.path, output.path] + Self.shipped : ["--every-field", output.path],
                              inputFiles: shipped ? Self.shipped.map { root.appending(path: $0) } : [],
                              outputFiles: [output])]
    }
}
