/// What the keyboard asks the outside world to do; the executable's `KeyboardApp` carries
/// these out on its host, in order. A new outside action (a suggestion to show, a stroke to
/// draw) is a new case here and one line of `KeyboardApp.apply`.
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
    /// Map the window (the session shows it; a PIN pad is dealt anew, frequently used keys refilled).
    case show
    /// End the keyboard.
    case quit
    /// Load the layout `name` names (a name or a file) and hand its keyboard back as
    /// `SessionEvent.keyboardReady` with `change`.
    case loadLayout(String, LayoutChange)
    /// Make the window again: another program destroyed it.
    case recreateWindow
    /// A request refused, and why (kiosk mode).
    case refused(String)
    /// A glide over the letters ended: decode these points (the keys' coordinates, in the
    /// order drawn) and send the words back as `SessionEvent.glided`.
    case decodeGlide([Point])
    /// Repaint the glide's trail (it grew, or the glide ended).
    case redrawTrail
    /// What was typed in a field that keeps text, for the suggestions' predictor to learn
    /// (at Return, and when the text before the caret is forgotten); the host may refuse it
    /// (`--no-learning`, a kiosk).
    case learn(String)
    /// Forget every word learned from typing (`clavier forget`): the predictors drop their
    /// learned words, in memory and on disk, so that none is offered or written back.
    case forgetLearned
    /// Ask the focus watch which field has the focus now (the keyboard comes up: the focus may
    /// have moved unheard); its answer comes as `SessionEvent.field(_, moved: true)`.
    case askField
    /// The text before the caret changed: ask the predictor, and send its words back as
    /// `SessionEvent.completions` (only while the layout's bar has suggestion slots).
    case suggest
    /// Switch the keyboard's language (`languages`): lock this XKB group (the index in
    /// `languages`), or the next one after the current (nil). The relabelling and the
    /// suggestions' language follow the server's group change.
    case switchLanguage(Int?)
    /// A key of the emoji search page typed this: it edits the keyboard's own search field.
    /// The session takes it (Session+EmojiSearch.swift); it never reaches the host, so
    /// nothing typed into the search reaches the application.
    case searchTyped(KeySym)
    /// The search field holds these words now: ask the host for the emoji they find, best
    /// first, and send them back as `SessionEvent.emojiMatches`.
    case searchEmoji(String)
    /// A long press on the hide key asks for the settings page (the session decides).
    case openSettings
    /// A long press on a copied text of the bar (`Typing.clips`): pin it, or unpin a pinned
    /// one. The session takes it (Session+Clipboard.swift); it never reaches the host.
    case pinClip(String)
    /// The pinned clipboard texts are these now, the latest pinned first: the host keeps them
    /// in the pin file ($XDG_STATE_HOME/clavier/clipboard-pins), or removes it when there are none.
    case keepPins([String])
    /// The settings page changed the setting of this name (`Session.settingsSources`): keep
    /// the page's settings (settings.yaml) and apply the change to the host at once.
    case settingChanged(String)
    /// Say `text` in `language` (an ISO 639-1 code), cutting short what the keyboard said
    /// before (`--speech`, Session+Speech.swift); never waited for.
    case speak(String, language: String)
    /// Say `text`, typed just now (`--speech-echo`), whole: a prompt after it waits for it.
    case echo(String, language: String)
    /// The Speak key (a key's `speak` action): the session says the sentence before the caret
    /// (`sayTyped`). Never reaches the host.
    case speakSentence
    /// The Save key (`save-phrase`): the session adds the sentence before the caret to the
    /// phrase bank (`keepPhrase`). Never reaches the host.
    case saveSentence
    /// Say `text`, what was typed (the Speak key), whole, as an echo is: the scan's next
    /// prompt waits for it, and its clock too (Session+Phrases.swift).
    case sayTyped(String, language: String)
    /// Add `phrase` to the phrase bank's file (`$XDG_CONFIG_HOME/clavier/phrases.txt`), written
    /// whole through a temporary file and a rename (`PhrasesFile`).
    case keepPhrase(String)
}
