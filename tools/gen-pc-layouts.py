#!/usr/bin/env python3
"""gen-pc-layouts: writes Assets/layouts/pc.yaml and pc-numpad.yaml, the full PC keyboard.

A 105-key keyboard (pc-numpad; pc without the numeric pad): ANSI's rows plus the ISO key
<LSGT> beside a short left Shift, the only key for < > | under de, fr, es, it, uk … (us gives
it < > too). In key units as a real one measures them: Tab 1.5, Caps Lock 1.75, left Shift
1.25, right Shift 2.75, Enter 2.25, Backspace 2, the space bar 6.25, the bottom row's
modifiers 1.25; gaps between the blocks. Every character key is named by its XKB key name,
so its label and what it types follow the live keymap, group and locks; the labels written
here are only shown with no X server at hand (clavier render). Shift, Ctrl, Alt, Super and
AltGr latch and lock like Shift on the other layouts; Caps Lock and Num Lock toggle the
server's locks, and show them. The numeric pad's tall + and Enter keys are two keys each,
one above the other.

usage: tools/gen-pc-layouts.py   (from the source tree's root)
"""

US = {  # XKB key name -> the us keymap's label, for rendering without a server.
    "TLDE": "`", "AE01": "1", "AE02": "2", "AE03": "3", "AE04": "4", "AE05": "5", "AE06": "6",
    "AE07": "7", "AE08": "8", "AE09": "9", "AE10": "0", "AE11": "-", "AE12": "=",
    "AD01": "q", "AD02": "w", "AD03": "e", "AD04": "r", "AD05": "t", "AD06": "y", "AD07": "u",
    "AD08": "i", "AD09": "o", "AD10": "p", "AD11": "[", "AD12": "]", "BKSL": "\\",
    "AC01": "a", "AC02": "s", "AC03": "d", "AC04": "f", "AC05": "g", "AC06": "h", "AC07": "j",
    "AC08": "k", "AC09": "l", "AC10": ";", "AC11": "'",
    "LSGT": "<", "AB01": "z", "AB02": "x", "AB03": "c", "AB04": "v", "AB05": "b", "AB06": "n", "AB07": "m",
    "AB08": ",", "AB09": ".", "AB10": "/",
    "KP7": "7", "KP8": "8", "KP9": "9", "KP4": "4", "KP5": "5", "KP6": "6", "KP1": "1", "KP2": "2",
    "KP3": "3", "KP0": "0", "KPDL": ".", "KPDV": "/", "KPMU": "*", "KPSU": "-", "KPAD": "+",
}


def q(text):
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def xkb(name, width=None, key_id=None, cls=None):
    extra = f", width: {width}" if width else ""
    extra += f", class: {cls}" if cls else ""
    return f"{{id: {key_id or name.lower()}, label: {q(US[name])}, action: {{xkb: {name}}}{extra}, repeats: true}}"


def sym(key_id, label, keysym, width=None, repeats=False, icon=False):
    shown = f"icon: {label}" if icon else f"label: {q(label)}"
    extra = f", width: {width}" if width else ""
    extra += ", repeats: true" if repeats else ""
    return f"{{id: {key_id}, {shown}, action: {{keysym: {keysym}}}{extra}, class: function}}"


def mod(key_id, label, modifier, width, icon=False):
    shown = f"icon: {label}" if icon else f"label: {q(label)}"
    return f"{{id: {key_id}, {shown}, action: {{modifier: {modifier}}}, width: {width}, class: function}}"


def gap(width):
    return f"{{gap: {width}}}"


def rows(numpad):
    main = [
        [sym("esc", "Esc", "Escape"), gap(1)] + [sym(f"f{n}", f"F{n}", f"F{n}") for n in range(1, 5)] + [gap(0.5)]
        + [sym(f"f{n}", f"F{n}", f"F{n}") for n in range(5, 9)] + [gap(0.5)]
        + [sym(f"f{n}", f"F{n}", f"F{n}") for n in range(9, 13)],
        [xkb("TLDE")] + [xkb(f"AE{n:02}") for n in range(1, 13)]
        + [sym("backspace", "backspace", "BackSpace", width=2, repeats=True, icon=True)],
        [sym("tab", "tab", "Tab", width=1.5, icon=True)] + [xkb(f"AD{n:02}") for n in range(1, 13)]
        + [xkb("BKSL", width=1.5)],
        [sym("caps", "Caps Lock", "Caps_Lock", width=1.75)] + [xkb(f"AC{n:02}") for n in range(1, 12)]
        + [sym("return", "return", "Return", width=2.25, icon=True)],
        [mod("lshift", "shift", "shift", 1.25, icon=True), xkb("LSGT")] + [xkb(f"AB{n:02}") for n in range(1, 11)]
        + [mod("rshift", "shift", "shift", 2.75, icon=True)],
        [mod("lctrl", "Ctrl", "ctrl", 1.25), mod("lsuper", "Super", "super", 1.25), mod("lalt", "Alt", "alt", 1.25),
         "{id: space, label: \" \", action: {keysym: space}, width: 6.25, class: space, repeats: true}",
         mod("altgr", "AltGr", "altgr", 1.25), mod("rsuper", "Super", "super", 1.25),
         sym("menu", "Menu", "Menu", width=1.25), mod("rctrl", "Ctrl", "ctrl", 1.25)],
    ]
    nav = [
        [sym("print", "PrtSc", "Print"), sym("scroll", "ScrLk", "Scroll_Lock"), sym("pause", "Pause", "Pause")],
        [sym("ins", "Ins", "Insert"), sym("home", "Home", "Home"), sym("pgup", "PgUp", "Prior", repeats=True)],
        [sym("del", "Del", "Delete", repeats=True), sym("end", "End", "End"), sym("pgdn", "PgDn", "Next", repeats=True)],
        [gap(3)],
        [gap(1), sym("up", "↑", "Up", repeats=True), gap(1)],
        [sym("left", "←", "Left", repeats=True), sym("down", "↓", "Down", repeats=True),
         sym("right", "→", "Right", repeats=True)],
    ]
    pad = [
        [gap(4)],
        [sym("numlock", "Num", "Num_Lock"), xkb("KPDV"), xkb("KPMU"), xkb("KPSU")],
        [xkb("KP7"), xkb("KP8"), xkb("KP9"), xkb("KPAD", key_id="kpad")],
        [xkb("KP4"), xkb("KP5"), xkb("KP6"), xkb("KPAD", key_id="kpad-2")],
        [xkb("KP1"), xkb("KP2"), xkb("KP3"), sym("kpen", "Enter", "KP_Enter")],
        [xkb("KP0", width=2), xkb("KPDL"), sym("kpen-2", "Enter", "KP_Enter")],
    ]
    out = []
    for r in range(6):
        row = main[r] + [gap(0.5)] + nav[r]
        if numpad:
            row += [gap(0.5)] + pad[r]
        out.append(row)
    return out


def write(path, description, numpad):
    with open(path, "w") as f:
        f.write("# Generated by tools/gen-pc-layouts.py: edit that, not this.\n")
        f.write(f"description: {description}\n")
        f.write("pages:\n  - id: keys\n    rows:\n")
        for row in rows(numpad):
            f.write("      -\n")
            for key in row:
                f.write(f"        - {key}\n")


write("Assets/layouts/pc.yaml", "The full PC keyboard (Esc, F1-F12, arrows, Home/End …) of the current X keyboard layout", False)
write("Assets/layouts/pc-numpad.yaml", "The full PC keyboard with its numeric pad, of the current X keyboard layout", True)
