"""The virtual board's state: a clock the scenario advances, pin levels, timers,
the panel on the I2C bus, a file-backed flash with littlefs, and the scenario.

Runs under MicroPython (tests/vboard/run.py). The stand-in `machine` and
`time` modules in this folder read and drive this state.
"""
import gc
import sys

TICKS_MASK = 0x3FFFFFFF  # MicroPython's ticks wrap at 2**30
TICKS_HALF = 0x20000000

clock_ms = 0  # virtual ms since the board powered on (offset by start_ms)
pins = {}  # gpio -> machine.Pin
timers = []  # machine.Timer with a callback
pwms = {}
panel = None
buses = []
beeps = []  # (freq, duty) changes
flash = None
script = None  # the scenario file, read a step at a time (its size stays off the heap)
pending = []  # steps of the current line
step_until = None
names = {}  # button name -> gpio
alloc_from = [0]


def out(*parts):
    print(*parts)
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


def advance(ms):
    """Let ms of virtual time pass, firing timer IRQs when due."""
    global clock_ms
    for _ in range(ms):
        clock_ms += 1
        for t in timers:
            if t.due is not None and clock_ms - t.due >= 0:
                t.due = clock_ms + t.period if t.periodic else None
                t.callback(t)


def _next():
    while not pending:
        line = script.readline()
        if not line:
            return None
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "tap":  # press, hold 80 ms, release, 80 ms
            pending.extend((["press", words[1]], ["wait", "80"], ["release", words[1]], ["wait", "80"]))
        elif words[0] == "hold":
            pending.extend((["press", words[1]], ["wait", words[2]], ["release", words[1]], ["wait", "80"]))
        else:
            pending.append(words)
    return pending[0]


def frame_out(name):
    """FRAME name HEX, written a page at a time: a 2 KB hex string would need a
    block the firmware's fragmented 128k heap may not have."""
    from binascii import hexlify

    frame = panel.frame()
    w = panel.width
    sys.stdout.write("FRAME %s " % name)
    for p in range(len(frame) // w):
        sys.stdout.write(hexlify(memoryview(frame)[p * w:(p + 1) * w]))
    out()


def run_script():
    """Called at every sleep of the firmware: apply scenario steps that are due."""
    global step_until
    while True:
        words = _next()
        if words is None:
            break
        cmd = words[0]
        if cmd == "wait":
            if step_until is None:
                step_until = clock_ms + int(words[1])
            if clock_ms < step_until:
                return
            step_until = None
        elif cmd in ("press", "release"):
            pins[names[words[1]]].level = 0 if cmd == "press" else 1
        elif cmd == "frame":
            frame_out(words[1])
        elif cmd == "state":
            gc.collect()
            out("STATE", words[1], "on=%d" % int(panel.on and not panel.entire_on), "contrast=%d" % panel.contrast,
                "i2c_bytes=%d" % panel.bytes_in, "flash_bytes=%d" % flash.written, "erases=%d" % flash.erases,
                "heap_free=%d" % gc.mem_free(), "heap_used=%d" % gc.mem_alloc(), "beeps=%d" % len(beeps))
        elif cmd == "mem":  # diagnostics: the heap's block map (micropython.mem_info(1))
            import micropython

            gc.collect()
            micropython.mem_info(1)
        elif cmd == "gcoff":  # start counting heap allocations (the collector paused)
            gc.collect()
            gc.disable()
            alloc_from[0] = gc.mem_alloc()
        elif cmd == "gcon":  # ALLOC name bytes: allocated since gcoff
            out("ALLOC", words[1], gc.mem_alloc() - alloc_from[0])
            gc.enable()
        elif cmd == "mods":  # the firmware modules loaded now
            out("MODS", " ".join(sorted(n for n in sys.modules if n.startswith("dicebox"))))
        elif cmd == "cat":  # a file on the flash, as hex ('-' if missing)
            from binascii import hexlify

            try:
                with open("/data/" + words[1], "rb") as f:
                    out("FILE", words[1], hexlify(f.read()).decode())
            except OSError:
                out("FILE", words[1], "-")
        elif cmd == "ls":
            import os

            out("LS", " ".join(sorted(os.listdir("/data"))))
        elif cmd == "cut":
            out("CUT", clock_ms)
            hang()
        elif cmd == "end":
            out("END", clock_ms)
            raise SystemExit(0)
        else:
            raise ValueError("scenario: unknown step %r" % cmd)
        pending.pop(0)
    out("END", clock_ms)
    raise SystemExit(0)


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
