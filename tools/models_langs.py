"""The languages beyond en, de, fr, es, ru (issue 51): words from wordfreq 3.1.1, word pairs and
triples from the translated documentation Debian ships, filtered paragraph by paragraph to the
language (their translations leave some paragraphs in English):

- LibreOffice 7.4's help, libreoffice-help-LANG (MPL-2.0);
- GNOME's help, gnome-user-docs (CC BY-SA 3.0);
- The Debian Administrator's Handbook, debian-handbook (CC BY-SA 3.0 or GPL-2+, used under the
  former).

Held out (bench/ksr/held-out/LANG-handbook.txt or LANG-help.txt, the first ~2,000 words of each,
written by tools/build-models.py; committed for the languages Onboard also has, so that the
bench and Onboard's beside it run without the packages, the others written again by a
build): where the handbook has the language, the whole handbook is left out of its model and
measured on; elsewhere every 10th help page, split off before anything is counted. Nothing is tuned on them: every language takes the same settings. The committed texts
keep their sources' licences (the handbook by Raphaël Hertzog and Roland Mas, CC BY-SA 3.0;
LibreOffice help MPL-2.0; GNOME help CC BY-SA 3.0); they are not shipped in any package.
"""
import functools
import glob
import html
import math
import os
import re

import models_corpora as corpora
import models_lm as lm

# Running text per language: (LibreOffice help, GNOME help folders, handbook folder).
# ja, zh (no spaces between words: they need a segmenter) are left out. GNOME's Hebrew help
# is English (the filter kept no paragraph of it): left out.
SOURCES = {
    "ar": (None, [], "ar-MA"), "bg": (None, [], None), "bn": (None, [], None),
    "ca": ("ca", ["ca"], "ca-ES"), "cs": ("cs", ["cs"], "cs-CZ"), "da": ("da", ["da"], "da-DK"),
    "el": ("el", ["el"], "el-GR"), "fa": (None, ["fa"], "fa-IR"), "fi": ("fi", ["fi"], None),
    "fil": (None, [], None), "he": (None, [], None), "hi": ("hi", ["hi"], None),
    "hu": ("hu", ["hu"], None), "id": ("id", ["id"], "id-ID"), "is": (None, [], None),
    "it": ("it", ["it"], "it-IT"), "ko": (None, ["ko"], "ko-KR"), "lt": (None, ["lt"], None),
    "lv": (None, ["lv"], None), "mk": (None, [], None), "ms": (None, [], None),
    "nb": (None, [], "nb-NO"), "nl": ("nl", ["nl"], "nl-NL"), "pl": ("pl", ["pl"], "pl-PL"),
    "pt": ("pt", ["pt", "pt_BR"], "pt-BR"), "ro": (None, ["ro"], "ro-RO"), "sh": (None, [], None),
    "sk": ("sk", [], None), "sl": ("sl", ["sl"], None), "sv": ("sv", ["sv"], "sv-SE"),
    "ta": (None, ["ta"], None), "tr": ("tr", ["tr"], "tr-TR"), "uk": (None, ["uk"], None),
    "ur": (None, [], None), "vi": ("vi", ["vi"], "vi-VN"),
}
LANGUAGES = sorted(SOURCES)
DEBS = ["gnome-user-docs", "debian-handbook"] + ["libreoffice-help-" + s[0] for _, s in sorted(SOURCES.items()) if s[0]]


def debs_for(lang):
    """The Debian packages a language's model is built from (the handbook is held out)."""
    office, gnome, _ = SOURCES[lang]
    return (["libreoffice-help-" + office] if office else []) + (["gnome-user-docs"] if gnome else [])


# Every language the same (nothing tuned per language), so that each model stays <= 2 MB; a
# model that would be larger takes a tenth less of each, again until it fits (build-models.py).
VOCABULARY = 40000
BIGRAMS = 60000
TRIGRAMS = 20000
MAX_BYTES = 2000000
# Held-out text per language: the bench types each whole, Onboard's beside it (tools/onboard_ksr.py).
HELD_OUT_WORDS = 2000

BLOCK = re.compile(r"</?(?:p|h[1-6]|li|td|th|dt|dd|div|title|caption|item|desc|tr|br)\b[^>]*>")
DROP = re.compile(r"<(code|screen|cmd|pre|key|keyseq|output|input|var|sys|file|script|style|head|info"
                  r"|span class=\"keycode\")\b.*?</\1>", re.S)


