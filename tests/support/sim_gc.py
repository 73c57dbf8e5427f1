# The simulated device's collections under MicroPython: prints the allocation
# threshold after boot, then the time of each frame of a press and of the
# collection that follows them.   sim_gc.py
import gc

from dicebox import buttons as B
from dicebox import device as firmware
from host_sim.device import Device, Platform

d = Device(platform=Platform(b"\x00\x00\x10\x00"))
print("threshold", gc.threshold(), firmware.GC_EVERY)
frames = []
d.on_frame = lambda dev: frames.append(dev.now)
d.wait(100)
frames = []
d.levels = 1 << B.DOWN
collected = None
for _ in range(40):
    d.wait(5)
    if d.now == 100 + 80:
        d.levels = 0
    if frames and d.loop.drawn_at is None and collected is None:
        collected = d.now
print("frames", " ".join(str(t) for t in frames), "collected", collected)
# then idle on: a collection every _RECOLLECT_MS after the last, none while the panel sleeps
loop = d.loop
seen = []
collect = loop.collect


def spy(now):
    done = collect(now)
    if done:
        seen.append(now)
    return done


loop.collect = spy
d.wait(1200)
print("idle", " ".join(str(t) for t in seen))
seen.clear()
loop.panel_on = False
loop.app.display_on = False
d.wait(1200)
print("asleep", " ".join(str(t) for t in seen))
