"""Inputs of tools/build-models.py: fetches the Debian and PyPI packages the models are built
from (into a cache directory, without installing them) and turns them into plain text.

Every source here allows redistribution; packaging/debian/copyright names each licence.
"""
import glob
import gzip
import html
import math
import os
import re
import shutil
import struct
import subprocess
import zlib

DEBS = ["sword-text-web", "sword-text-sparv", "fortunes", "fortunes-de", "fortunes-es",
        "fortunes-ru", "gnome-user-docs", "debian-reference-de", "debian-reference-fr",
        "debian-reference-es", "r-cran-tokenizers", "pocketsphinx-en-us", "python-django-doc",
        "python-flask-doc", "postgresql-doc-15", "debian-handbook", "r-cran-janeaustenr",
        "golang-github-bkaradzic-go-lz4-dev"]
WHEELS = ["wordfreq==3.1.1", "symspellpy==6.10.1"]


def unpack(debs_wanted, wheels_wanted, debs, wheels, root):
    """Downloads the Debian packages and PyPI wheels into debs/ and wheels/ and unpacks them all
    into root (wheels under root/wheels)."""
    os.makedirs(debs, exist_ok=True)
    os.makedirs(wheels, exist_ok=True)
    subprocess.run(["apt-get", "download"] + debs_wanted, cwd=debs, check=True)
    if wheels_wanted:
        subprocess.run(["python3", "-m", "pip", "download", "--no-deps", "-d", wheels] + wheels_wanted, check=True)
    tmp = root + ".tmp"
    for deb in glob.glob(os.path.join(debs, "*.deb")):
        subprocess.run(["dpkg-deb", "-x", deb, tmp], check=True)
    for whl in glob.glob(os.path.join(wheels, "*.whl")):
        subprocess.run(["python3", "-m", "zipfile", "-e", whl, os.path.join(tmp, "wheels")], check=True)
    os.rename(tmp, root)


def python_doc_package():
    """The package that holds Python's HTML documentation: python3-doc only depends on it
    (python3.11-doc in Debian 12)."""
    out = subprocess.run(["apt-cache", "depends", "python3-doc"], capture_output=True, text=True, check=True).stdout
    names = re.findall(r"Depends: (python3\.\d+-doc)\b", out)
    if not names:
        raise RuntimeError("apt-cache depends python3-doc names no python3.X-doc (apt-get update first?)")
    return names[0]


def unpacked(cache, debs, wheels, prefix=""):
    """cache/PREFIXroot with the Debian packages and PyPI wheels unpacked into it, downloaded
    into cache/PREFIXdebs and cache/PREFIXwheels once, and again when the list of them changed."""
    root = os.path.join(cache, prefix + "root")
    stamp = os.path.join(cache, prefix + "inputs.txt")
    wanted = "\n".join(debs + wheels) + "\n"
    if os.path.isdir(root) and os.path.exists(stamp) and open(stamp).read() == wanted:
        return root
    shutil.rmtree(root, ignore_errors=True)
    unpack(debs, wheels, os.path.join(cache, prefix + "debs"), os.path.join(cache, prefix + "wheels"), root)
    with open(stamp, "w") as f:
        f.write(wanted)
    return root


def fetch(cache):
    """Downloads every input once into cache/ and unpacks it into cache/root."""
    return unpacked(cache, DEBS + [python_doc_package()], WHEELS)


# --- wordfreq's unigram lists: msgpack [header, [words at 0 cB], [words at -1 cB], ...] ---

def _msgpack(data, i=0):
    b = data[i]
    if b <= 0x7f:
        return b, i + 1
    if 0x90 <= b <= 0x9f:
        return _array(data, i + 1, b & 0x0f)
    if 0x80 <= b <= 0x8f:
        return _map(data, i + 1, b & 0x0f)
    if 0xa0 <= b <= 0xbf:
        n = b & 0x1f
        return data[i + 1:i + 1 + n].decode("utf-8"), i + 1 + n
    if b in (0xd9, 0xda, 0xdb):
        w = {0xd9: 1, 0xda: 2, 0xdb: 4}[b]
        n = int.from_bytes(data[i + 1:i + 1 + w], "big")
        j = i + 1 + w
        return data[j:j + n].decode("utf-8"), j + n
    if b in (0xdc, 0xdd):
        w = 2 if b == 0xdc else 4
        return _array(data, i + 1 + w, int.from_bytes(data[i + 1:i + 1 + w], "big"))
    if b in (0xde, 0xdf):
        w = 2 if b == 0xde else 4
        return _map(data, i + 1 + w, int.from_bytes(data[i + 1:i + 1 + w], "big"))
    if b in (0xcc, 0xcd, 0xce):
        w = {0xcc: 1, 0xcd: 2, 0xce: 4}[b]
        return int.from_bytes(data[i + 1:i + 1 + w], "big"), i + 1 + w
    if b in (0xc2, 0xc3):
        return b == 0xc3, i + 1
    raise ValueError("msgpack type 0x%02x not handled" % b)


