"""The virtual board's state under MicroPython: a clock the scenario advances,
pin levels, timers, the I2C wire, a file-backed flash with littlefs, and the
scenario runner.

Kept small: all of it shares the firmware's heap, which the Pico does not.
The host (harness.py) does the rest: it compiles the scenario to 4-byte steps
(op, 24-bit argument) and decodes the I2C bytes written to the wire file with
the panel model (host_sim/panel.py), so no model and no text parsing live here.
"""
import gc
import sys

from micropython import const

# step ops (harness.py OPS)
_WAIT = const(0)
_PRESS = const(1)
_RELEASE = const(2)
_FRAME = const(3)
_STATE = const(4)
_MEM = const(5)
_GCOFF = const(6)
_GCON = const(7)
_MODS = const(8)
_CAT = const(9)
_LS = const(10)
_CUT = const(11)
_END = const(12)

clock_ms = 0  # virtual ms since the board powered on (offset by start)
pins = {}  # gpio -> machine.Pin
timers = []  # machine.Timer with a callback
addr = 0x3C  # the panel's I2C address
beeps = 0  # tones started on the piezo
flash = None
script = None  # the step file, read a step at a time
wire = None  # the I2C log: [kind, n >> 8, n & 255] then n bytes (kind 0), or a marker
until = -1  # clock_ms the current wait ends at
restart_to = "restart.txt"  # machine.soft_reset() ends the process (exit code 75) leaving where it was here
low = ()  # gpios a soft reset left held down (their pins start low)
rtc = None  # a clock chip on the wire (rtc_chip.Chip), vbsetup's rtc=KIND:MS[:lost]
_step = bytearray(4)
_head = bytearray(3)
alloc_from = 0


def out(*parts):
    print(*parts)
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


def send(kind, n, data=None):
    """One record on the wire: no copy, no allocation."""
    h = _head
    h[0] = kind
    h[1] = n >> 8
    h[2] = n & 255
    wire.write(h)
    if data is not None:
        wire.write(data)


def advance(ms):
    """Let ms of virtual time pass, firing timer IRQs when due."""
    global clock_ms
    for _ in range(ms):
        clock_ms += 1
        for t in timers:
            if t.due is not None and clock_ms - t.due >= 0:
                t.due = clock_ms + t.period if t.periodic else None
                t.callback(t)


def run_script():
    """Called at every sleep of the firmware: apply the steps that are due."""
    global until, alloc_from
    s = _step
    while True:
        if until >= 0:
            if clock_ms < until:
                return
            until = -1
        if script.readinto(s) != 4:
            op = _END
        else:
            op = s[0]
        arg = s[1] << 16 | s[2] << 8 | s[3]
        if op == _WAIT:
            until = clock_ms + arg
        elif op == _PRESS or op == _RELEASE:
            pins[arg].level = 0 if op == _PRESS else 1
        elif op == _FRAME:
            send(1, arg)
        elif op == _STATE:
            gc.collect()
            send(2, arg)
            out("STATE", arg, flash.written, flash.erases, gc.mem_free(), gc.mem_alloc(), beeps)
        elif op == _MEM:  # diagnostics: the heap's block map
            import micropython

            gc.collect()
            micropython.mem_info(1)
        elif op == _GCOFF:  # start counting heap allocations (the collector paused)
            gc.collect()
            gc.disable()
            alloc_from = gc.mem_alloc()
        elif op == _GCON:
            out("ALLOC", arg, gc.mem_alloc() - alloc_from)
            gc.enable()
        elif op == _MODS:  # the firmware modules loaded now
            out("MODS", " ".join(sorted(n for n in sys.modules if n.startswith("dicebox"))))
        elif op == _CAT:  # a file on the flash, as hex ('-' if missing); the name follows the step
            from binascii import hexlify

            name = script.read(arg).decode()
            try:
                with open("/data/" + name, "rb") as f:
                    data = f.read()
                sys.stdout.write("FILE %s " % name)
                sys.stdout.write(hexlify(data))
                out()
            except OSError:
                out("FILE", name, "-")
        elif op == _LS:
            import os

            out("LS", " ".join(sorted(os.listdir("/data"))))
        elif op == _CUT:
            out("CUT", clock_ms)
            hang()
        else:
            out("END", clock_ms)
            raise SystemExit(0)


RESTART_EXIT = const(75)


def soft_reset():
    """machine.soft_reset(): main.py runs again in a new heap, as on the Pico. The
    process ends (exit code 75) leaving in restart_to where it was; the host starts
    the next one there (its options: vbsetup's at=, start=, until=, low=)."""
    out("SOFT_RESET", clock_ms)
    wire.flush()
    with open(restart_to, "w") as f:
        f.write("at=%d start=%d until=%d low=%s" % (script.tell(), clock_ms, until,
                                                    ",".join([str(g) for g in pins if not pins[g].level])))
        if rtc is not None:  # the chip runs on through the restart
            f.write(" rtc=%s:%d%s" % (rtc.kind, rtc.ms(clock_ms), ":lost" if rtc.lost else ""))
    raise SystemExit(RESTART_EXIT)


def hang():
    """Power is gone: wait to be killed (the test sends SIGKILL); never return."""
    sys.stdin.read()
    while True:
        pass


class FileFlash:
    """Block device over a host file: every program reaches the file at once,
    so killing the process is a power cut. Counts bytes programmed and erases.
    cut_after: after that many programs, the next one is lost and power goes."""

    def __init__(self, path, blocks, block_size=4096, cut_after=None):
        self.block_size = block_size
        self.blocks = blocks
        try:
            self.f = open(path, "r+b")
        except OSError:
            self.f = open(path, "w+b")
            zero = b"\xff" * block_size
            for _ in range(blocks):
                self.f.write(zero)
            self.f.flush()
        self.written = 0
        self.erases = 0
        self.programs = 0
        self.cut_after = cut_after

    def readblocks(self, block, buf, offset=0):
        self.f.seek(block * self.block_size + offset)
        self.f.readinto(buf)

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            offset = 0
            self.erases += 1
        if self.cut_after is not None and self.programs >= self.cut_after:
            out("CUT", clock_ms)
            hang()
        self.programs += 1
        self.f.seek(block * self.block_size + offset)
        self.f.write(buf)
        self.f.flush()
        self.written += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:  # erase: NOR flash erases to 0xff
            self.erases += 1
            return 0
        return 0


class Urandom:
    """os.urandom from a seed (vbsetup `urandom=`): the fights a storm plays repeat."""

    def __init__(self, seed):
        self.x = seed & 0x3FFFFFFF

    def urandom(self, n):
        out = bytearray(n)
        for i in range(n):
            self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
            out[i] = self.x >> 16 & 0xFF
        return out
