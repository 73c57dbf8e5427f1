# Rolls per second, heap bytes per 10,000 rolls, import time of the core.
import gc

from benchlib import MICRO, per_second, row, ticks_diff, ticks_us

t0 = ticks_us()
from dicebox.core import dice as D  # noqa: E402
from dicebox.core import record  # noqa: E402,F401

row("core import time", ticks_diff(ticks_us(), t0), "us")

for label, die in (("d20", D.D20), ("2d10", D.PCT)):
    d = D.Dice(1)
    n = 100000 if not MICRO else 50000
    t0 = ticks_us()
    for _ in range(n):
        d.roll(die, "bench")
    row("rolls per second, %s" % label, per_second(n, ticks_diff(ticks_us(), t0)), "rolls/s")

if MICRO:
    d = D.Dice(2)
    d.roll(D.D20, "warm")
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(10000):
        d.roll(D.D20, "bench")
    used = gc.mem_alloc() - before
    gc.enable()
    row("heap bytes per 10,000 d20 rolls", used, "bytes")
