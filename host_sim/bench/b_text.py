# Text drawing per glyph: a line that fits the 128-pixel width (21 SMALL characters, 10
# MEDIUM, 7 BIG) drawn 200 times, best of 5 (the machine is shared), on a MONO_VLSB canvas.
from benchlib import row, ticks_diff, ticks_us

from dicebox.ui import text

try:
    import framebuf

    class Canvas(framebuf.FrameBuffer):
        width = 128  # a canvas has its size, as the panel's Display has
        height = 64

    def canvas():
        return Canvas(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
except ImportError:  # CPython: the simulator's framebuf stand-in
    from host_sim.fb import Canvas as canvas

# BIG holds the digits, ":" and "/" only (a round's clock)
LINES = (("SMALL", text.SMALL, "ASCII", "Red: Vito Antuofermo1"), ("SMALL", text.SMALL, "Cyrillic", "Красный: Вито Антуофе"),
         ("MEDIUM", text.MEDIUM, "ASCII", "Round 12: "), ("MEDIUM", text.MEDIUM, "Cyrillic", "Раунд 12: "),
         ("BIG", text.BIG, "digits", "12:34/5"))


def per_glyph_ns(c, s, font):
    best = None
    for _ in range(5):
        t = ticks_us()
        for _ in range(200):
            text.draw(c, s, 0, 0, font)
        us = ticks_diff(ticks_us(), t)
        best = us if best is None or us < best else best
    return best * 1000 // (200 * len(s))


c = canvas()
for name, font, script, s in LINES:
    row("text per glyph, %s, %s" % (name, script), per_glyph_ns(c, s, font), "ns")
