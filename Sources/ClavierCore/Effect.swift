/// What the keyboard asks the outside world to do; the executable carries these out.
public enum Effect: Hashable, Sendable {
    /// Inject one key press and release that produces this keysym, with these modifiers held.
    case type(KeySym, modifiers: ModifierSet)
    /// Play the key click.
    case playClick
    /// A press landed on this key (before it types, on release or by its alternates): what
    /// the frequently used page counts.
    case tapped(Key)
    /// Repaint these keys of the current page (and only them).
    case redraw([Key.ID])
    /// Repaint the whole current page (a page switch, or labels changed with Shift).
    case redrawAll
    /// The current page changed to this one.
    case switchPage(Page.ID)
    /// Hide the keyboard window.
    case hide
    /// Repaint the accessory bar (its completions changed, or a cell was pressed).
    case redrawAccessory
    /// Wrap the focused window's selection in this formatting's delimiters, or type the pair
    /// with the cursor between them when nothing is selected (the X side knows which).
    case format(Formatting)
}
