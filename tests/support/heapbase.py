# The live heap a support script reports, and the heap of a run with its code
# in ROM. The unix port has no flash to map: the ROMFS image is read into the
# first heap block, then pad() leaves exactly the free bytes a bare
# `-X heapsize=TARGET` interpreter starts with, so the run gets that heap; BASE
# takes the stand-in off the reported figures.
import gc

BASE = 0
_PAD = []


def live():
    gc.collect()
    return gc.mem_alloc() - BASE


def pad(free, alloc):
    """Take the heap down to `free` free bytes (gc.mem_free() of a bare TARGET heap;
    `alloc`: its gc.mem_alloc()). SystemExit if the heap is too small for it."""
    global BASE
    gc.collect()
    spare = gc.mem_free() - free
    if spare < 64:
        raise SystemExit("heapbase: -X heapsize too small for the image and a %d-byte heap" % free)
    _PAD.append(bytearray(spare - 512))
    gc.collect()
    while gc.mem_free() > free:
        _PAD.append(bytearray(1))
    BASE = gc.mem_alloc() - alloc
    got = gc.mem_free()
    if not free - 128 <= got <= free:
        raise SystemExit("heapbase: free heap %d, wanted %d" % (got, free))
