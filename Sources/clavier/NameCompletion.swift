import ArgumentParser

// Shell completion (`clavier --generate-completion-script bash|zsh|fish`) asks the binary for
// these at each Tab, so a layout or theme the user just added completes too.
extension CompletionKind {
    /// Completes a layout name: the ones `clavier layouts` lists.
    static var layoutName: CompletionKind { .custom { _, _, _ in LayoutsCommand.names(.layout) } }

    /// Completes a theme name: the ones `clavier layouts` lists.
    static var themeName: CompletionKind { .custom { _, _, _ in LayoutsCommand.names(.theme) } }
}
