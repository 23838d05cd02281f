#!/usr/bin/env python3
"""gen-emoji-annotations: writes Assets/emoji/annotations-LANG.tsv, what emoji search matches
typed words against (ClavierCore's EmojiAnnotations reads it), for each language Clavier has a
model for (Assets/models/LANG.lm).

Source: Unicode CLDR's annotations and derived annotations (Debian: unicode-cldr-core,
/usr/share/unicode/cldr/common/annotations{,Derived}/LANG.xml), the short name (type="tts")
and the keywords of each emoji. Copyright © 1991-2022 Unicode, Inc., under the Unicode
licence (Unicode-DFS-2016), which allows redistribution with its notice: see
packaging/debian/copyright.

Only the emoji keys of Assets/layouts/emoji.yaml (tools/gen-emoji-layout.py) are written, in
its order, which search keeps among equals. One line per emoji: the emoji as the layout types
it, TAB, its name, TAB, its keywords joined by "|". Everything is lower case, and a word with
accents also appears without them ("café" also as "cafe"; the name is written without them
and kept with them among the keywords), because the search page's letters are the US ones.
An emoji the language has no annotation for is left out (the English file still finds it).

usage: tools/gen-emoji-annotations.py [CLDR common dir]
"""
import glob
import json
import os
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET

FOLD = {"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l"}

cldr = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr/common"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def layout_emoji():
    """The emoji keys of the emoji layout, each once, in its order (the frequent page's
    defaults come again later in their own group, where they keep their place)."""
    out, seen = [], set()
    path = os.path.join(root, "Assets/layouts/emoji.yaml")
    for m in re.finditer(r'\{id: [0-9a-f-]+, label: ("[^"]*"), class: symbol', open(path, encoding="utf-8").read()):
        e = json.loads(m.group(1))
        if e not in seen:
            seen.add(e)
            out.append(e)
    return out


def bare(text):
    """CLDR names an emoji without its variation selectors."""
    return text.replace("\ufe0f", "")


def fold(text):
    text = "".join(FOLD.get(c, c) for c in text)
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def clean(text):
    return " ".join(text.lower().replace("\t", " ").replace("|", " ").split())


def annotations(lang):
    names, keywords = {}, {}
    for sub in ("annotations", "annotationsDerived"):
        path = os.path.join(cldr, sub, lang + ".xml")
        if not os.path.exists(path):
            continue
        for a in ET.parse(path).getroot().iter("annotation"):
            cp, text = a.get("cp"), (a.text or "").strip()
            if not cp or not text or text == "↑↑↑":
                continue
            if a.get("type") == "tts":
                names.setdefault(cp, clean(text))
            else:
                keywords.setdefault(cp, [clean(k) for k in text.split("|") if clean(k)])
    return names, keywords


def main():
    emoji = layout_emoji()
    langs = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(root, "Assets/models/*.lm")))
    os.makedirs(os.path.join(root, "Assets/emoji"), exist_ok=True)
    for lang in langs:
        names, keywords = annotations(lang)
        lines = []
        for e in emoji:
            name = names.get(bare(e))
            if not name:
                continue
            words = [k for k in keywords.get(bare(e), []) if k != name]
            # The name without accents, as the US letters type it; with them, a keyword.
            if fold(name) != name:
                words.append(name)
                name = fold(name)
            words += [f for f in (fold(w) for w in words) if f not in words and f != name]
            lines.append(f"{e}\t{name}\t{'|'.join(words)}\n")
        path = os.path.join(root, "Assets/emoji", f"annotations-{lang}.tsv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(lines))
        print(f"{path}: {len(lines)} of {len(emoji)} emoji, {os.path.getsize(path)} bytes", file=sys.stderr)


main()
