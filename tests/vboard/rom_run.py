"""run.py with the code in ROM, as `make deploy` lays it out on a board whose
firmware has a ROMFS partition: the image at /rom, and /rom, /rom/lib on
sys.path after '' as the firmware mounts it (the unix port has no flash, so
the image is read into the heap). The device's root holds main.py,
board.json and vboard/ only.

    cd DEVICE_ROOT && micropython vboard/rom_run.py ROMFS_IMAGE FREE ALLOC IMAGE STEPS WIRE [options as run.py]

FREE, ALLOC (not 0): the heap of a bare `-X heapsize=TARGET` interpreter, which
the run gets beside the image (tests/support/heapbase.py).
"""
import sys

import vfs

with open(sys.argv.pop(1), "rb") as f:
    vfs.mount(vfs.VfsRom(f.read()), "/rom")
at = sys.path.index("") + 1
sys.path[at:at] = ["/rom", "/rom/lib"]
free, alloc = int(sys.argv.pop(1)), int(sys.argv.pop(1))
if free:
    import heapbase

    heapbase.pad(free, alloc)
del f, at, vfs, free, alloc

import vbsetup  # noqa: E402

src = vbsetup.setup(sys.argv[1:])
del sys.modules["vbsetup"]
del vbsetup
exec(src, {"__name__": "__main__"})
