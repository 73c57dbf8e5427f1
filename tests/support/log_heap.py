# MicroPython: a long transcript grows in a small heap that other objects keep
# using meanwhile. Prints "entries N bytes_per_entry B".
import gc

from dicebox.core.log import EVENT, Log

N = 3000
gc.collect()
before = gc.mem_alloc()
log = Log()
other = []
for i in range(N):
    log.event("hit", i, -i, i & 7)
    if i % 50 == 0:
        other.append(bytearray(16))  # the game's own objects, allocated between entries
del other
gc.collect()
per = (gc.mem_alloc() - before) / N
assert log.entry(N - 1)[2] == N - 1 and log.count(EVENT) == N
print("entries %d bytes_per_entry %.2f" % (len(log), per))