def _array(data, i, n):
    out = []
    for _ in range(n):
        v, i = _msgpack(data, i)
        out.append(v)
    return out, i


def _map(data, i, n):
    out = {}
    for _ in range(n):
        k, i = _msgpack(data, i)
        out[k], i = _msgpack(data, i)
    return out, i


def wordfreq(root, lang):
    """[(word, frequency)] best first, from wordfreq's large list (CC BY-SA 4.0), or its small one
    where it has no large one for the language."""
    path = os.path.join(root, "wheels", "wordfreq", "data", "large_%s.msgpack.gz" % lang)
    if not os.path.exists(path):
        path = os.path.join(root, "wheels", "wordfreq", "data", "small_%s.msgpack.gz" % lang)
    buckets, _ = _msgpack(gzip.open(path).read())
    out = []
    for cb, words in enumerate(buckets[1:]):
        f = 10 ** (-cb / 100)
        out.extend((w, f) for w in words)
    return out


def symspell_bigrams(root):
    """{(w1, w2): count} from symspellpy's English list (Google Books Ngram counts)."""
    path = os.path.join(root, "wheels", "symspellpy", "frequency_bigramdictionary_en_243_342.txt")
    out = {}
    for line in open(path, encoding="utf-8"):
        parts = line.split()
        if len(parts) == 3:
            out[(parts[0], parts[1])] = int(parts[2])
    return out


