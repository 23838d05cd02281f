/// The clipboard strip (issue 38): the texts copied lately (`SessionEvent.copied`, from the
/// host's watch on the CLIPBOARD selection) are offered on the bar's suggestion cells while
/// the text before the caret is empty, as far as the keyboard knows it (a field just focused
/// or clicked in, nothing typed there yet); a tap types the text (Keyboard+Accessory.swift),
/// after which the text before the caret is not empty and the bar's words come back.
/// Nothing is recorded while a private field (a password's, one not told yet) has the focus,
/// nor offered into one; kiosk mode decides whether there is a strip (Session+Kiosk.swift).
/// A long press on a copy's cell pins it (`Effect.pinClip`; dwell holds the cell as it holds
/// a key with alternates): pinned texts come first and are the only ones the host keeps on
/// disk (`Effect.keepPins`); a long press on a pinned one unpins it.
extension Session {
    /// A copy was made: kept unless the strip is off or a private field has the focus.
    mutating func copied(_ text: String) {
        guard clipboard != nil, !typing.fieldKeys.isPrivate, typing.context.field.keepsText else { return }
        _ = clipboard?.record(text)
    }

    /// `clavier forget`: the strip forgets every text, the pinned ones too, and the pin file
    /// goes (even with no strip now: pins kept by an earlier start).
    mutating func forgetClipboard() -> [Effect] {
        clipboard?.clear()
        return [.keepPins([])]
    }

    /// A long press on the cell of `text`: pinned, or unpinned, and the pins kept on disk;
    /// nothing with no strip (`--clipboard off`, a kiosk) or `pinCapacity` texts pinned.
    mutating func togglePin(_ text: String) -> [Effect] {
        guard clipboard?.togglePin(text) == true, let clipboard else { return [] }
        return [.keepPins(clipboard.pinned), .redrawAccessory]
    }

    /// How many of the bar's first cells show pinned texts (the painter marks them).
    var pinnedClipsShown: Int {
        guard let clipboard else { return 0 }
        return typing.clips.prefix(while: clipboard.isPinned).count
    }

    /// The texts the bar offers now: the pinned, then the newest, as many as it has suggestion slots, while
    /// the text before the caret is empty in a field that keeps text and is not private, no
    /// glide's alternatives are offered, and neither the settings page nor the emoji search shows.
    var clipsWanted: [String] {
        guard let clipboard, !clipboard.entries.isEmpty, visibility.shown, !pane.isOpen, emojiSearch == nil,
              keyboard.followsWords, let slots = keyboard.accessory?.slots, slots > 0,
              !typing.fieldKeys.isPrivate, typing.context.field.keepsText, typing.context.before.isEmpty,
              typing.glideContext.lastWord == nil else { return [] }
        return clipboard.offered(slots: slots)
    }

    /// After every event: the bar takes the texts it should offer now, repainted when they changed.
    mutating func followClips() -> [Effect] {
        let wanted = clipsWanted
        guard wanted != typing.clips else { return [] }
        typing.clips = wanted
        return keyboard.accessory == nil ? [] : [.redrawAccessory]
    }
}
