"""Bitmap text on a MONO_VLSB canvas (the OLED's framebuf, or the host Canvas). SMALL: 5x8 cells;
MEDIUM: SMALL doubled; BIG: the result digits and + - ! : / %, stored at half size to save heap.
color=0 clears glyph pixels (text on a filled bar); a character a font lacks draws its box. A str
is read as its own UTF-8 bytes (walking it interns each character), so drawing allocates nothing."""
from array import array

from dicebox.core.compat import utf8
from dicebox.ui import fontdata

try:
    memoryview("")  # MicroPython: a str has the buffer protocol: _paint reads its UTF-8 in place
    _HOST = False

except TypeError:  # CPython: _paint runs as plain Python on the canvas's bytes and the str's UTF-8
    _HOST = True

    class micropython:  # noqa: N801  the decorator's name, as MicroPython's compiler reads it
        viper = staticmethod(lambda f: f)

    def ptr8(b):
        return b

    ptr16 = ptr8


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
        stride = len(data) // ((h + 7) >> 3)  # strip width in columns
        # what _paint reads: the glyph's size, advance, strip, scale, then the ranges
        self._spec = array("H", [w, h, self.advance, stride, scale, len(self._ranges)])
        for lo, hi, base in self._ranges:
            self._spec.extend((lo, hi, base))

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


# Native code (viper) on MicroPython: framebuf blits a glyph were most of a fight
# frame's drawing on the Pico
@micropython.viper
def _paint(dst, width: int, height: int, x: int, y: int, b, n: int, font, color: int) -> int:
    d = ptr8(dst)
    s = ptr8(b)
    f = ptr16(font._spec)
    g = ptr8(font._data)
    w = int(f[0])
    adv = int(f[2])
    stride = int(f[3])
    scale = int(f[4])
    ranges = int(f[5])
    pages = height >> 3
    clear = 0 if color else 0xFF  # (d | ink) ^ ink clears the ink's pixels
    i = 0
    for _ in range(n):
        code = int(s[i])
        if code < 0x80:
            i += 1
        elif 0xC0 <= code and code < 0xE0:  # Latin letters beyond ASCII, Cyrillic: two bytes
            code = (code & 0x1F) << 6 | int(s[i + 1]) & 0x3F
            i += 2
        elif code < 0xC0:  # a stray continuation byte (as compat.code_at reads it)
            code = 0xFFFD
            i += 1
        elif code < 0xF0:  # rarer: the symbols, three bytes
            code = (code & 0x0F) << 12 | (int(s[i + 1]) & 0x3F) << 6 | int(s[i + 2]) & 0x3F
            i += 3
        else:
            code = (code & 0x07) << 18 | (int(s[i + 1]) & 0x3F) << 12 | (int(s[i + 2]) & 0x3F) << 6 | int(s[i + 3]) & 0x3F
            i += 4
        gi = -1
        k = 6
        while k < 6 + 3 * ranges:
            if int(f[k]) <= code and code <= int(f[k + 1]):
                gi = int(f[k + 2]) + code - int(f[k])
                break
            k += 3
        if gi < 0:
            gi = int(font.index(code))  # an extra glyph or the box
        rows = int(f[1])
        yy = y
        src = gi * w
        while rows > 0:  # one page of the strip: 8 rows (16 doubled)
            mask = 0xFF
            if rows < 8:
                mask = (1 << rows) - 1
            for cx in range(w):
                v = int(g[src + cx]) & mask
                if v == 0:
                    continue
                if scale == 2:
                    dbl = 0
                    for bit in range(8):
                        if v & (1 << bit):
                            dbl |= 3 << (bit + bit)
                    v = dbl
                v = v << (yy & 7)
                X = x + cx * scale
                for _rep in range(scale):
                    if X >= 0 and X < width:
                        p = yy >> 3
                        pv = v
                        while pv:  # two pages, three doubled
                            if p >= 0 and p < pages:
                                q = p * width + X
                                d[q] = (int(d[q]) | pv & 0xFF) ^ (pv & clear)
                            pv = pv >> 8
                            p += 1
                    X += 1
            src += stride
            rows -= 8
            yy += 8 * scale
        x += adv
    return x


SMALL = Font(fontdata.SMALL)
MEDIUM = Font(fontdata.SMALL, 2)
BIG = Font(fontdata.BIG, 2)


def width(s, font=SMALL):
    n = len(s)
    return n * font.advance - font.gap if n else 0


def draw(canvas, s, x, y, font=SMALL, color=1):
    if _HOST:
        return _paint(canvas.buf, canvas.width, canvas.height, x, y, utf8(s), len(s), font, color)
    return _paint(canvas, canvas.width, canvas.height, x, y, s, len(s), font, color)  # s read in place


def draw_center(canvas, s, y, font=SMALL, color=1, x0=0, x1=128):
    x = x0 + (x1 - x0 - width(s, font)) // 2
    draw(canvas, s, x, y, font, color)
    return x


def non_ascii(names):
    """True if a name has a letter beyond ASCII: only then a set-up loads ui/letters.py."""
    for name in names:
        if len(utf8(name)) != len(name):
            return True
    return False
