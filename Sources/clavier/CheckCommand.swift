import ArgumentParser
import ClavierApp
import ClavierLayouts

/// `clavier check FILE…`: reports every problem of layout and theme files, compiler style.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout, theme and config files; print file:line:column: message for each problem.")

    @Argument(help: "Layout, theme or config files (config.yaml is a config; a file in a themes/ directory, or without pages:, is a theme).")
    var files: [String]

    @Flag(help: "Also report the keys of a layout that kiosk mode refuses to type (keysyms outside characters, editing and navigation; Ctrl, Alt and Super).")
    var kiosk = false

    func run() throws {
        var problems = 0, layouts = 0, themes = 0, configs = 0
        for file in files {
            if ConfigFile.isConfigFile(file) {
                let diagnostics = ConfigFile.check(path: file)
                for diagnostic in diagnostics { print(diagnostic) }
                problems += diagnostics.count
                configs += 1
                continue
            }
            let result = FileChecker.check(path: file, kiosk: kiosk)
            for diagnostic in result.diagnostics { print(diagnostic) }
            problems += result.diagnostics.count
            switch result.kind {
            case .layout: layouts += 1
            case .theme: themes += 1
            case nil: break
            }
        }
        if problems > 0 {
            Log.error("check: \(problems) problem\(problems == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")")
            throw ExitCode.failure
        }
        print("clavier check: \(files.count) file\(files.count == 1 ? "" : "s") OK (\(layouts) layout\(layouts == 1 ? "" : "s"), \(themes) theme\(themes == 1 ? "" : "s")\(configs > 0 ? ", \(configs) config" : ""))")
    }
}
