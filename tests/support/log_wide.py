# A dice session longer than a signed short counts (input numbers past 32,767)
# with totals past one too (99d1000), replayed and read back: run by CPython
# and MicroPython, the test compares the two outputs.
import sys

from dicebox.core import record
from dicebox.core.log import EVENT, INPUT

n = int(sys.argv[1])
inputs = ["99d1000" if i % 1000 == 999 else "d6" for i in range(n)]
rec = record.Record("dice", seed=11, inputs=inputs)
game = record.replay(rec)
log = game.log
last_input = -1
totals = 0
big = 0
for i in range(len(log)):
    kind, name, a, b, c = log.entry(i)
    if kind == INPUT:
        if a != last_input + 1:
            raise SystemExit("input %d read back as %d" % (last_input + 2, a + 1))
        last_input = a
    elif kind == EVENT:
        totals += a
        if a > 32767:
            big += 1
print("entries", len(log), "inputs", last_input + 1, "totals", totals, "over_a_short", big)
for i in range(len(log) - 3, len(log)):
    print(record.line(game, rec, i))
print(record.line(game, rec, len(log)))
