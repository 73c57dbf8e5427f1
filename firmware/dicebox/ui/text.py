"""Bitmap text on a MONO_VLSB canvas (the OLED's framebuf, or the host Canvas).

    SMALL   5x8 cells, advance 6: ASCII, Russian, a few symbols
    MEDIUM  SMALL scaled 2x: 10x16 cells, advance 12
    BIG     16x28 result digits 0-9 + - ! : / % and space, advance 18

    width(s, font=SMALL)            inked width: len(s)*advance minus the trailing gap
    draw(canvas, s, x, y, font=SMALL, color=1) -> pen x after the last glyph
    draw_center(canvas, s, y, font=SMALL, color=1, x0=0, x1=128) -> left x

color=1 sets glyph pixels and leaves the background; color=0 clears glyph
pixels (text on a filled bar).  Characters a font lacks draw its box glyph.
A string is read as UTF-8 bytes (walking a str would make each character an
interned name on MicroPython, for good). Drawing up to 48 characters
allocates nothing (a longer string: one memoryview): a SMALL glyph is two
native blits, strip -> cell -> canvas.  MEDIUM and BIG are stored at half
size and doubled into the cell when drawn (a nibble lookup per column byte):
3.5 KB less heap for MEDIUM, 0.9 KB for BIG, for a few microseconds per large
glyph.  On CPython import host_sim.fb first: it gives adafruit_framebuf the
MicroPython blit this module relies on.
"""
try:
    import framebuf
except ImportError:  # CPython host: pure-Python framebuf, blit added by host_sim.fb
    import adafruit_framebuf as framebuf

from dicebox.core.compat import code_at, const, size
from dicebox.ui import fontdata

try:
    memoryview("")  # MicroPython: a str has the buffer protocol
    from struct import pack_into

    _BYTES = bytearray(192)

    def _utf8(s):
        """compat.utf8 without its view: a short s is copied into one buffer
        (allocates nothing; zeros after it), a long one read in place."""
        if len(s) <= 48:  # at most 4 bytes a character
            pack_into("192s", _BYTES, 0, s)
            return _BYTES
        return memoryview(s)

except TypeError:  # CPython
    from dicebox.core.compat import utf8 as _utf8


_MVLSB = framebuf.MVLSB  # MicroPython's MONO_VLSB under its legacy name, which both modules have

# color=0: the palette maps ink 1->0 and paper 0->1, and key=1 skips the paper.
_INV = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, _MVLSB)


# a nibble with each bit doubled: bit i -> bits 2i and 2i+1
_DOUBLE = const(b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff")


class Font:
    def __init__(self, spec, scale=1):
        w, h, adv, self._ranges, self._extra, self._box, data = spec
        self.scale = scale
        self.advance = adv * scale
        self.cell_width = w * scale
        self.height = h * scale
        self.gap = self.advance - self.cell_width
        self._xbase = self._box - self._extra_at(0xFFFD)
        self._data = data  # read in place (flash when frozen), never copied
        self._w = w
        self._pages = (h + 7) >> 3
        self._stride = len(data) // self._pages  # strip width in columns
        # Strip as a buffer tuple: blit reads the bytes in place, no copy.
        self._src = (data, self._stride, h, _MVLSB)
        self._buf = bytearray(self.cell_width * ((self.height + 7) >> 3))
        self._cell = framebuf.FrameBuffer(self._buf, self.cell_width, self.height, _MVLSB)

    def index(self, code):
        """Glyph index of one character (its code point); the box for anything missing."""
        for lo, hi, base in self._ranges:
            if lo <= code <= hi:
                return base + code - lo
        i = self._extra_at(code)
        return self._box if i < 0 else self._xbase + i

    def _extra_at(self, code):
        """Where code is among the extra glyphs (code points as UTF-16BE bytes), or -1."""
        extra = self._extra
        hi = code >> 8
        lo = code & 0xFF
        for k in range(0, len(extra), 2):
            if extra[k] == hi and extra[k + 1] == lo:
                return k >> 1
        return -1

    def _double(self, gi):
        """Glyph gi doubled into the cell: source page p -> cell pages 2p, 2p+1."""
        data = self._data
        buf = self._buf
        w = self._w
        cw = w + w
        src = gi * w
        out = 0
        for _ in range(self._pages):
            for x in range(w):
                b = data[src + x]
                lo = _DOUBLE[b & 15]
                hi = _DOUBLE[b >> 4]
                o = out + x + x
                buf[o] = lo
                buf[o + 1] = lo
                buf[o + cw] = hi
                buf[o + cw + 1] = hi
            src += self._stride
            out += cw + cw


SMALL = Font(fontdata.SMALL)
MEDIUM = Font(fontdata.SMALL, 2)
BIG = Font(fontdata.BIG, 2)


def width(s, font=SMALL):
    n = len(s)
    return n * font.advance - font.gap if n else 0


def draw(canvas, s, x, y, font=SMALL, color=1):
    src = font._src
    cell = font._cell
    w = font.cell_width
    adv = font.advance
    if color:
        key = 0
        pal = None
    else:
        key = 1
        pal = _INV
    double = font.scale == 2
    lo, hi, base = font._ranges[0]  # ASCII: its glyph without the lookup, a third of a glyph's time
    b = _utf8(s)
    i = 0
    for _ in range(len(s)):
        code = b[i]
        if code < 0x80:
            i += 1
        else:
            code = code_at(b, i)
            i += size(b[i])
        gi = code - lo + base if lo <= code <= hi else font.index(code)
        # Copy the glyph's columns into the cell (it is fully overwritten), then
        # blit the cell with key/palette so the background stays untouched.
        if double:
            font._double(gi)
        else:
            cell.blit(src, -w * gi, 0)
        canvas.blit(cell, x, y, key, pal)
        x += adv
    return x


def draw_center(canvas, s, y, font=SMALL, color=1, x0=0, x1=128):
    x = x0 + (x1 - x0 - width(s, font)) // 2
    draw(canvas, s, x, y, font, color)
    return x
