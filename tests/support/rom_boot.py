# Runs a support script as on a Pico whose code is in a ROMFS partition
# (memory-mapped flash): .mpy files import in place, their bytecode is not
# copied to the heap. heapbase.pad gives the run the heap of a bare
# `-X heapsize=TARGET` interpreter beside the image.
#
#   micropython -X heapsize=H rom_boot.py IMAGE FREE ALLOC MODULE ARGS...
#   (FREE, ALLOC: gc.mem_free() and gc.mem_alloc() of a bare TARGET heap)
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
heapbase.pad(free, alloc)
mod = __import__(module)
if hasattr(mod, "main"):
    mod.main(sys.argv[1:])
