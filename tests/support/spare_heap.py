# A save on a heap with much free but no piece for littlefs's file cache
# (tests/test_store_hardening.py): `spare` keeps the Store's spare block, `none`
# lets it go first. Prints SAVED and the file back, or the MemoryError.
import gc
import os
import sys

from dicebox.store import Store

BLOCK = 4096


class RAMFlash:
    """As the Pico's flash, its reads allocate no buffer (an allocation that fails
    inside littlefs would leave its state half changed)."""

    def __init__(self, blocks):
        self.buf = bytearray(BLOCK * blocks)
        self.view = memoryview(self.buf)

    def readblocks(self, n, buf, off=0):
        o = n * BLOCK + off
        buf[:] = self.view[o : o + len(buf)]

    def writeblocks(self, n, buf, off=0):
        o = n * BLOCK + off
        self.buf[o : o + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.buf) // BLOCK
        if op == 5:
            return BLOCK
        if op == 6:
            return 0


flash = RAMFlash(16)
os.VfsLfs2.mkfs(flash, progsize=256)  # the Pico's: a 1,024-byte cache per open file
os.mount(os.VfsLfs2(flash, progsize=256), "/flash")
store = Store("/flash/box")
if sys.argv[1] == "none":
    store._spare = None
text = '{"dicebox":1,"ruleset":"dice","seed":7,"inputs":["d6"]}'
# The heap broken up: pieces of 800 bytes, every other one freed, and what is
# left at the end filled by ever smaller pieces: ~half the heap free, no free
# piece as large as a file's cache.
kept = []
gone = []
try:
    while True:
        kept.append(bytearray(800))
        gone.append(bytearray(800))
except MemoryError:
    pass
size = 512
while size >= 16:
    try:
        kept.append(bytearray(size))
    except MemoryError:
        size //= 2
gone = None
gc.collect()
free = gc.mem_free()
try:
    store.save_current(text)
    saved = "SAVED"
except MemoryError as e:
    saved = "MemoryError %s" % e
kept = None
gc.collect()
print(saved, free)
print(store.current())
