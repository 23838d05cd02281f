#!/usr/bin/env python3
"""gen-emoji-layout: writes Assets/layouts/emoji.yaml from Unicode's emoji-test.txt
(Debian: unicode-data, /usr/share/unicode/emoji/emoji-test.txt).

Every fully-qualified emoji except the bare skin-tone and hair components, by Unicode's
groups, in its order. An emoji with skin tones appears once; its toned forms are its
long-press alternates. Each group fills pages of ROWS x COLUMNS keys; the bottom row of
every page opens the search, switches group, turns to the next page, deletes, types Return
and hides. The first page, "frequent", is refilled at run time with the most often tapped
emoji (its keys here are the defaults shown before anything was tapped). The last, "search"
(the layout's search-page), has the US letters, which type into the keyboard's own search
field, never the application; its field key shows the words typed and its emoji keys the
emoji whose CLDR names and keywords they find (Assets/emoji, tools/gen-emoji-annotations.py).

usage: tools/gen-emoji-layout.py [emoji-test.txt] > Assets/layouts/emoji.yaml
"""
import json
import re
import sys

ROWS, COLUMNS = 3, 10
TONES = {0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF}
# Group -> (page id prefix, the emoji its switch key shows).
GROUPS = {
    "Smileys & Emotion": ("smileys", "😀"), "People & Body": ("people", "👋"),
    "Animals & Nature": ("animals", "🐻"), "Food & Drink": ("food", "🍔"),
    "Travel & Places": ("travel", "🚗"), "Activities": ("activities", "⚽"),
    "Objects": ("objects", "💡"), "Symbols": ("symbols", "🔣"), "Flags": ("flags", "🏁"),
}

path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/emoji/emoji-test.txt"
version = ""
groups = {}        # group -> [base sequence]
alternates = {}    # base sequence -> [toned sequences]
group = None
for line in open(path, encoding="utf-8"):
    if line.startswith("# Version:"):
        version = line.split(":", 1)[1].strip()
    m = re.match(r"# group: (.*)", line)
    if m:
        group = m.group(1).strip()
        continue
    m = re.match(r"([0-9A-F ]+?)\s*; fully-qualified\s*#", line)
    if not m or group not in GROUPS:
        continue
    cps = [int(c, 16) for c in m.group(1).split()]
    base = tuple(c for c in cps if c not in TONES)
    if base != tuple(cps) and base in alternates:
        alternates[base].append(tuple(cps))
        continue
    groups.setdefault(group, []).append(tuple(cps))
    alternates.setdefault(tuple(cps), [])


def text(cps):
    return "".join(chr(c) for c in cps)


def key_id(cps):
    return "-".join(f"{c:x}" for c in cps)


def q(s):
    return json.dumps(s, ensure_ascii=False)


def emoji_key(cps):
    fields = [f"id: {key_id(cps)}", f"label: {q(text(cps))}", "class: symbol"]
    if alternates.get(cps):
        fields.append("alternates: [" + ", ".join(q(text(a)) for a in alternates[cps]) + "]")
    return "{" + ", ".join(fields) + "}"


per_page = ROWS * COLUMNS
pages = []  # (id, [cps])
first_page = {}
for group, (prefix, _) in GROUPS.items():
    seq = groups.get(group, [])
    for i in range(0, len(seq), per_page):
        pid = f"{prefix}-{i // per_page + 1}"
        first_page.setdefault(group, pid)
        pages.append((pid, seq[i:i + per_page]))
defaults = groups["Smileys & Emotion"][:per_page]
order = ["frequent"] + [p for p, _ in pages]


def bottom_row(pid):
    nxt = order[(order.index(pid) + 1) % len(order)]
    keys = ['{id: to-search, label: "🔍", action: {page: search}, width: 0.6, class: function}',
            '{id: to-frequent, label: "🕘", action: {page: frequent}, width: 0.6, class: function}']
    for group, (prefix, icon) in GROUPS.items():
        keys.append(f"{{id: to-{prefix}, label: {q(icon)}, action: {{page: {first_page[group]}}}, width: 0.6, class: function}}")
    # Eleven switches of 0.6 and four keys of 0.85: ten units, as wide as a row of emoji.
    keys.append(f'{{id: next, label: "▶", action: {{page: {nxt}}}, width: 0.85, class: function}}')
    keys.append("{id: backspace, icon: backspace, action: {keysym: BackSpace}, width: 0.85, class: function, repeats: true}")
    keys.append("{id: return, icon: return, action: {keysym: Return}, width: 0.85, class: function}")
    keys.append("{id: hide, icon: hide, action: hide, width: 0.85, class: function}")
    return "      - - " + "\n        - ".join(keys)


def page(pid, seq):
    out = [f"  - id: {pid}", "    rows:"]
    for r in range(0, len(seq), COLUMNS):
        out.append("      - - " + "\n        - ".join(emoji_key(c) for c in seq[r:r + COLUMNS]))
    out.append(bottom_row(pid))
    return "\n".join(out)


SEARCH_SLOTS = COLUMNS - 3


def search_page():
    """The search field (three keys wide) and its matches, the US letters, BackSpace, a close
    key back to the frequent page and a space between words; ten units a row."""
    def row(keys):
        return "      - - " + "\n        - ".join(keys)
    field = ['{id: search-field, label: "🔍", action: {page: search}, width: 3, class: function}']
    slots = [emoji_key(c) for c in defaults[:SEARCH_SLOTS]]
    return "\n".join([
        "  - id: search", "    rows:", row(field + slots),
        row(list("qwertyuiop")),
        row(list("asdfghjkl") + ["{id: backspace, icon: backspace, action: {keysym: BackSpace}, class: function, repeats: true}"]),
        row(['{id: close, label: "✕", action: {page: frequent}, width: 1.5, class: function}'] + list("zxcvbnm")
            + ["{id: space, label: space, action: {keysym: space}, width: 1.5, class: space}"]),
    ])


print(f"# Generated by tools/gen-emoji-layout.py from Unicode emoji-test.txt {version}; do not edit.")
print(f"# {sum(len(v) for v in groups.values())} emoji in {len(pages)} pages, toned forms as long-press alternates.")
print("description: Emoji by category, with a page of the most often used")
print("options:")
print("  frequent-page: frequent")
print("  search-page: search")
print("  accessory: []")
print("pages:")
print(page("frequent", defaults))
for pid, seq in pages:
    print(page(pid, seq))
print(search_page())