def sphinx_trigrams(root):
    """CMU Sphinx's US English trigram model (pocketsphinx-en-us, BSD-2) as
    (words, unigrams, bigrams, trigrams): log10 probabilities and back-off weights,
    unigrams[i] = (log10 P(w_i), log10 back-off), bigrams[(i, j)] = (log10 P(w_j | w_i), log10
    back-off), trigrams[(i, j, k)] = log10 P(w_k | w_i w_j); ids index words (lower case, with
    "<s>" and "</s>").

    The file is sphinxbase's "trie" binary: after the header, the order and the n-gram counts,
    the quantisation tables (65,536 float bins each: bigram probabilities, bigram back-offs,
    trigram probabilities), the unigrams ((count + 1) x float prob, float back-off, u32 first
    bigram), the bigrams (bit-packed: word, back-off bin u16, probability bin u16, first
    trigram), the trigrams (bit-packed: word, probability bin u16), then the words, each ending
    in NUL. The trie runs backwards, as the decoder looks words up: under a unigram w are the
    bigrams "v w" (v stored), under one of those the trigrams "u v w" (u stored). Probabilities
    are in log base 1.0001. (sphinx_lm_convert's ARPA writer fails an assertion on this file.)"""
    path = os.path.join(root, "usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
    data = open(path, "rb").read()
    magic = b"Trie Language Model"
    if not data.startswith(magic) or data[len(magic)] != 3:
        raise ValueError("%s: not a trigram trie model" % path)
    pos = len(magic) + 1
    n1, n2, n3 = struct.unpack_from("<3I", data, pos)
    pos += 12 + 4  # the counts, then a quantisation type no longer used
    bins = [struct.unpack_from("<65536f", data, pos + k * 4 * 65536) for k in range(3)]
    pos += 3 * 4 * 65536
    raw = [struct.unpack_from("<ffI", data, pos + 12 * k) for k in range(n1 + 1)]
    pos += 12 * (n1 + 1)
    word_bits, next_bits = n1.bit_length(), n3.bit_length()
    bi_bits, tri_bits = word_bits + 32 + next_bits, word_bits + 16
    bi_base = pos
    tri_base = bi_base + ((1 + n2) * bi_bits + 7) // 8 + 8
    words_at = tri_base + ((1 + n3) * tri_bits + 7) // 8 + 8
    size = struct.unpack_from("<i", data, words_at)[0]
    words = data[words_at + 4:words_at + 4 + size].decode("utf-8").split("\0")[:n1]
    ln10 = 1 / math.log10(1.0001)  # log base 1.0001 per log10

    def field(base, bit, mask):
        at = base + (bit >> 3)
        return (int.from_bytes(data[at:at + 8], "little") >> (bit & 7)) & mask

    word_mask, next_mask = (1 << word_bits) - 1, (1 << next_bits) - 1
    bi_prob, bi_backoff, tri_prob = bins
    unigrams = [(p / ln10, b / ln10) for p, b, _ in raw[:n1]]
    bigrams, trigrams = {}, {}
    for w in range(n1):
        for e in range(raw[w][2], raw[w + 1][2]):
            bit = e * bi_bits
            v = field(bi_base, bit, word_mask)
            q = field(bi_base, bit + word_bits, 0xffffffff)
            bigrams[(v, w)] = (bi_prob[q >> 16] / ln10, bi_backoff[q & 0xffff] / ln10)
            first = field(bi_base, bit + word_bits + 32, next_mask)
            end = field(bi_base, bit + bi_bits + word_bits + 32, next_mask)
            for t in range(first, end):
                u = field(tri_base, t * tri_bits, word_mask)
                trigrams[(u, v, w)] = tri_prob[field(tri_base, t * tri_bits + word_bits, 0xffff)] / ln10
    return words, unigrams, bigrams, trigrams


def r_character_vectors(path):
    """{first line, upper case: [lines]}: the character vectors of an R package's lazy-load data
    base (data/Rdata.rdb), each serialized by R (XDR, version 3) and compressed with zlib."""
    data = open(path, "rb").read()
    out, i = {}, 0
    while i < len(data):
        z = zlib.decompressobj()
        raw = z.decompress(data[i + 4:])
        i = len(data) - len(z.unused_data)
        if raw[:2] != b"X\n":
            continue
        j = 14
        j += 4 + struct.unpack(">i", raw[j:j + 4])[0]  # the native encoding's name
        flags, n = struct.unpack(">ii", raw[j:j + 8])
        j += 8
        if flags & 0xff != 16:  # STRSXP: a character vector
            continue
        lines = []
        for _ in range(n):
            _, length = struct.unpack(">ii", raw[j:j + 8])
            j += 8
            lines.append("" if length < 0 else raw[j:j + length].decode("utf-8"))
            j += max(length, 0)
        out[lines[0].strip().upper()] = lines
    return out


# --- running text ---

def tidy(text):
    """One line, without the spaces that removed markup leaves around punctuation."""
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r" ([,.;:!?”’)\]])", r"\1", text)
    return re.sub(r"([“‘(\[]) ", r"\1", text).strip()


