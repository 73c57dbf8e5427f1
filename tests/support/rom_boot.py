# Runs a support script as on a Pico whose code is in a ROMFS partition
# (memory-mapped flash): .mpy files import in place, their bytecode is not
# copied to the heap. The unix port has no flash, so the image is read into the
# first heap block, then a pad leaves exactly the free bytes a bare
# `-X heapsize=TARGET` interpreter starts with. The run gets the same heap as
# on a TARGET heap; heapbase.BASE takes the stand-in off the reported figures.
#
#   micropython -X heapsize=H rom_boot.py IMAGE FREE ALLOC MODULE ARGS...
#   (FREE, ALLOC: gc.mem_free() and gc.mem_alloc() of a bare TARGET heap)
import gc
import sys
import vfs

import heapbase

image, free, alloc, module = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with open(image, "rb") as f:
    f.seek(0, 2)
    rom = bytearray(f.tell())
    f.seek(0)
    f.readinto(rom)
vfs.mount(vfs.VfsRom(rom), "/rom")
sys.path.insert(0, "/rom")
sys.argv[:] = [module] + sys.argv[5:]
gc.collect()
spare = gc.mem_free() - free
if spare < 64:
    raise SystemExit("rom_boot: heap too small for the image and a %d-byte heap (-X heapsize)" % free)
pad = [bytearray(spare - 512)]  # a list: one more small block, and the pad stays referenced
gc.collect()
while gc.mem_free() > free:
    pad.append(bytearray(1))
heapbase.BASE = gc.mem_alloc() - alloc
got = gc.mem_free()
if not free - 128 <= got <= free:
    raise SystemExit("rom_boot: free heap %d, wanted %d" % (got, free))
mod = __import__(module)
if hasattr(mod, "main"):
    mod.main(sys.argv[1:])
