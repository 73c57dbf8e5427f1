# Draws fixed scenes (and optional random ops) on a 128x64 MONO_VLSB canvas and
# prints each buffer as hex.  Runs unchanged under MicroPython (native framebuf)
# and CPython (host_sim.fb); tests/test_text_micropython.py diffs the outputs.
#   MICROPYPATH=firmware micropython tests/mpy_scene.py [OPSFILE]
#   python tests/mpy_scene.py [OPSFILE]
import sys

try:
    import framebuf
except ImportError:  # CPython: the host module is a framebuf stand-in
    import os

    _root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:0] = [_root, os.path.join(_root, "firmware")]
    from host_sim import fb as framebuf

from binascii import hexlify

from dicebox.ui import text as T

BUFS = {}  # canvas id -> its bytearray (MicroPython's FrameBuffer hides .buf)


def out(name, c):
    print(name, hexlify(BUFS[id(c)]).decode())


class Canvas(framebuf.FrameBuffer):
    width = 128  # a canvas has its size, as the panel's Display has
    height = 64


def new():
    b = bytearray(1024)
    c = Canvas(b, 128, 64, framebuf.MONO_VLSB)
    BUFS[id(c)] = b
    return c


def scenes():
    c = new()
    T.draw(c, "Hello, dice! 0123456789", 0, 0)
    T.draw(c, "ХА! ОХ! УУУХ! БЛОК!", 0, 9)
    T.draw(c, "голова челюсть ухо", 0, 18)
    T.draw(c, "корпус рёбра живот ЁЖЩЫЪЭЮЯ", -9, 27)
    T.draw(c, "°·—…×←→↑↓▲▼▶◀✓ \x01漢", 3, 36)
    c.fill_rect(0, 45, 128, 10, 1)
    T.draw(c, "▶ Inverted ТЕКСТ ◀", 2, 46, T.SMALL, 0)
    T.draw(c, "clipped right edge text", 100, 56)
    T.draw(c, "низ", 0, 60)
    out("text", c)
    c = new()
    T.draw(c, "01234", -5, -3, T.BIG)
    T.draw(c, "56789", 40, 40, T.BIG)
    T.draw_center(c, "+5", 26, T.BIG, 1, 64, 128)
    out("big", c)
    c = new()
    T.draw(c, "УУУХ!", 0, 0, T.MEDIUM)
    T.draw(c, "BLOCK!", 60, 20, T.MEDIUM)
    c.fill_rect(0, 38, 128, 18, 1)
    T.draw_center(c, "БЛОК! 100%", 39, T.MEDIUM, 0)
    T.draw(c, "Ж", -4, 56, T.MEDIUM)
    T.draw(c, "Щ", 123, -9, T.MEDIUM)
    out("medium", c)
    c = new()
    c.fill(1)
    c.fill(0)
    c.fill_rect(-5, -5, 20, 12, 1)
    c.fill_rect(120, 60, 20, 20, 1)
    c.rect(10, 10, 30, 20, 1)
    c.rect(-3, 20, 10, 10, 1)
    c.rect(120, -2, 12, 8, 1)
    c.rect(50, 5, 0, 6, 1)
    c.rect(60, 5, 6, 0, 1)
    c.rect(70, 2, 8, 8, 1, True)
    c.hline(-4, 40, 50, 1)
    c.hline(100, 63, 40, 1)
    c.vline(127, -3, 20, 1)
    c.vline(90, 30, -5, 1)
    for i in range(0, 64, 7):
        c.line(64, 32, i * 2, 0, 1)
        c.line(64, 32, 127 - i, 63, 1)
    c.line(-10, 50, 140, 58, 1)
    c.line(5, 63, 5, 63, 1)
    c.line(30, 60, 2, 45, 0)
    c.pixel(0, 0, 1)
    c.pixel(127, 63, 1)
    c.pixel(128, 10, 1)
    c.pixel(-1, 10, 1)
    out("prims", c)


def ops(path):
    # Each op: (name, args...); the canvas is dumped after every op.
    with open(path) as f:
        todo = eval(f.read())
    c = new()
    for i, op in enumerate(todo):
        name = op[0]
        a = op[1:]
        if name == "rectf":
            c.rect(a[0], a[1], a[2], a[3], a[4], True)
        elif name == "draw":
            T.draw(c, a[0], a[1], a[2], (T.SMALL, T.MEDIUM, T.BIG)[a[3]], a[4])
        else:
            getattr(c, name)(*a)
        out("op%d" % i, c)


if len(sys.argv) > 1:
    ops(sys.argv[1])
else:
    scenes()
