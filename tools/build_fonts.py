#!/usr/bin/env python3
"""Compile the ASCII-art font masters into firmware/dicebox/ui/fontdata.py.

    python tools/build_fonts.py            # rewrite fontdata.py
    python tools/build_fonts.py --check    # exit 1 if fontdata.py is stale

Masters (tools/fonts/*.txt): ';' comment lines, '@key value' directives
(width, height, advance, optional scale), then per glyph a header
'== U+XXXX c' (c optional; if given it must be that code point) followed by
exactly `height` rows of `width` characters, '#' ink and '.' paper.
U+FFFD is mandatory: it is the box drawn for characters a font lacks.
SMALL covers Latin-1 Supplement and Latin Extended-A whole: a letter of theirs
the master leaves out is drawn as its base letter, found here with unicodedata
(its decomposition, else its name: "... LETTER N PRECEDED BY ..." is n), and
listed in SMALL_ALIKE (UTF-16BE pairs: the letter, the one drawn for it) so a
set-up can say so.

Output: SMALL and BIG (at the master's own size: the renderer doubles BIG and
makes MEDIUM from SMALL at draw time, so the heap holds only unscaled strips),
each a tuple (w, h, advance, ranges, extra, box, data) where data
is a (count*w) x h strip in MONO_VLSB (one byte per column per 8-row page,
pages one after another), glyph i in columns i*w .. i*w+w-1.  Glyphs in
runs of consecutive code points come first and are found by arithmetic
(`ranges` = ((first, last, index), ...)); the rest follow in the order of
`extra`, their code points as bytes (UTF-16BE: two a glyph; bytes stay in
flash with the code, where a tuple of ints would be built on the heap).
"""
import os
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "tools", "fonts")
OUT = os.path.join(ROOT, "firmware", "dicebox", "ui", "fontdata.py")
BOX = 0xFFFD
MIN_RUN = 8  # shorter runs go to `extra`: one range check per run costs per glyph

REQUIRED_SMALL = (
    [chr(c) for c in range(0x20, 0x7F)]
    + [chr(c) for c in range(0x410, 0x450)]
    + ["\u0401", "\u0451"]
    + [chr(c) for c in range(0xC0, 0x180) if c != 0xD7]  # Latin-1 letters, Latin Extended-A (× below)
    + list("°·—…×←→↑↓▲▼▶◀✓")
    + [chr(BOX)]
)
REQUIRED_BIG = list("0123456789+-!:/% ") + [chr(BOX)]


class FontError(Exception):
    pass


class Master:
    def __init__(self, path, w, h, advance, scale, glyphs):
        self.path, self.w, self.h, self.advance, self.scale = path, w, h, advance, scale
        self.glyphs = glyphs  # {code point: [row strings]}


def parse(path):
    """Read one master; raise FontError('file:line: why') on any defect."""
    name = os.path.relpath(path, ROOT)
    if name.startswith(".."):
        name = path
    opts = {}
    glyphs = {}
    cur = None  # (code point, header line number, rows)

    def fail(lineno, msg):
        raise FontError("%s:%d: %s" % (name, lineno, msg))

    def close(lineno):
        if cur is not None and len(cur[2]) != opts["height"]:
            fail(cur[1], "glyph U+%04X has %d rows, expected %d" % (cur[0], len(cur[2]), opts["height"]))

    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, 1):
        s = line.rstrip()
        if not s or s.startswith(";"):
            continue
        if s.startswith("@"):
            if cur is not None:
                fail(n, "directive after the first glyph")
            key, _, val = s[1:].partition(" ")
            if key not in ("width", "height", "advance", "scale"):
                fail(n, "unknown directive @%s" % key)
            try:
                opts[key] = int(val)
            except ValueError:
                fail(n, "@%s needs an integer, got %r" % (key, val.strip()))
            if opts[key] < 1:
                fail(n, "@%s must be positive" % key)
            continue
        if s.startswith("=="):
            for key in ("width", "height", "advance"):
                if key not in opts:
                    fail(n, "missing @%s before the first glyph" % key)
            close(n)
            parts = s[2:].split()
            if not parts or not parts[0].upper().startswith("U+"):
                fail(n, "header must look like '== U+0416 Ж'")
            try:
                cp = int(parts[0][2:], 16)
            except ValueError:
                fail(n, "bad code point %r" % parts[0])
            if len(parts) > 1 and parts[1] != chr(cp):
                fail(n, "header says U+%04X but shows %r (U+%04X)" % (cp, parts[1], ord(parts[1][0])))
            if cp in glyphs:
                fail(n, "duplicate code point U+%04X (first at line %d)" % (cp, glyphs[cp][0]))
            cur = (cp, n, [])
            glyphs[cp] = (n, cur[2])
            continue
        if cur is None:
            fail(n, "pixel row before any '== U+XXXX' header")
        if len(cur[2]) == opts["height"]:
            fail(n, "glyph U+%04X has more than %d rows" % (cur[0], opts["height"]))
        if len(s) != opts["width"]:
            fail(n, "row is %d wide, expected %d" % (len(s), opts["width"]))
        if s.strip("#."):
            fail(n, "row may hold only '#' and '.'")
        cur[2].append(s)
    if cur is None:
        fail(len(lines), "no glyphs")
    close(len(lines))
    if BOX not in glyphs:
        fail(len(lines), "missing U+FFFD (the box for unknown characters)")
    return Master(name, opts["width"], opts["height"], opts["advance"], opts.get("scale", 1),
                  {cp: rows for cp, (_, rows) in glyphs.items()})


LATIN = range(0xC0, 0x180)  # drawn whole: a letter the master lacks falls back


