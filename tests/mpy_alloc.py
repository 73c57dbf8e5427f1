# MicroPython only: proves text drawing allocates nothing and times it.
#   MICROPYPATH=firmware micropython tests/mpy_alloc.py
import framebuf
import gc
import time

from dicebox.ui import text as T

c = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
LINE = "ХА! УУУХ! БЛОК! 3×2=6"  # 21 chars: Cyrillic, ASCII and an extra symbol
LONG = LINE * 10 + "\x01漢 Hello, голова!"
N = 50


def run(s, font, color, n):
    for _ in range(n):
        T.draw(c, s, -30, 20, font, color)
        T.draw_center(c, s, 40, font, color)
        T.width(s, font)


for font in (T.SMALL, T.MEDIUM, T.BIG):
    for color in (1, 0):
        run(LONG, font, color, 2)  # warm-up: interns each character once
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        run(LONG, font, color, N)
        d = gc.mem_alloc() - a
        gc.enable()
        print("alloc", font.height, color, d)

gc.collect()
n = 200
t = time.ticks_us()
for _ in range(n):
    T.draw(c, LINE, 0, 0)
dt = time.ticks_diff(time.ticks_us(), t)
print("time_us_per_line", dt / n, "per_glyph", dt / n / len(LINE), "chars", len(LINE))
