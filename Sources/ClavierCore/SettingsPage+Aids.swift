/// The settings page for dwell and switch scanning, whose users cannot tap it: each cell is a
/// target (`PressTarget.page`) an aid rests on or highlights, and its press is a tap at the
/// target's centre, which `Session.settingsInput` takes as it takes a finger's. A stepped
/// (number) cell is two targets, its − third and its + rest, as a finger's tap tells them
/// apart; so a dwell counts again when the pointer crosses from − to +, and a scan stops on
/// − then + (a separate stop, not a long select: one select is all a one-switch user has,
/// and a number that only went up could never come back down). A locked cell is no target:
/// pressing it does nothing, so a dwell shows no progress there and a scan does not stop.
extension SettingsPage {
    /// Which part of a cell a target is.
    public enum Part: Hashable, Sendable {
        /// The whole cell (one tap to the next value, Forget, Done).
        case whole
        /// The − third and the + rest of a stepped cell.
        case minus, plus
    }

    /// The target under `point`; nil between cells and on a locked one.
    public func target(at point: Point) -> PressTarget? {
        guard let cell = cell(at: point), !cell.locked else { return nil }
        let part: Part = !cell.stepped ? .whole : Self.stepsBack(cell, at: point) ? .minus : .plus
        return .page(cell.action, part)
    }

    /// The area of `target`, where its marks are painted and its press lands; nil: not on this page.
    public func rect(of target: PressTarget) -> Rect? {
        guard case .page(let action, let part) = target, let cell = cells.first(where: { $0.action == action }) else { return nil }
        let r = cell.rect, third = r.width / 3
        switch part {
        case .whole: return r
        case .minus: return Rect(x: r.x, y: r.y, width: third, height: r.height)
        case .plus: return Rect(x: r.x + third, y: r.y, width: r.width - third, height: r.height)
        }
    }

    /// Where an aid's press on `target` goes: its area's centre.
    public func centre(of target: PressTarget) -> Point? { rect(of: target).map { Point(x: $0.midX, y: $0.midY) } }

    /// The targets of `cell`, left to right.
    public static func targets(of cell: Cell) -> [PressTarget] {
        if cell.locked { return [] }
        return cell.stepped ? [.page(cell.action, .minus), .page(cell.action, .plus)] : [.page(cell.action, .whole)]
    }

    /// The page's rows as a scan steps through them: the cells of equal top edge, left to right.
    public var scanRows: [[PressTarget]] {
        var byTop: [Int: [Cell]] = [:]
        for cell in cells where cell.rect.width > 0 && cell.rect.height > 0 { byTop[cell.rect.y, default: []].append(cell) }
        return byTop.keys.sorted().map { top in byTop[top]!.sorted { $0.rect.x < $1.rect.x }.flatMap(Self.targets(of:)) }
            .filter { !$0.isEmpty }
    }

    /// How `clavier status` names the cell of `action`: the setting's name, `forget`, `done`.
    public static func name(of action: Action) -> String {
        switch action {
        case .setting(let name): name
        case .forget: "forget"
        case .done: "done"
        }
    }
}
