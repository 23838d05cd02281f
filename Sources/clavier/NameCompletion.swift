import ArgumentParser
import ClavierCore

// Shell completion (`clavier --generate-completion-script bash|zsh|fish`) asks the binary for
// these at each Tab, so a layout or theme the user just added completes too.
extension CompletionKind {
    /// Completes a layout name: the ones `clavier layouts` lists.
    static var layoutName: CompletionKind { .custom { _, _, _ in LayoutsCommand.names(.layout) } }

    /// Completes a theme name: the ones `clavier layouts` lists.
    static var themeName: CompletionKind { .custom { _, _, _ in LayoutsCommand.names(.theme) } }

    /// What completes `setting`'s value (`SettingOptions`): the layouts or themes installed,
    /// or the values its value name lists.
    static func values(of setting: AnySetting) -> CompletionKind? {
        switch setting.name {
        case Setting.layout.name: .layoutName
        case Setting.theme.name: .themeName
        default: words(of: setting).map { .list($0) }
        }
    }

    /// The words a value name such as `top|bottom` lists (not `PX|N%`, no words).
    static func words(of setting: AnySetting) -> [String]? {
        let words = setting.valueName?.split(separator: "|").map(String.init) ?? []
        let isWord = { (word: String) in !word.isEmpty && word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
        return words.count > 1 && words.allSatisfy(isWord) ? words : nil
    }
}