def sword(root, module):
    """The verses of a SWORD zText module, in order (OSIS markup and notes removed)."""
    base = glob.glob(os.path.join(root, "usr/share/sword/modules/texts/ztext", module))[0]
    verses = []
    for testament in ("ot", "nt"):
        bzs = open(os.path.join(base, testament + ".bzs"), "rb").read()
        bzz = open(os.path.join(base, testament + ".bzz"), "rb").read()
        bzv = open(os.path.join(base, testament + ".bzv"), "rb").read()
        blocks = {}
        for k in range(len(bzv) // 10):
            block, offset, size = struct.unpack_from("<IIH", bzv, k * 10)
            if size == 0:
                continue
            if block not in blocks:
                start, length, _ = struct.unpack_from("<III", bzs, block * 12)
                blocks[block] = zlib.decompress(bzz[start:start + length])
            raw = blocks[block][offset:offset + size].decode("utf-8", "replace")
            raw = re.sub(r"<note.*?</note>", " ", raw, flags=re.S)
            raw = re.sub(r"<title.*?</title>", " ", raw, flags=re.S)
            text = html.unescape(re.sub(r"<[^>]+>", " ", raw))
            text = tidy(text)
            if text:
                verses.append(text)
    return verses


def gutenberg_paragraphs(text):
    """The paragraphs of a Project Gutenberg plain text (lines wrapped, paragraphs separated by
    blank lines), each as one line, without Gutenberg's header and licence, chapter headings and
    lines without a lowercase letter (titles)."""
    text = text.replace("\r\n", "\n").lstrip("\ufeff")
    start, end = text.find("*** START OF"), text.find("*** END OF")
    text = text[text.index("\n", start) + 1 if start >= 0 else 0:end if end >= 0 else len(text)]
    out = []
    for para in re.split(r"\n\s*\n", text):
        para = tidy(para)
        if para and any(c.islower() for c in para) and not para.upper().startswith("CHAPTER") \
                and not para.startswith(("Produced by", "End of Project Gutenberg", "End of the Project Gutenberg")):
            out.append(para)
    return out


def moby_dick(root):
    """Herman Melville's "Moby-Dick" (public domain), as r-cran-tokenizers ships it (a Project
    Gutenberg text): its paragraphs, without Gutenberg's header and licence."""
    books = r_character_vectors(os.path.join(root, "usr/lib/R/site-library/tokenizers/data/Rdata.rdb"))
    return gutenberg_paragraphs(next(iter(books.values()))[0])


def gutenberg_book(path, first):
    """gutenberg_paragraphs of the text at `path`, from the paragraph that starts with `first` on
    (a preface or table of contents left out)."""
    paras = gutenberg_paragraphs(open(path, encoding="utf-8").read())
    return paras[next(i for i, p in enumerate(paras) if p.startswith(first)):]


def sherlock_holmes(root):
    """Arthur Conan Doyle's "The Adventures of Sherlock Holmes" (1892, public domain; Project
    Gutenberg's #1661), which golang-github-bkaradzic-go-lz4-dev ships as test data: its
    paragraphs from the first story on (the table of contents left out)."""
    return gutenberg_book(os.path.join(root, "usr/share/gocode/src/github.com/bkaradzic/go-lz4/testdata/pg1661.txt"),
                          "To Sherlock Holmes she is always")


def fortunes(root, sub, attributions=True):
    """Every fortune of a fortunes directory (offensive ones and pictures left out), in file order;
    without `attributions`, each cut at its indented "-- " line, which names its author and runs
    to its end ("\t\t-- Евгений Кащеев", a line of context after it): no one types them, and kept
    they counted as sentences (3,733 of fortunes-ru's made "Евгений" ru's first word at every
    sentence start)."""
    folder = os.path.join(root, "usr/share/games/fortunes", sub)
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*"))):
        name = os.path.basename(path)
        if os.path.isdir(path) or os.path.islink(path) or name.endswith(".dat") or "art" in name:
            continue
        text = open(path, "rb").read().decode("utf-8", "replace")
        for entry in re.split(r"\n%\n", text):
            if not attributions:
                entry = re.sub(r"(?s)(^|\n)[ \t]+--[ \t].*$", "", entry)
            entry = re.sub(r"\s+", " ", entry).strip()
            if entry and not re.search(r"[|_/\\]{3}", entry):
                out.append(entry)
    return out


def markup_pages(root, pattern, strip=()):
    """The text of every help page or HTML chapter that matches, one string per page, without
    what the regular expressions in `strip` match."""
    out = []
    for path in sorted(glob.glob(os.path.join(root, pattern), recursive=True)):
        raw = open(path, "rb").read().decode("utf-8", "replace")
        for expression in strip:
            raw = re.sub(expression, " ", raw, flags=re.S)
        raw = re.sub(r"<(code|screen|cmd|pre|key|keyseq|output|input|var|sys|file)\b.*?</\1>", " ", raw, flags=re.S)
        raw = re.sub(r"<(info|style|script|head)\b.*?</\1>", " ", raw, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", raw))
        out.append(tidy(text))
    return out


def html_prose(raw, start, end, strip=()):
    """The prose of one HTML page: from the first `start` marker to the first `end` marker after
    it (the page's body, without navigation), less what the regular expressions in `strip`
    match, code blocks (<pre>) and Sphinx's ¶ anchors, keeping inline code words ("the if
    statement"); each block element ends a sentence of its own (a heading, a list item, a
    cell). None where the page has no `start`."""
    at = raw.find(start)
    if at < 0:
        return None
    stop = raw.find(end, at) if end else -1
    raw = raw[at:stop if stop > 0 else len(raw)]
    for expression in strip:
        raw = re.sub(expression, " ", raw, flags=re.S)
    raw = re.sub(r"<pre\b.*?</pre>", " ", raw, flags=re.S)
    raw = re.sub(r'<a class="headerlink".*?</a>', " ", raw, flags=re.S)
    raw = re.sub(r"</(h[1-6]|li|dt|dd|th|td|caption|p)>", ".\n", raw)
    text = html.unescape(re.sub(r"<[^>]+>", " ", raw))
    text = re.sub(r"\.\s*\.\n", ".\n", re.sub(r"([.!?:])\s*\.\n", r"\1\n", text))
    return tidy(text)


def html_docs(root, patterns, start, end, strip=()):
    """html_prose of every page that the glob patterns (under root) match, in pattern order,
    each page once (a link to a page already read is skipped)."""
    out, seen = [], set()
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            if os.path.realpath(path) in seen:
                continue
            seen.add(os.path.realpath(path))
            text = html_prose(open(path, "rb").read().decode("utf-8", "replace"), start, end, strip)
            if text:
                out.append(text)
    return out


def python_docs(root, sections=("tutorial", "howto", "faq", "using")):
    """The prose of Python's documentation (pythonX.Y-doc, PSF licence): one string per page of
    the given sections, the page's body only (no navigation), without code blocks and prompts,
    keeping inline code words ("the if statement") and dropping the ¶ anchors."""
    # python3.X-doc/html is a link to python3.X/html: each page once.
    return html_docs(root, ["usr/share/doc/python3.*/html/%s/*.html" % s for s in sections],
                     '<div class="body" role="main">', '<div class="sphinxsidebar"')


# Tables of contents and DocBook's navigation, which repeat the headings.
TOC = r'<div class="toc">.*?</dl>\s*</div>'


def django_docs(root, sections=("intro", "topics", "howto", "faq")):
    """The prose of Django's documentation (python-django-doc, BSD-3-clause): its introduction
    and tutorial, topic guides, how-tos and FAQ, one string per page, as python_docs."""
    return html_docs(root, ["usr/share/doc/python-django-doc/html/%s/**/*.html" % s for s in sections] +
                     ["usr/share/doc/python-django-doc/html/%s/*.html" % s for s in sections],
                     '<div class="yui-g"', '<div class="yui-b" id="sidebar"', (TOC,))


def flask_docs(root):
    """The prose of Flask's documentation (python-flask-doc, BSD-3-clause), its API reference
    and change log left out, as python_docs."""
    folder = os.path.join(root, "usr/share/doc/python-flask-doc/html")
    skip = ("api.html", "changes.html", "genindex.html", "search.html", "py-modindex.html", "404.html", "license.html")
    names = sorted(os.path.relpath(p, folder) for p in glob.glob(folder + "/*.html") + glob.glob(folder + "/*/*.html"))
    return html_docs(folder, [n for n in names if os.path.basename(n) not in skip and not n.startswith("_")],
                     '<div class="body" role="main">', '<div class="sphinxsidebar"', (TOC,))


def postgresql_docs(root):
    """The prose of PostgreSQL's manual (postgresql-doc-15, PostgreSQL licence): its tutorial
    and chapters, one string per page, without tables (the catalogues, function lists), tables
    of contents, navigation and the reference pages of SQL commands, programs, catalogues,
    views and release notes."""
    reference = ("sql-", "infoschema-", "catalog-", "view-", "app-", "release-", "spi-", "errcodes",
                 "bookindex", "index.html", "biblio", "features", "docguide")
    folder = os.path.join(root, "usr/share/doc/postgresql-doc-15/html")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".html") and not n.startswith(reference))
    return html_docs(folder, names, '<div class="navheader">', '<div class="navfooter">',
                     (r"<table\b.*?</table>", TOC))


def debian_handbook(root):
    """The prose of The Debian Administrator's Handbook in English (debian-handbook, GPL-2+ or
    CC BY-SA 3.0, used under the latter), one string per page, without navigation, tables of
    contents, index terms and the title page's legal notice."""
    return html_docs(root, ["usr/share/doc/debian-handbook/html/en-US/*.html"], '<ul class="docnav top">',
                     '<ul class="docnav">', (r'<ul class="docnav top">.*?</ul>', TOC, r'<div class="legalnotice".*?</div>\s*</div>',
                                             r"<table\b.*?</table>"))
