# heapsize: 191522
# LARP wound tracker: tick cost with 30 participants, heap of a 4-hour session.
# Run in the Pico's heap budget in this port's bytes (mpytree.PICO_BUDGET_HEAP): compiled from .py
# source here, the import needs room the Pico's .mpy import does not.
import gc

from benchlib import MICRO, row, ticks_diff, ticks_us

from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.rng import Rng

M = 60000

# 30 participants with 3 wounds each (one helped), timers running
rec = record.Record("wounds", {"participants": 30}, 0, [], [])
game = record.start(rec)
for p in range(1, 31):
    for k in range(3):
        rec.inputs.append([p * 1000 + k, W.WOUND, p, 1 + (p + k) % 2])
        record.feed(game, rec, len(rec.inputs) - 1)
    if p % 3 == 0:
        rec.inputs.append([p * 1000 + 5, W.HELP, p, 0])
        record.feed(game, rec, len(rec.inputs) - 1)
n = 200
t0 = ticks_us()
for i in range(n):
    game.next_due()
row("wounds tick: next_due(), 30 people, 90 wounds", ticks_diff(ticks_us(), t0) // n, "us")
t0 = ticks_us()
for i in range(n):
    game.views(40000 + i * 1000)
row("wounds list: views(now) sorted, 90 wounds", ticks_diff(ticks_us(), t0) // n, "us")
t0 = ticks_us()
for i in range(n):
    game.advance(40000)  # nothing due: the scan every input pays
row("wounds advance(): scan, nothing due", ticks_diff(ticks_us(), t0) // n, "us")

# A 4-hour session of 30 on a simulated clock that wraps: a device loop, 1 s a step
del game, rec
gc.collect()
base = gc.mem_alloc() if MICRO else 0
rec = record.Record("wounds", {"participants": 30}, 0, [], [])
game = record.start(rec)
rng = Rng(42)
raw = 0x3FFFFFFF - 2 * 3600 * 1000
clock = larp.SessionClock(raw)
peak = 0
steps = 4 * 3600
t0 = ticks_us()
for s in range(1, steps + 1):
    raw = (raw + 1000) & larp.TICKS_MASK
    now = clock.update(raw)
    due = game.next_due()
    if 0 <= due <= now:
        rec.inputs.append([now, W.TICK, 0, 0])
        record.feed(game, rec, len(rec.inputs) - 1)
        rec.inputs.append([now, W.ACK, 0, 0])
        record.feed(game, rec, len(rec.inputs) - 1)
    if rng.below(90) == 0:  # a wound every 90 s on average
        p = rng.below(30) + 1
        try:
            v = [now, W.WOUND, p, 1 + rng.below(3)]
            game.check(v)
        except ValueError:
            continue
        rec.inputs.append(v)
        record.feed(game, rec, len(rec.inputs) - 1)
    elif rng.below(200) == 0:
        p = rng.below(30) + 1
        v = [now, W.HELP, p, 0]
        try:
            game.check(v)
        except ValueError:
            continue
        rec.inputs.append(v)
        record.feed(game, rec, len(rec.inputs) - 1)
    if s % 60 == 0:
        if MICRO:
            peak = max(peak, gc.mem_alloc())  # before the collect: live + a minute of garbage
        gc.collect()
    if s % 600 == 0:
        game.views(now)
elapsed = ticks_diff(ticks_us(), t0)
row("4-hour session: inputs", len(rec.inputs), "inputs")
row("4-hour session: wounds", len(game.who), "wounds")
row("4-hour session: loop time (14,400 steps)", elapsed // 1000, "ms")
if MICRO:
    gc.collect()
    row("4-hour session: heap high-water (sampled per minute)", peak, "bytes")
    row("4-hour session: heap above the import baseline at end", gc.mem_alloc() - base, "bytes")
