"""Counting, smoothing and the binary model file of tools/build-models.py.

The file (read by Sources/ClavierPredict/SystemModel.swift, which checks every entry; all little-endian):
header: b"CLVRLM01", then u32 version, V, B, TC, T, keyBytes, sentenceStart, f32 alphaScale,
8 bytes language, then 14 u64 section offsets (each section 8-byte aligned):
 unigram f32[V] (ln P), keyOffsets u32[V+1], keys (lowercase UTF-8), caseFlags u8[V],
 alphabetical u32[V] (ids by key bytes), biStart u32[V+1], biWord u32[B], biAlpha u16[B],
 biGamma f32[V], triContext u32[2*TC], triStart u32[TC+1], triWord u32[T], triAlpha u16[T],
 triGamma f32[TC].
Case flags: 1 capital, 2 all capitals, 4 never suggested, 8 seen in lowercase within sentences.
Word ids are frequency ranks. P(w|u v) = a3(w|uv) + g3(uv) * P(w|v); P(w|v) = a2(w|v) + g2(v) * P1(w);
a is stored as round(-ln a * alphaScale); every g is 1 - (sum of the stored a), so each
distribution sums to one over the vocabulary.
"""
import math
import re
import struct
import sys
import unicodedata
from collections import Counter, defaultdict