def blocks(raw):
    """The text of each paragraph, heading, list item and cell of an HTML or Mallard page."""
    raw = DROP.sub(" ", raw)
    out = []
    for piece in BLOCK.split(raw):
        text = corpora.tidy(html.unescape(re.sub(r"<[^>]+>", " ", piece)))
        if text:
            out.append(text)
    return out


@functools.lru_cache(maxsize=1)
def english(root):
    return dict(corpora.wordfreq(root, "en"))


class Filter:
    """Keeps a paragraph when wordfreq finds its words likelier in the language than in English."""

    def __init__(self, root, lang):
        self.lang = lang
        self.own = dict(corpora.wordfreq(root, lang))
        self.english = english(root)

    def keeps(self, text):
        score = 0.0
        for tok in lm.tokens(text, self.lang):
            if tok:
                w = lm.lower(tok, self.lang)
                score += math.log(self.own.get(w, 1e-9)) - math.log(self.english.get(w, 1e-9))
        return score > 0


def page(texts, keep):
    """One string of the kept paragraphs, each ending a sentence."""
    kept = [t if t[-1] in ".!?:;" else t + "." for t in texts if keep(t)]
    return " ".join(kept)


def libreoffice_help(root, code):
    paths = sorted(glob.glob(os.path.join(root, "usr/share/libreoffice/help", code, "text/**/*.html"), recursive=True))
    out = []
    for path in paths:
        raw = open(path, "rb").read().decode("utf-8", "replace")
        start, end = raw.find('<div id="DisplayArea"'), raw.find('<div id="SearchFrame"')
        raw = raw[start:end] if start >= 0 and end > start else ""
        raw = re.sub(r'<div class="relatedtopics".*', " ", raw, flags=re.S)
        out.append(blocks(raw))
    return out


def gnome_help(root, folder):
    return [blocks(open(p, "rb").read().decode("utf-8", "replace"))
            for p in sorted(glob.glob(os.path.join(root, "usr/share/help", folder, "**/*.page"), recursive=True))]


def handbook(root, folder):
    """Each page's blocks, page after page (a generator: the held-out text needs only the first)."""
    for path in sorted(glob.glob(os.path.join(root, "usr/share/doc/debian-handbook/html", folder, "*.html"))):
        raw = open(path, "rb").read().decode("utf-8", "replace")
        start, end = raw.find('<ul class="docnav top">'), raw.rfind('<ul class="docnav">')
        raw = raw[start:end] if start >= 0 and end > start else ""
        for expression in (r'<ul class="docnav top">.*?</ul>', corpora.TOC, r'<div class="legalnotice".*?</div>\s*</div>',
                           r"<table\b.*?</table>", r'<a class="indexterm".*?</a>'):
            raw = re.sub(expression, " ", raw, flags=re.S)
        yield blocks(raw)


def corpus(root, lang):
    """(training texts, {held-out name: texts}): the held-out part is split off first."""
    office, gnome, book = SOURCES[lang]
    keep = Filter(root, lang).keeps
    help_pages = (libreoffice_help(root, office) if office else []) + [p for f in gnome for p in gnome_help(root, f)]
    if book:
        held_pages, train_pages = handbook(root, book), help_pages
        name = "%s-handbook" % lang
    else:
        train_pages = [p for i, p in enumerate(help_pages) if i % 10]
        held_pages = [p for i, p in enumerate(help_pages) if i % 10 == 0]
        name = "%s-help" % lang
    train = [t for t in (page(p, keep) for p in train_pages) if t]
    held = held_text(held_pages, keep)
    return train, ({name: held} if held else {})


def held_text(pages, keep):
    """The first HELD_OUT_WORDS words or so of the pages' paragraphs in the language."""
    held, words = [], 0
    for p in pages:
        if words >= HELD_OUT_WORDS:
            break
        for t in p:
            if words >= HELD_OUT_WORDS:
                break
            if keep(t):
                held.append(t if t[-1] in ".!?:;" else t + ".")
                words += len(t.split())
    return held


# The handbook held out for the first five languages that lack another held-out text: no model
# is built from it (en's pools the English handbook only).
OLD_HANDBOOKS = {"es": "es-ES", "ru": "ru-RU"}


def old_handbooks(root):
    """{LANG-handbook: texts} for OLD_HANDBOOKS."""
    return {"%s-handbook" % lang: held_text(handbook(root, folder), Filter(root, lang).keeps) for lang, folder in OLD_HANDBOOKS.items()}