def base_letter(cp, have):
    """The code point of cp's base letter that `have` holds, or None: the first
    letter of its (canonical or compatibility) decomposition, followed down; else
    the letter its Unicode name is built on ("LATIN SMALL LETTER N PRECEDED BY
    APOSTROPHE" -> n)."""
    seen = cp
    while True:
        parts = [p for p in unicodedata.decomposition(chr(seen)).split() if not p.startswith("<")]
        letters = [int(p, 16) for p in parts if unicodedata.category(chr(int(p, 16))).startswith("L")]
        if not letters:
            break
        seen = letters[0]
        if seen in have:
            return seen
    words = unicodedata.name(chr(cp), "").split()
    if "LETTER" in words:
        i = words.index("LETTER") + 1
        if i < len(words) and len(words[i]) == 1:
            ch = words[i] if "CAPITAL" in words else words[i].lower()
            if ord(ch) in have:
                return ord(ch)
    return None


def fill_latin(m):
    """Give each Latin letter the master lacks its base letter's glyph; return
    their code points (the ones the box shows otherwise)."""
    alike = []
    for cp in LATIN:
        if cp in m.glyphs:
            continue
        base = base_letter(cp, m.glyphs)
        if base is None:
            raise FontError("%s: U+%04X %s has no glyph and no base letter to stand for it" % (m.path, cp, chr(cp)))
        m.glyphs[cp] = m.glyphs[base]
        alike += (cp, base)
    return alike


def scaled(rows, k):
    return [r.replace("#", "#" * k).replace(".", "." * k) for r in rows for _ in range(k)]


def compile_font(m, k=1):
    """Return the (w, h, advance, ranges, extra, box, data) tuple, scaled by k (the
    master's @scale is left to the renderer: text.py doubles at draw time)."""
    w, h = m.w * k, m.h * k
    cps = sorted(m.glyphs)
    runs, start = [], 0
    for i in range(1, len(cps) + 1):
        if i == len(cps) or cps[i] != cps[i - 1] + 1:
            runs.append(cps[start:i])
            start = i
    order, ranges, extra = [], [], []
    for run in runs:
        if len(run) >= MIN_RUN:
            ranges.append((run[0], run[-1], len(order)))
            order += run
    for run in runs:
        if len(run) < MIN_RUN:
            extra += run
    base = len(order)
    order += extra
    pages = (h + 7) // 8
    stride = len(order) * w
    data = bytearray(pages * stride)
    for gi, cp in enumerate(order):
        rows = scaled(m.glyphs[cp], k)
        for y, row in enumerate(rows):
            for x, px in enumerate(row):
                if px == "#":
                    data[(y >> 3) * stride + gi * w + x] |= 1 << (y & 7)
    if max(extra) > 0xFFFF:
        raise FontError("%s: extra glyphs must be in the Basic Multilingual Plane" % m.path)
    codes = b"".join(c.to_bytes(2, "big") for c in extra)
    return (w, h, m.advance * k, tuple(ranges), codes, base + extra.index(BOX), bytes(data))


def require(m, chars):
    missing = ["U+%04X %s" % (ord(c), c) for c in chars if ord(c) not in m.glyphs]
    if missing:
        raise FontError("%s: missing required glyphs: %s" % (m.path, ", ".join(missing)))


def pyrepr(font, name, note):
    w, h, adv, ranges, extra, box, data = font
    out = ["# %s: %s" % (name, note),
           "# %d glyphs, %dx%d cells, advance %d, %d bytes" % (len(data) // ((h + 7) // 8) // w, w, h, adv, len(data)),
           "%s = (%d, %d, %d, %r, %s, %d, (" % (name, w, h, adv, ranges, ascii(extra), box)]
    for i in range(0, len(data), 24):
        out.append("    %r" % data[i:i + 24])
    out.append("))")
    return "\n".join(out)


def build():
    small = parse(os.path.join(FONTS, "small.txt"))
    big = parse(os.path.join(FONTS, "big.txt"))
    alike = fill_latin(small)
    require(small, REQUIRED_SMALL)
    require(big, REQUIRED_BIG)
    fonts = [
        ("SMALL", compile_font(small), "tools/fonts/small.txt (MEDIUM is SMALL doubled by text.py)"),
        ("BIG", compile_font(big), "tools/fonts/big.txt (drawn at half size, doubled by text.py)"),
    ]
    if big.scale != 2 or small.scale != 1:
        raise FontError("text.py draws SMALL at @scale 1 and BIG at @scale 2 only")
    parts = ["# GENERATED by tools/build_fonts.py from tools/fonts/*.txt -- do not edit.\n"
             "# Regenerate with: python tools/build_fonts.py\n"
             "# Each font: (w, h, advance, ranges, extra, box, data); see tools/build_fonts.py.\n"
             "# data is a MONO_VLSB strip, glyph i in columns i*w..i*w+w-1."]
    parts += [pyrepr(f, n, note) for n, f, note in fonts]
    parts.append("# SMALL's letters drawn as their base letter: (letter, base) pairs, UTF-16BE\n"
                 "SMALL_ALIKE = %s" % ascii(b"".join(c.to_bytes(2, "big") for c in alike)))
    return "\n\n".join(parts) + "\n", fonts


def main(argv):
    try:
        text, fonts = build()
    except FontError as e:
        print("build_fonts: error: %s" % e, file=sys.stderr)
        return 1
    if "--check" in argv:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print("build_fonts: %s is stale; run python tools/build_fonts.py" % OUT, file=sys.stderr)
                return 1
        return 0
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    total = sum(len(f[6]) for _, f, _ in fonts)
    print("wrote %s (%s, %d bytes of glyph data)" % (
        os.path.relpath(OUT, ROOT), ", ".join("%s %d" % (n, len(f[6])) for n, f, _ in fonts), total))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
