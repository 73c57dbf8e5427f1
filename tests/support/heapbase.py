# The live heap a support script reports. Under rom_boot.py the code stand-in
# (the ROM image and the pad) is taken off, so figures compare with a bare heap.
import gc

BASE = 0


def live():
    gc.collect()
    return gc.mem_alloc() - BASE
