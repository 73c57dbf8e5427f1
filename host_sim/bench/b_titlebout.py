# Title Bout: full 12-round bouts per second (default heap; b_titlebout_heap.py measures the 128k heap).
import gc

from benchlib import MICRO, demo_cards, per_second, row, ticks_diff, ticks_us

from dicebox.core import record  # noqa: E402
from dicebox.titlebout.demo import CHARTS  # noqa: F401  (imported before measuring, as the device would)

red, blue = demo_cards()
OPTS = {"red": red, "blue": blue, "rounds": 12}

# bouts per second: each bout is a whole record replay with the input "run the bout"
n = 200 if not MICRO else 40
t0 = ticks_us()
rolls = 0
for i in range(n):
    g = record.replay(record.Record("titlebout", OPTS, 1000 + i, [2]))
    rolls += g.clicks
    g = None
    gc.collect()  # one bout at a time, as on the box: the last one's log is freed first
elapsed = ticks_diff(ticks_us(), t0)
row("titlebout 12-round bouts per second", per_second(n, elapsed), "bouts/s")
row("titlebout dice rolls per bout (mean)", rolls // n, "rolls")

