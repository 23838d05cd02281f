import ClavierCore

/// The host's part that answers for words: the suggestion bar, autocorrection, glide typing,
/// emoji search and the emoji taps counted, learning. `HostWords` is the one every window
/// system has (HostWords.swift); the app tests record theirs.
package protocol KeyboardWords: AnyObject {
    /// Whether suggestions are on (a bar to fill at all).
    var suggests: Bool { get }
    /// The words `points`, drawn on `keyboard` after the text `before` (what glides were
    /// decoded in, `GlideContext.before`), mean, best first (glide typing's decoder).
    func glideWords(_ keyboard: Keyboard, _ points: [Point], after before: String) -> [String]
    /// The words the bar of `keyboard` offers after `context`; none while their model loads
    /// (`wordsChanged` says once it is there) or without suggestions. `corrects`: words are
    /// corrected in the focused field (`Typing.corrects`, the one place `--autocorrect` is held).
    func suggestions(for keyboard: Keyboard, after context: TypingContext, corrects: Bool) -> [String]
    /// What the word whose `taps` (the letters and where their presses landed) were typed on
    /// `keyboard` after `before` is corrected to as it ends; nil: it stays. Never kept or logged.
    func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String?
    /// Whether the bar is to be asked again: a model it waited for is there, or the keymap's
    /// language changed since the keyboard came up (with nothing typed yet after `context`).
    /// Asked after each turn of the loop.
    func wordsChanged(on keyboard: Keyboard, after context: TypingContext) -> Bool
    /// The keymap's group or its layouts changed: suggestions follow its language; true when
    /// it changed (the bar is to be asked again).
    func followKeymapLanguage(on keyboard: Keyboard) -> Bool
    /// Learns `text`, typed on `layout` and committed by the session, where learning is on.
    func learn(_ text: String, on layout: Layout)
    /// Forgets every word learned (`clavier forget`).
    func forgetLearned()
    /// Saves what was learned (the keyboard hides or ends).
    func saveLearning()
    /// The emoji that `query` (the emoji search's own field) finds on `layout`, best first, in
    /// the keymap's language and English (`EmojiSearcher`). Never kept or logged.
    func emojiMatches(for query: String, on layout: Layout) -> [String]
    /// A press landed on `key` (emoji taps are counted, `TapRecorder`).
    func tapped(_ key: Key)
    /// `layout` as it is to be shown again (the frequently used page refilled from the taps
    /// counted); nil: as it is.
    func refreshLayout(_ layout: Layout) -> Layout?
    /// The loop was idle `Timing.idleBuffers`: the language models' mapped pages leave the
    /// process's memory (the next query faults back in the few it reads; the page cache keeps
    /// them).
    func dropIdlePages()
}
