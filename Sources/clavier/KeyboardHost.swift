import ClavierCore
import ClavierLayouts

/// What `KeyboardApp` needs of the world to carry out the session's effects: the window and
/// its pixels, typing, the click, the preview, and making keyboards for layouts. `XHost` is
/// the X server's; the app tests use a recording one, so the app's behaviour is tested
/// without X. A new effect that needs the outside world is one more method here.
protocol KeyboardHost: AnyObject {
    /// Types every `.type` of `effects` (the session's typing filter applied) and waits
    /// until the server has them; true when anything was typed.
    func type(_ effects: [Effect]) -> Bool
    /// Wraps the focused window's selection in `formatting`, or types the pair.
    func format(_ formatting: Formatting)
    /// Repaints what changed of `keyboard` and puts it on screen.
    func paint(_ keyboard: Keyboard, damaged: [Key.ID], whole: Bool, bar: Bool)
    /// Repaints the glide's trail as it stands at `now` (`GlideState.trail`): its new segment
    /// while it grows, the whole of it when keys under it were just repainted (`whole`), as
    /// it fades and once it is gone.
    func paintTrail(_ keyboard: Keyboard, at now: ContinuousClock.Instant, whole: Bool)
    /// Brings the preview of a held key in line with `keyboard` (gone when nothing is held).
    func followPreview(_ keyboard: Keyboard)
    func click()
    /// About to show: what is painted from here on is what the window shows.
    func prepareToShow(_ keyboard: Keyboard)
    func showWindow()
    /// Unmaps the window and takes the preview down.
    func hideWindow()
    /// Makes the window again (another program destroyed it), painted with `keyboard`, unmapped.
    func recreateWindow(_ keyboard: Keyboard)
    /// A keyboard for `layout` at the window's size, repeating as the settings say, labelled
    /// from the live keymap.
    func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard
    /// The layout a name or a file names.
    func loadLayout(_ name: String) throws(LayoutError) -> Layout
    /// Asks the focus watch which field has the focus (`Effect.askField`); its answer comes
    /// as a focus report. Nothing without one.
    func askField()
    /// Locks the keymap's group for `languages` entry `index`, or the next one (nil).
    func switchLanguage(_ index: Int?)
    /// Where the pointer is on the keys now; nil: not on them.
    func pointerOnKeys() -> Point?
    /// The window's place on the screen, for `clavier status`.
    var windowRect: Rect { get }
}
