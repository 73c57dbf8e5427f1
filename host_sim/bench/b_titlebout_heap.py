# heapsize: 128k
# Title Bout under a 128 KB heap: RAM of the module (imported from .py source),
# heap high-water of one 12-round bout stepped an exchange at a time
# (gc.collect() then gc.mem_alloc() after every exchange, minus the baseline
# before the bout), and the garbage an exchange leaves (gc off).
import gc

from benchlib import MICRO, demo_cards, heap_used, row

before = heap_used()
from dicebox.titlebout import rules as titlebout  # noqa: E402,F401  (first, while the heap is empty)

if MICRO:
    row("titlebout module heap after import (from .py source)", heap_used() - before, "bytes")
from dicebox.core import record  # noqa: E402
from dicebox.titlebout.demo import CHARTS  # noqa: E402,F401


red, blue = demo_cards()
OPTS = {"red": red, "blue": blue, "rounds": 12}

if MICRO:
    row("titlebout heap in use before the bout (modules, cards)", heap_used() - before, "bytes")
    # heap high-water: step one exchange at a time, gc.collect() and gc.mem_alloc() after each
    gc.collect()
    base = gc.mem_alloc()
    rec = record.Record("titlebout", OPTS, 5, [])
    game = record.start(rec)
    high = 0
    while game.prompt() is not None:
        rec.inputs.append(0)
        record.feed(game, rec, len(rec.inputs) - 1)
        gc.collect()
        used = gc.mem_alloc() - base
        if used > high:
            high = used
    row("titlebout heap high-water of a bout (128k heap)", high, "bytes")
    row("titlebout log entries of that bout", len(game.log), "entries")
    # garbage an exchange leaves (generator frames, the log's growth): 20 exchanges with gc off
    game = None
    rec = record.Record("titlebout", OPTS, 5, [0] * 20)
    game = record.start(rec)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(20):
        record.feed(game, rec, i)
    churn = gc.mem_alloc() - before
    gc.enable()
    row("titlebout heap bytes allocated per exchange (gc off, 20 exchanges)", churn // 20, "bytes")
