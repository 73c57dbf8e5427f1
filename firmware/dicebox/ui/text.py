"""Bitmap text on a MONO_VLSB canvas (the OLED's framebuf, or the host Canvas).

    SMALL   5x8 cells, advance 6: ASCII, Russian, a few symbols
    MEDIUM  SMALL scaled 2x: 10x16 cells, advance 12
    BIG     16x28 result digits 0-9 + - ! : / % and space, advance 18

    width(s, font=SMALL)            inked width: len(s)*advance minus the trailing gap
    draw(canvas, s, x, y, font=SMALL, color=1) -> pen x after the last glyph
    draw_center(canvas, s, y, font=SMALL, color=1, x0=0, x1=128) -> left x

color=1 sets glyph pixels and leaves the background; color=0 clears glyph
pixels (text on a filled bar).  Characters a font lacks draw its box glyph.
Drawing allocates nothing: each glyph is two native blits, strip -> cell ->
canvas.  On CPython import host_sim.fb first: it gives adafruit_framebuf the
MicroPython blit this module relies on.
"""
try:
    import framebuf
except ImportError:  # CPython host: pure-Python framebuf, blit added by host_sim.fb
    import adafruit_framebuf as framebuf

from dicebox.ui import fontdata

_MVLSB = framebuf.MVLSB  # MicroPython's MONO_VLSB under its legacy name, which both modules have

# color=0: the palette maps ink 1->0 and paper 0->1, and key=1 skips the paper.
_INV = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, _MVLSB)


class Font:
    def __init__(self, spec):
        w, h, self.advance, self._ranges, self._extra, self._box, data = spec
        self.cell_width = w
        self.height = h
        self.gap = self.advance - w
        self._xbase = self._box - self._extra.find("\ufffd")
        # Strip as a buffer tuple: blit reads the bytes in place (flash when frozen), no copy.
        self._src = (data, len(data) // ((h + 7) >> 3), h, _MVLSB)
        self._cell = framebuf.FrameBuffer(bytearray(w * ((h + 7) >> 3)), w, h, _MVLSB)

    def index(self, ch):
        """Glyph index of one character; the box for anything missing."""
        o = ord(ch)
        for lo, hi, base in self._ranges:
            if lo <= o <= hi:
                return base + o - lo
        i = self._extra.find(ch)
        return self._box if i < 0 else self._xbase + i


SMALL = Font(fontdata.SMALL)
MEDIUM = Font(fontdata.MEDIUM)
BIG = Font(fontdata.BIG)


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
    for ch in s:
        # Copy the glyph's columns into the cell (it is fully overwritten), then
        # blit the cell with key/palette so the background stays untouched.
        cell.blit(src, -w * font.index(ch), 0)
        canvas.blit(cell, x, y, key, pal)
        x += adv
    return x


def draw_center(canvas, s, y, font=SMALL, color=1, x0=0, x1=128):
    x = x0 + (x1 - x0 - width(s, font)) // 2
    draw(canvas, s, x, y, font, color)
    return x
