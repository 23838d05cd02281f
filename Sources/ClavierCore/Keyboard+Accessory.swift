/// The accessory bar's presses: a completion, a copied text, a formatting action, Speak, Save
/// or the settings gear, taken on release; a copied text held `longPressDelay` is pinned or unpinned
/// instead (`Effect.pinClip`), and its release types nothing.
extension Keyboard {
    /// The accessory bar's share of `event`, or nil when the event is the keys' business: a
    /// press on a cell holds it, and letting go on the same cell acts on it.
    mutating func handleAccessory(_ event: InputEvent, at now: ContinuousClock.Instant, _ typing: inout Typing) -> [Effect]? {
        switch event {
        case .press(let point, let pointer):
            guard let bar = accessory, popup == nil, bar.rect.contains(point) else { return nil }
            guard let cell = bar.cell(at: point) else { return [] }
            if case .completion(let i) = cell, i >= typing.offeredCount { return [] }
            // A copied text held long is pinned: the tick at `due` says so (`longPressCell`).
            let clip: Bool = if case .completion(let i) = cell, i < typing.clips.count { true } else { false }
            pressedCell = (pointer, cell, clip ? now + longPressDelay : nil)
            return [.playClick, .redrawAccessory]
        case .release(let point, let pointer):
            guard let held = pressedCell, held.pointer == pointer else { return nil }
            pressedCell = nil
            guard accessory?.cell(at: point) == held.cell else { return [.redrawAccessory] }
            switch held.cell {
            case .completion(let i) where !typing.clips.isEmpty:
                // A copied text is typed as it stands (no space after it, nothing replaced),
                // but its new lines only where they cannot run anything (ClipboardHistory.typed).
                guard i < typing.clips.count else { return [.redrawAccessory] }
                let keepsReturns = ClipboardHistory.keepsReturns(in: typing.context)
                return [.redrawAccessory] + typeText(ClipboardHistory.typed(typing.clips[i], keepingReturns: keepsReturns))
            case .completion(let i):
                guard i < typing.completions.count else { return [.redrawAccessory] }
                let chosen = typing.completions[i]
                // After a glide the bar offers its other words: one replaces the word glided.
                if typing.glideContext.lastWord != nil { return [.redrawAccessory] + replaceGlided(with: chosen, &typing) }
                return [.redrawAccessory] + take(chosen, &typing)
            case .format(let formatting):
                typing.context.forgetText()
                return [.redrawAccessory, .format(formatting)] + consumeLatches()
            case .settings:
                // The session opens the page (it may refuse: a kiosk has no gear to press).
                return [.redrawAccessory, .openSettings]
            case .speak:
                return [.redrawAccessory, .speakSentence]
            case .savePhrase:
                return [.redrawAccessory, .saveSentence]
            }
        case .motion(_, let pointer):
            return pressedCell?.pointer == pointer ? [] : nil
        case .lost(let pointer):
            guard pressedCell?.pointer == pointer else { return nil }
            pressedCell = nil
            return [.redrawAccessory]
        case .cancelAll, .tick:
            return nil
        }
    }

    /// The tick of a copied text's cell held `longPressDelay`: the press is spent (its release
    /// types nothing) and the text is to be pinned, or unpinned.
    mutating func longPressCell(at now: ContinuousClock.Instant, _ typing: Typing) -> [Effect] {
        guard let held = pressedCell, let due = held.due, now >= due, case .completion(let i) = held.cell else { return [] }
        pressedCell = nil
        guard i < typing.clips.count else { return [.redrawAccessory] }
        return [.redrawAccessory, .pinClip(typing.clips[i])]
    }
}
