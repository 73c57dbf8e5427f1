# Opens the first History entry of a Store directory and pages its transcript
# to the end (OK: a page), the live heap (heapbase) after every frame as the
# device loop does. Prints the line count, the last screen's lines and the
# live-heap high-water.   history_heap.py DIR
import sys

import heapbase

from dicebox import buttons as B
from dicebox.store import Store
from host_sim.device import Device, Platform

heapbase.live()  # a collect
d = Device(store=Store(sys.argv[1]), platform=Platform(b"\x00\x00\x10\x00"))
d.flush_bytes = None  # the simulator's per-frame I2C log: not the box's heap
high = [0]


def frame(dev):
    high[0] = max(high[0], heapbase.live())


d.on_frame = frame
while d.app.top.items[d.app.top.sel][0] != "History":
    d.press(B.DOWN)
d.press(B.OK)
d.press(B.OK)  # the first (newest) entry
tr = d.app.top
pages = 1
while tr.first + 6 < tr.count:
    d.press(B.OK)
    pages += 1
print("screen", type(tr).__name__, "lines", tr.count, "pages", pages)
for line in tr.window()[0]:
    print("|" + line)
print("heap", high[0])