ALPHA_SCALE = 3000.0
ELISIONS = {"l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu"}
# A word goes on through combining marks (a virama, a Thai tone mark, an accent written apart)
# and ZWNJ/ZWJ (Persian, Indic): Python's \w has no marks, so they are listed (as
# LanguageCase.isMark takes them: Mn, Mc, Me).
MARK = "[%s\u200c\u200d]" % "".join(re.escape(chr(c)) for c in range(sys.maxunicode + 1)
                                     if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me"))
LETTERS = r"[^\W\d_](?:[^\W\d_]|%s)*" % MARK
WORD = re.compile(r"%s(?:['’]%s)*['’]?|\w+" % (LETTERS, LETTERS))
WHOLE_WORD = re.compile(r"%s(?:'%s)*" % (LETTERS, LETTERS))
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
LOWER, CAPITAL, UPPER, HIDDEN, SEEN_LOWER = 0, 1, 2, 4, 8
# At most this many words kept after one context (a query reads every word after its context).
BIGRAMS_PER_CONTEXT = 800
TRIGRAMS_PER_CONTEXT = 150


def dotted_i(lang):
    return lang in ("tr", "az")


def lower(text, lang):
    """`text` in small letters by the language's rules, as Sources/ClavierText/LanguageCase.swift
    lowers it: Turkish and Azeri I → ı and İ → i (str.lower() gives "i" and "i̇", an i with a
    combining dot); Greek final sigma as str.lower() already does it."""
    if dotted_i(lang):
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def upper(text, lang):
    """`text` in capitals by the language's rules (LanguageCase.upper): Turkish and Azeri i → İ,
    ß → ẞ (one letter, not "SS")."""
    if dotted_i(lang):
        text = text.replace("i", "İ")
    return text.replace("ß", "ẞ").upper()


def tokens(sentence, lang):
    out = []
    for tok in WORD.findall(sentence.replace("’", "'")):
        if any(ch.isdigit() or ch == "_" for ch in tok):
            out.append(None)
            continue
        if lang == "fr" and "'" in tok:
            head, _, rest = tok.partition("'")
            if lower(head, lang) in ELISIONS:
                out.append(head + "'")
                tok = rest
            if not tok:
                continue
        out.append(tok.rstrip("'") if lang != "fr" else tok)
    return out


ABBREVIATIONS = {  # as in Sources/ClavierPredict/Words.swift
    "en": {"mr", "mrs", "ms", "dr", "st", "prof", "sr", "jr", "vs", "mt", "gen", "col", "capt", "lt", "rev"},
    "de": {"hr", "fr", "dr", "prof", "bzw", "vgl", "ca", "nr", "str", "bsp", "geb", "inkl"},
    "fr": {"mme", "mlle", "dr", "st", "ste", "mgr", "me", "pr", "cf"},
    "es": {"sr", "sra", "srta", "dr", "dra", "ud", "uds", "dn", "da", "sto", "sta"},
    "ru": {"им", "ул", "гг", "др", "проф", "см"},
}


def split_sentences(text, lang):
    """Splits after . ! ? … and a space, but not after "Mr." or an initial ("J.")."""
    out, start = [], 0
    for m in SENTENCE_END.finditer(text):
        head = text[start:m.start()]
        last = re.search(r"(\w+)\.$", head)
        if last and (len(last.group(1)) == 1 or last.group(1).lower() in ABBREVIATIONS.get(lang, ())):
            continue
        out.append(head)
        start = m.end()
    out.append(text[start:])
    return out


def sentences(texts, lang):
    """(tokens, weight, starts) of every sentence; a text is a string (weight 1, its sentence
    starts counted) or (string, weight, starts): starts False leaves out the pairs and triples
    that begin at the sentence's start."""
    for text in texts:
        text, weight, starts = (text, 1, True) if isinstance(text, str) else text
        for s in split_sentences(text, lang):
            toks = tokens(s, lang)
            if toks:
                yield toks, weight, starts


def good_word(w, lang):
    if lang == "fr" and w.endswith("'"):
        return w[:-1].isalpha() and w[:-1] in ELISIONS
    # At most 64 bytes, as Words.maxWordBytes (the keyboard refuses a model with a longer key:
    # a Tamil word of 22 letters is 66 bytes).
    return bool(WHOLE_WORD.fullmatch(w)) and len(w) <= 24 and len(w.encode("utf-8")) <= 64


def build(lang, freqs, texts, vocab_size, max_bigrams, max_trigrams, extras=(), path=None):
    """Builds and writes one language's model; returns a dict of sizes for the log.

    extras: n-gram counts from elsewhere, pooled with the running text's: each a dict with
    "bigrams" {(w1, w2): count}, "bigram_mass" {w1: all that followed w1}, and optionally
    "trigrams" {(w1, w2, w3): count}, "trigram_mass" {(w1, w2): all that followed w1 w2}, in
    words of running text ("<s>" the sentence start)."""
    words = [w for w, _ in freqs if good_word(w, lang)][:vocab_size]
    freq = dict(freqs)
    vocab = ["<s>"] + words
    ids = {w: i for i, w in enumerate(vocab)}
    bi, tri, forms = Counter(), Counter(), defaultdict(Counter)
    for toks, weight, starts in sentences(texts, lang):
        seq = [0] if starts else [None]
        for k, tok in enumerate(toks):
            low = lower(tok, lang) if tok else None
            seq.append(ids.get(low) if low else None)
            if tok and k > 0:
                forms[low][tok] += 1
        for a, b in zip(seq, seq[1:]):
            if a is not None and b is not None:
                bi[(a, b)] += weight
        for a, b, c in zip(seq, seq[1:], seq[2:]):
            if a is not None and b is not None and c is not None:
                tri[(a, b, c)] += weight
    pooled = Counter({k: float(v) for k, v in bi.items()})
    context_mass = Counter()
    for (a, _), c in bi.items():
        context_mass[a] += c
    pooled3 = Counter({k: float(v) for k, v in tri.items()})
    tri_mass = Counter()
    for (a, b, _), c in tri.items():
        tri_mass[(a, b)] += c
    for extra in extras:
        for (w1, w2), c in extra["bigrams"].items():
            a, b = ids.get(w1), ids.get(w2)
            if a is not None and b is not None:
                pooled[(a, b)] += c
        for w1, m in extra["bigram_mass"].items():
            if w1 in ids:
                context_mass[ids[w1]] += m
        for (w1, w2, w3), c in extra.get("trigrams", {}).items():
            a, b, d = ids.get(w1), ids.get(w2), ids.get(w3)
            if a is not None and b is not None and d is not None:
                pooled3[(a, b, d)] += c
        for (w1, w2), m in extra.get("trigram_mass", {}).items():
            a, b = ids.get(w1), ids.get(w2)
            if a is not None and b is not None:
                tri_mass[(a, b)] += m
    d2 = discounts(bi)
    d3 = discounts(tri)
    unigram = [math.log(1e-12)] + [0.0] * len(words)
    total = sum(freq[w] for w in words)
    for i, w in enumerate(words, 1):
        unigram[i] = math.log(freq[w] / total)
    bigram = smooth(pooled, context_mass, d2, max_bigrams, 1.0, BIGRAMS_PER_CONTEXT)
    trigram = smooth(pooled3, tri_mass, d3, max_trigrams, 2.0, TRIGRAMS_PER_CONTEXT)
    flags = [HIDDEN] + [case_flag(w, forms.get(w), lang) for w in words]
    if lang == "fr":
        flags = [f | (HIDDEN if vocab[i].endswith("'") else 0) for i, f in enumerate(flags)]
    write(path, lang, vocab, unigram, flags, bigram, trigram)
    return {"vocabulary": len(vocab), "bigrams": sum(len(v) for v in bigram.values()),
            "trigram contexts": len(trigram), "trigrams": sum(len(v) for v in trigram.values()),
            "text bigram tokens": sum(bi.values())}


def discounts(counts):
    n = Counter(c for c in counts.values() if c <= 4)
    n1, n2, n3, n4 = (max(n[i], 1) for i in (1, 2, 3, 4))
    y = n1 / (n1 + 2 * n2)
    return (max(0.05, 1 - 2 * y * n2 / n1), max(0.05, 2 - 3 * y * n3 / n2), max(0.05, 3 - 4 * y * n4 / n3))


def smooth(counts, context_mass, d, limit, floor, per_context):
    """{context: {word: quantized alpha}} for the `limit` largest counts of at least `floor`,
    at most `per_context` words after one context (a query reads every word after its context)."""
    kept = sorted((kv for kv in counts.items() if kv[1] >= floor), key=lambda kv: -kv[1])
    out = defaultdict(dict)
    n = 0
    for key, c in kept:
        ctx = key[:-1] if len(key) > 2 else key[0]
        if n >= limit:
            break
        if len(out[ctx]) >= per_context:
            continue
        n += 1
        disc = d[0] if c < 1.5 else d[1] if c < 2.5 else d[2]
        alpha = max(c - disc, 1e-9) / max(context_mass[key[:-1] if len(key) > 2 else key[0]], c)
        out[key[:-1] if len(key) > 2 else key[0]][key[-1]] = min(65535, round(-math.log(alpha) * ALPHA_SCALE))
    return out


def case_flag(word, forms, lang="en"):
    if word == "i":
        return UPPER
    if not forms:
        return LOWER
    form, n = forms.most_common(1)[0]
    if form == word and n >= 2:
        return LOWER | SEEN_LOWER
    if n < 2 or form == word or n < sum(forms.values()) * 0.6:
        return LOWER
    if form == upper(word, lang) and len(word) > 1:
        return UPPER
    return CAPITAL if form == upper(word[:1], lang) + word[1:] else LOWER


def gamma(alphas):
    s = sum(math.exp(-q / ALPHA_SCALE) for q in alphas)
    return max(1.0 - s, 1e-6)


def write(path, lang, vocab, unigram, flags, bigram, trigram):
    V = len(vocab)
    keys = [w.encode("utf-8") for w in vocab]
    key_off, pos = [], 0
    for k in keys:
        key_off.append(pos)
        pos += len(k)
    key_off.append(pos)
    alphabetical = sorted(range(V), key=lambda i: keys[i])
    bi_start, bi_word, bi_alpha, bi_gamma = [], [], [], []
    for v in range(V):
        bi_start.append(len(bi_word))
        entries = sorted(bigram.get(v, {}).items())
        bi_word += [w for w, _ in entries]
        bi_alpha += [q for _, q in entries]
        bi_gamma.append(gamma([q for _, q in entries]) if entries else 1.0)
    bi_start.append(len(bi_word))
    ctxs = sorted(trigram)
    tri_ctx, tri_start, tri_word, tri_alpha, tri_gamma = [], [], [], [], []
    for ctx in ctxs:
        tri_ctx += list(ctx)
        tri_start.append(len(tri_word))
        entries = sorted(trigram[ctx].items())
        tri_word += [w for w, _ in entries]
        tri_alpha += [q for _, q in entries]
        tri_gamma.append(gamma([q for _, q in entries]))
    tri_start.append(len(tri_word))
    sections = [pack("f", unigram), pack("I", key_off), b"".join(keys), bytes(flags), pack("I", alphabetical),
                pack("I", bi_start), pack("I", bi_word), pack("H", bi_alpha), pack("f", bi_gamma),
                pack("I", tri_ctx), pack("I", tri_start), pack("I", tri_word), pack("H", tri_alpha),
                pack("f", tri_gamma)]
    header_size = 8 + 4 * 8 + 8 + 8 * len(sections)
    offsets, pos = [], (header_size + 7) // 8 * 8
    for s in sections:
        offsets.append(pos)
        pos = (pos + len(s) + 7) // 8 * 8
    header = b"CLVRLM01" + struct.pack("<7If", 1, V, len(bi_word), len(ctxs), len(tri_word), len(key_off) and key_off[-1], 0, ALPHA_SCALE)
    header += lang.encode("ascii").ljust(8, b"\0") + struct.pack("<%dQ" % len(offsets), *offsets)
    with open(path + ".tmp", "wb") as f:
        f.write(header.ljust(offsets[0], b"\0"))
        for s, off in zip(sections, offsets):
            f.write(b"\0" * (off - f.tell()))
            f.write(s)
    import os
    os.replace(path + ".tmp", path)


def pack(fmt, values):
    return struct.pack("<%d%s" % (len(values), fmt), *values)
