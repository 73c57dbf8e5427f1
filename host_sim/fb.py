"""Host canvas: adafruit_framebuf made pixel-exact with MicroPython's framebuf.

adafruit_framebuf (CPython) differs from MicroPython's C framebuf in two
primitives (checked against the MicroPython 1.29 unix port by
tests/test_text_micropython.py):

* rect(): adafruit clips the rectangle to the canvas and then outlines the
  clipped box, so a rect hanging off an edge gains a side along that edge;
  MicroPython draws the four sides as clipped fill_rects (x, y, w, 1),
  (x, y+h-1, w, 1), (x, y, 1, h), (x+w-1, y, 1, h), so off-canvas sides just
  vanish, and h=0 or w=0 still draws two lines.  rect(..., f=True) (fill,
  positional like MicroPython) is not accepted by adafruit at all.
* line(): adafruit's Bresenham starts with err = d/2 (float) and steps on
  err < 0; MicroPython starts with e = 2*dy - dx and steps on e >= 0, so
  many slopes put the step one pixel earlier or later.

ExactMixin supplies MicroPython-exact fill_rect/hline/vline/rect/line
(working on the MVLSB bytes directly, which is also much faster).
Canvas = adafruit FrameBuffer + ExactMixin. Text needs nothing from here:
dicebox.ui.text writes the glyphs' bytes into the canvas's buffer itself.

This module also works as a stand-in for the `framebuf` module:
FrameBuffer, MONO_VLSB and MVLSB are here.
"""
import adafruit_framebuf as _af

MVLSB = MONO_VLSB = _af.MVLSB
WIDTH = 128
HEIGHT = 64


def _fill_rect(fb, x, y, w, h, c):
    """MicroPython's clipped fill_rect."""
    if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= fb.height or x >= fb.width:
        return
    x1, y1 = min(fb.width, x + w), min(fb.height, y + h)
    x, y = max(x, 0), max(y, 0)
    if not isinstance(fb.format, _af.MVLSBFormat):
        fb.format.fill_rect(fb, x, y, x1 - x, y1 - y, c)
        return
    buf, stride = fb.buf, fb.stride
    while y < y1:
        n = min(y1, (y | 7) + 1)  # rows y..n-1 share one byte row
        mask = ((1 << (n - y)) - 1) << (y & 7)
        row = (y >> 3) * stride
        for i in range(row + x, row + x1):
            buf[i] = (buf[i] | mask) if c else (buf[i] & ~mask)
        y = n


def _line(fb, x1, y1, x2, y2, c):
    """MicroPython's Bresenham (extmod/modframebuf.c), pixel for pixel."""
    w, h, put = fb.width, fb.height, fb.format.set_pixel
    dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
    dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
    steep = dy > dx
    if steep:
        x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
    e = 2 * dy - dx
    for _ in range(dx):
        px, py = (y1, x1) if steep else (x1, y1)
        if 0 <= px < w and 0 <= py < h:
            put(fb, px, py, c)
        while e >= 0:
            y1 += sy
            e -= 2 * dx
        x1 += sx
        e += 2 * dy
    if 0 <= x2 < w and 0 <= y2 < h:
        put(fb, x2, y2, c)


class ExactMixin:
    """Adds MicroPython-exact primitives to an adafruit_framebuf.FrameBuffer."""

    def fill_rect(self, x, y, w, h, c):
        _fill_rect(self, x, y, w, h, c)

    def hline(self, x, y, w, c):
        _fill_rect(self, x, y, w, 1, c)

    def vline(self, x, y, h, c):
        _fill_rect(self, x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False, *, fill=None):
        if f if fill is None else fill:
            _fill_rect(self, x, y, w, h, c)
        else:
            _fill_rect(self, x, y, w, 1, c)
            _fill_rect(self, x, y + h - 1, w, 1, c)
            _fill_rect(self, x, y, 1, h, c)
            _fill_rect(self, x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        _line(self, x1, y1, x2, y2, c)


class FrameBuffer(ExactMixin, _af.FrameBuffer):
    """framebuf.FrameBuffer look-alike: FrameBuffer(buf, width, height, format[, stride])."""


class Canvas(FrameBuffer):
    """The 128x64 MONO_VLSB screen; buf defaults to a fresh zeroed 1024-byte bytearray."""

    def __init__(self, buf=None, width=WIDTH, height=HEIGHT):
        if buf is None:
            buf = bytearray(width * ((height + 7) >> 3))
        super().__init__(buf, width, height, MVLSB)


def to_image(buf, scale=4, width=WIDTH, height=HEIGHT):
    """A MONO_VLSB buffer as a Pillow image, lit pixels white on black, scaled up."""
    from PIL import Image

    img = Image.new("L", (width, height))
    px = img.load()
    for y in range(height):
        row, bit = (y >> 3) * width, y & 7
        for x in range(width):
            if (buf[row + x] >> bit) & 1:
                px[x, y] = 255
    if scale != 1:
        img = img.resize((width * scale, height * scale), Image.NEAREST)
    return img


def save_png(buf, path, scale=4, width=WIDTH, height=HEIGHT):
    """Write a MONO_VLSB buffer as a PNG."""
    to_image(buf, scale, width, height).save(path)
    return path
