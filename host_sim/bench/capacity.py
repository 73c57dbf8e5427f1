# How much History the Pico's flash holds: MicroPython's littlefs (VfsLfs2,
# 4096-byte blocks, progsize 256 as the rp2 port mounts it) on a RAM flash of
# the Pico's 1408 KiB, filled through the firmware's Store until the first
# "storage full" notice. Run on the unix port:
#   MICROPYPATH=firmware micropython host_sim/bench/capacity.py BOUT.json SHOT.json [KB]
# KB: the filesystem's size (default 1408; the files layout's code takes ~400 KB of it).
import os
import sys

from dicebox.store import Store

BLOCK = 4096


class RAMFlash:
    def __init__(self, blocks):
        self.buf = bytearray(BLOCK * blocks)
        self.blocks = blocks

    def readblocks(self, block, buf, offset=0):
        o = block * BLOCK + offset
        buf[:] = memoryview(self.buf)[o : o + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            offset = 0
        o = block * BLOCK + offset
        self.buf[o : o + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            o = arg * BLOCK
            self.buf[o : o + BLOCK] = b"\xff" * BLOCK
        return 0


def fresh(kb):
    flash = RAMFlash(kb * 1024 // BLOCK)
    os.VfsLfs2.mkfs(flash, progsize=256)
    try:
        os.umount("/cap")
    except OSError:
        pass
    os.mount(os.VfsLfs2(flash, progsize=256), "/cap")
    return Store("/cap/data")


def fill(st, text, summary, fold, per_boot=0):
    n = 0
    while not st.notices:
        if per_boot and n and n % per_boot == 0:
            st = Store("/cap/data")  # a new power-on: a new fold
        st.add_history(text, summary, (), False, fold)
        n += 1
    return n - 1


def read(path):
    with open(path) as f:
        return f.read().strip()


def main(argv):
    bout, shot = read(argv[0]), read(argv[1])
    kb = int(argv[2]) if len(argv) > 2 else 1408
    n = fill(fresh(kb), bout, "Hagler decision r12", None)
    print("bouts %d of %d bytes in %d KB" % (n, len(bout), kb))
    n = fill(fresh(kb), shot, "shoot 7 head", "shoot", 100)
    print("shots %d of %d bytes in %d KB (100 a power-on)" % (n, len(shot), kb))
    st = fresh(kb)
    for i in range(100):
        st.add_history(bout, "bout %d" % i)
    n = fill(st, shot, "shoot", "shoot", 100)
    print("after 100 bouts: shots %d before the first fold went" % n)


main(sys.argv[1:])
