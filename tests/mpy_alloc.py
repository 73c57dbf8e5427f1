# MicroPython only: proves text drawing allocates nothing and times it.
#   MICROPYPATH=firmware micropython tests/mpy_alloc.py
import framebuf
import gc
import micropython
import time

from dicebox.ui import text as T

class Canvas(framebuf.FrameBuffer):  # a canvas has its size, as the Display has
    width = 128
    height = 64


c = Canvas(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
LINE = "ХА! УУУХ! БЛОК! 3×2=6"  # 21 chars: Cyrillic, ASCII and an extra symbol
SHORT = LINE + "\x01漢 Hello, голова!ЁёЖ"  # 48 chars: the longest drawn from the buffer
LONG = LINE * 10 + "\x01漢 Hello, голова!"  # read in place: one memoryview a draw
N = 50


def run(s, font, color, n):
    for _ in range(n):
        T.draw(c, s, -30, 20, font, color)
        T.draw_center(c, s, 40, font, color)
        T.width(s, font)



def names():
    micropython.qstr_info()  # "qstr pool: n_pool=.., n_qstr=N, ..."


for font in (T.SMALL, T.MEDIUM, T.BIG):
    for color in (1, 0):
        for label, s in (("short", SHORT), ("long", LONG)):
            run(s, font, color, 1)  # warm-up
            gc.collect()
            gc.disable()
            a = gc.mem_alloc()
            run(s, font, color, N)
            d = gc.mem_alloc() - a
            gc.enable()
            print("alloc", label, font.height, color, d)
# drawing interns no character as a name: the count is the same after new ones
names()
T.draw(c, "ЩЪЭЮфцыz{}~", 0, 0)
T.draw(c, "ЩЪЭЮфцыz{}~" * 5, 0, 0)
names()

gc.collect()
n = 200
t = time.ticks_us()
for _ in range(n):
    T.draw(c, LINE, 0, 0)
dt = time.ticks_diff(time.ticks_us(), t)
print("time_us_per_line", dt / n, "per_glyph", dt / n / len(LINE), "chars", len(LINE))
