# Heap bytes allocated by N rolls of each die, under MicroPython (gc off).
import gc
import sys

from dicebox.core import dice as D


def measure(die, n):
    d = D.Dice(99)
    d.roll(die, "warm")
    roll = d.roll
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(n):
        roll(die, "x")
    after = gc.mem_alloc()
    gc.enable()
    return after - before


n = int(sys.argv[1])
for label, die in (("d20", D.D20), ("2d10", D.PCT), ("2d6", D.TWO_D6), ("coin", D.COIN)):
    print(label, measure(die, n))
