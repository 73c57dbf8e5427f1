"""Host canvas: adafruit_framebuf made pixel-exact with MicroPython's framebuf.

adafruit_framebuf (CPython) has no blit (it raises NotImplementedError) and
differs from MicroPython's C framebuf in two primitives (checked against the
MicroPython 1.29 unix port by tests/test_text.py):

* rect(): adafruit clips the rectangle to the canvas and then outlines the
  clipped box, so a rect hanging off an edge gains a side along that edge;
  MicroPython draws the four sides as clipped fill_rects (x, y, w, 1),
  (x, y+h-1, w, 1), (x, y, 1, h), (x+w-1, y, 1, h), so off-canvas sides just
  vanish, and h=0 or w=0 still draws two lines.  rect(..., f=True) (fill,
  positional like MicroPython) is not accepted by adafruit at all.
* line(): adafruit's Bresenham starts with err = d/2 (float) and steps on
  err < 0; MicroPython starts with e = 2*dy - dx and steps on e >= 0, so
  many slopes put the step one pixel earlier or later.

BlitMixin supplies blit() plus MicroPython-exact fill_rect/hline/vline/rect/
line (working on the MVLSB bytes directly, which is also much faster).
Canvas = adafruit FrameBuffer + BlitMixin.

Why also patch adafruit_framebuf.FrameBuffer.blit at import: the renderer
(firmware/dicebox/ui/text.py) must not import host code, so on CPython it
builds its glyph cells from plain adafruit_framebuf.FrameBuffer; and the
sim's adafruit_ssd1306 display object is such a FrameBuffer too.  Giving the
base class the exact blit (only while it is the NotImplementedError stub)
lets both run unchanged.  The other primitives are left alone on the base
class; draw on a Canvas (or mix BlitMixin into the display class) to get them.

This module also works as a stand-in for the `framebuf` module:
FrameBuffer, MONO_VLSB and MVLSB are here.
"""
import adafruit_framebuf as _af

MVLSB = MONO_VLSB = _af.MVLSB
WIDTH = 128
HEIGHT = 64


def _view(fb):
    """(buf, width, height, stride, getpix) for a FrameBuffer or a buffer tuple."""
    if isinstance(fb, (tuple, list)):
        # MicroPython accepts (buffer, width, height, format[, stride]) as a read-only source.
        if not 4 <= len(fb) <= 5:
            raise ValueError("blit source tuple must be (buf, w, h, format[, stride])")
        buf, w, h, fmt = fb[0], int(fb[1]), int(fb[2]), int(fb[3])
        stride = int(fb[4]) if len(fb) == 5 else w
        if fmt != MVLSB:
            raise ValueError("host blit supports MONO_VLSB tuples only")
        if w < 1 or h < 1 or stride < w:
            raise ValueError("bad dimensions")
        if len(buf) < ((h + 7) >> 3) * stride - (stride - w):
            raise ValueError("buffer too small")
        return buf, w, h, stride, None
    if isinstance(fb.format, _af.MVLSBFormat):
        return fb.buf, fb.width, fb.height, fb.stride, None
    get = fb.format.get_pixel
    return None, fb.width, fb.height, fb.stride, lambda x, y: get(fb, x, y)


def blit(dst, src, x, y, key=-1, palette=None):
    """dst.blit(src, x, y, key, palette) with MicroPython's exact semantics.

    Clips at every edge; reads source pixel c, maps it through palette.pixel(c, 0)
    if a palette is given, then skips it if it equals key (so key is compared
    after the palette, as in MicroPython), else writes it.
    """
    sbuf, sw, sh, sstride, sget = _view(src)
    dw, dh = dst.width, dst.height
    if x >= dw or y >= dh or -x >= sw or -y >= sh:
        return
    if palette is not None:
        pbuf, _, _, _, pget = _view(palette)
        pal = (lambda c: (pbuf[c] & 1)) if pget is None else (lambda c: pget(c, 0))
    else:
        pal = None
    key &= 0xFFFFFFFF  # C compares col != (uint32_t)key: -1 never matches
    x0, y0 = max(0, x), max(0, y)
    sx0, sy = max(0, -x), max(0, -y)
    x1, y1 = min(dw, x + sw), min(dh, y + sh)
    mvlsb = isinstance(dst.format, _af.MVLSBFormat)
    dbuf, dstride, dset = dst.buf, dst.stride, dst.format.set_pixel
    for dy in range(y0, y1):
        sx = sx0
        if sget is None:
            srow, sbit = (sy >> 3) * sstride, sy & 7
        drow, dbit = (dy >> 3) * dstride, 1 << (dy & 7)
        for dx in range(x0, x1):
            c = (sbuf[srow + sx] >> sbit) & 1 if sget is None else sget(sx, sy)
            if pal is not None:
                c = pal(c)
            if c != key:
                if mvlsb:
                    i = drow + dx
                    dbuf[i] = (dbuf[i] | dbit) if c else (dbuf[i] & ~dbit)
                else:
                    dset(dst, dx, dy, c)
            sx += 1
        sy += 1


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


class BlitMixin:
    """Adds MicroPython-exact blit and primitives to an adafruit_framebuf.FrameBuffer."""

    def blit(self, src, x, y, key=-1, palette=None):
        blit(self, src, x, y, key, palette)

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


class FrameBuffer(BlitMixin, _af.FrameBuffer):
    """framebuf.FrameBuffer look-alike: FrameBuffer(buf, width, height, format[, stride])."""


class Canvas(FrameBuffer):
    """The 128x64 MONO_VLSB screen; buf defaults to a fresh zeroed 1024-byte bytearray."""

    def __init__(self, buf=None, width=WIDTH, height=HEIGHT):
        if buf is None:
            buf = bytearray(width * ((height + 7) >> 3))
        super().__init__(buf, width, height, MVLSB)


def _install():
    probe = _af.FrameBuffer(bytearray(1), 1, 1, MVLSB)
    try:
        probe.blit()
    except NotImplementedError:  # the library stub; a real blit would want arguments
        _af.FrameBuffer.blit = BlitMixin.blit
    except TypeError:
        pass


_install()


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
