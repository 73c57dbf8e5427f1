# Power cuts at every single filesystem step of every kind of save, then a
# fresh boot (new Store + App.boot) on what survived. Runs unchanged on CPython
# (a host directory) and MicroPython (littlefs on a RAM flash).
#
#   python powercut.py SCENARIO.json MODE [EVERY]
#   micropython powercut.py SCENARIO.json MODE [EVERY]
#
# MODE: "ops"   power goes right after the k-th write/flush/close/rename/remove/
#               mkdir/open-for-write of the store (every k);
#       "tear"  the k-th write reaches the flash only half, then power goes;
#       "blocks" (littlefs only) the k-th flash program never happens;
#       "blocks-tear" (littlefs only) the k-th program writes half a page.
# EVERY: try every EVERY-th cut point (1: all of them).
# A boot after a cut must look exactly like a boot after the step before or the
# step that was cut (settings, current fight and its replayed state, history,
# files, screens and notices shown): "CUT k step j ok|BAD why", then "SUMMARY".
import json
import os
import sys

from dicebox.core.jsonout import dumps

MICRO = sys.implementation.name == "micropython"
BLOCK = 4096
BLOCKS = 40
_ERASED = b"\xff" * BLOCK


class PowerCut(BaseException):
    """The power is gone: nothing catches this but the test."""


_CUT = PowerCut()  # raised as is: a gc finaliser on a dead board may not allocate


class Fault:
    """Counts the store's file-system steps; the `cut_at`-th is the last one."""

    def __init__(self, cut_at=-1, tear=False):
        self.cut_at = cut_at
        self.tear = tear
        self.count = 0
        self.dead = False
        self.paused = False

    def alive(self):
        if self.dead:
            raise _CUT

    def step(self, kind):
        """True if this step is the one the power goes at (caller does it, or half of it)."""
        self.alive()
        if self.paused or (self.tear and kind != "write"):
            return False  # tear mode counts writes only
        n = self.count
        self.count += 1
        return n == self.cut_at

    def die(self):
        self.dead = True
        raise _CUT


class FaultFile:
    def __init__(self, real, fault):
        self.real = real
        self.fault = fault

    def write(self, data):
        if self.fault.step("write"):
            self.real.write(data[: len(data) // 2] if self.fault.tear else data)
            self.real.close()  # what reached the flash stays
            self.fault.die()
        return self.real.write(data)

    def flush(self):
        cut = self.fault.step("flush")
        self.real.flush()
        if cut:
            self.real.close()
            self.fault.die()

    def close(self):
        cut = self.fault.step("close")
        self.real.close()
        if cut:
            self.fault.die()

    def read(self, *a):
        self.fault.alive()
        return self.real.read(*a)


class FaultOS:
    def __init__(self, fault):
        self.fault = fault

    def _do(self, kind, fn, *args):
        cut = self.fault.step(kind)
        try:
            return fn(*args)  # it may fail (a remove of a missing file): the power goes all the same
        finally:
            if cut:
                self.fault.die()

    def mkdir(self, p):
        self.fault.alive()
        return os.mkdir(p)  # fails with EEXIST at every boot after the first: not a change

    def rename(self, a, b):
        return self._do("rename", os.rename, a, b)

    def remove(self, p):
        return self._do("remove", os.remove, p)

    def listdir(self, p):
        self.fault.alive()
        return os.listdir(p)

    def stat(self, p):
        self.fault.alive()
        return os.stat(p)


def fault_open(fault):
    def opener(path, mode="r"):
        if "w" in mode or "a" in mode:
            cut = fault.step("open")
            f = open(path, mode)
            if cut:
                f.close()  # the new (empty) file exists
                fault.die()
            return FaultFile(f, fault)
        fault.alive()
        return open(path, mode)

    return opener


# --- flash backends: a host directory, or littlefs on a RAM flash -------------
def _listing(root):
    return sorted(os.listdir(root))


def snapshot(root):
    out = {}
    for name in _listing(root):
        with open(root + "/" + name, "rb") as f:
            out[name] = f.read()
    return out


def _install(root, files):
    for name in sorted(files):
        with open(root + "/" + name, "wb") as f:
            f.write(files[name])


class HostDir:
    def __init__(self, base):
        self.base = base
        self.n = 0

    def fresh(self, files):
        self.n += 1
        root = "%s/run%d" % (self.base, self.n)
        os.mkdir(root)
        _install(root, files)
        return root

    def arm(self, fault):
        pass

    def reboot(self, root):
        return root


class RAMFlash:
    """A NOR flash in RAM; with a Fault in block mode a program may be lost or torn."""

    def __init__(self, data):
        self.buf = data
        self.view = memoryview(data)  # reads copy from a view: no 4 KB garbage per read
        self.fault = None

    def readblocks(self, block, buf, offset=0):
        if self.fault is not None and self.fault.dead:
            # a Pico runs nothing once the power is gone; here littlefs still reads (a close in a
            # `finally`, a finaliser): erased flash, not its buffer's stale copy of another block,
            # which can pass its checks (a soak once segfaulted in lfs2_dir_traverse after a cut).
            # A loop: a gc finaliser must not allocate
            for i in range(len(buf)):
                buf[i] = 0xFF
            return
        o = block * BLOCK + offset
        buf[:] = self.view[o : o + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            offset = 0
            self.ioctl(6, block)
        o = block * BLOCK + offset
        f = self.fault
        if f is not None and f.step("write"):
            if f.tear:
                h = len(buf) // 2
                self.buf[o : o + h] = buf[:h]
            f.die()
        self.buf[o : o + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:  # erase: a flash step like a program (a dead board erases nothing)
            o = arg * BLOCK
            f = self.fault
            if f is not None and f.step("write"):
                if f.tear:
                    self.buf[o : o + BLOCK // 2] = _ERASED[: BLOCK // 2]
                f.die()
            self.buf[o : o + BLOCK] = _ERASED
        return 0


class LittleFS:
    """One RAM flash, erased and formatted for each run (one buffer: no heap churn)."""

    def __init__(self):
        self.n = 0
        self.mounted = None
        self.buf = bytearray(BLOCK * BLOCKS)
        self.flash = None

    def _unmount(self):
        if self.mounted:
            try:
                os.umount(self.mounted)
            except BaseException:  # noqa: B036  a dead board's mount: just drop it
                pass
            self.mounted = None

    def _mount(self, flash):
        self._unmount()
        self.n += 1
        self.mounted = "/pc%d" % self.n
        os.mount(os.VfsLfs2(flash, progsize=256), self.mounted)
        self.flash = flash
        return self.mounted + "/data"

    def fresh(self, files):
        self._unmount()
        if self.flash is not None:
            self.flash.fault = None
        flash = RAMFlash(self.buf)
        for b in range(BLOCKS):
            flash.ioctl(6, b)
        os.VfsLfs2.mkfs(flash, progsize=256)
        root = self._mount(flash)
        os.mkdir(root)
        _install(root, files)
        return root

    def arm(self, fault):
        self.flash.fault = fault

    def reboot(self, root):
        return self._mount(RAMFlash(self.buf))  # the same bytes, nothing cached


# --- the scenario -------------------------------------------------------------
class Platform:
    name = "powercut"

    def entropy(self):
        return 12345

    def beep(self, freq, ms):
        pass


def do_step(step, store, root, os_module, opener):
    from dicebox import store as ST

    kind = step[0]
    if kind == "current":
        store.save_current(step[1])
    elif kind == "finish":
        store.add_history(step[1], step[2])
        store.clear_current()
    elif kind == "abandon":
        store.clear_current()
    elif kind == "fold":  # a small procedure finished: into its mode's entry of this power-on
        store.add_history(step[1], step[2], (), False, step[3])
        store.clear_current()
    elif kind == "park":  # a fight left (FightScreen._left), or kept from current.json (no record given)
        store.put(step[1], (step[2],) if len(step) > 2 else None)
    elif kind == "unpark":  # a kept fight resumed from Home
        store.resume(step[1])
    elif kind == "pin":  # History: long OK, pin or unpin; k-th newest entry
        store.pin(store.history()[step[1]][0], step[2])
    elif kind == "delete":
        store.delete(store.history()[step[1]][0])
    elif kind == "settings":
        store.save_settings(step[1])
    elif kind == "damage":  # the file was damaged meanwhile; this step is the boot that finds it
        return ST.Store(root, os_module, opener)
    elif kind.startswith("wounds") or kind.startswith("journal"):
        wound_step(step, store)
    else:
        raise ValueError("unknown step %r" % kind)
    return store


def wound_step(step, store):
    """The LARP wound session's files, written as larp_tracker writes them."""
    from dicebox.larp import journal
    from dicebox.larp import tracker as WU

    kind = step[0]
    if kind == "wounds_start":  # WoundSetup.start
        store.remove(WU.JOURNAL)
        store.remove(WU.CLOCK)
        store.write_text(WU.HEADER, step[1])
    elif kind == "journal":  # Tracker.give
        journal.add(store, WU.JOURNAL, step[1])
    elif kind == "journal_clock":  # Tracker.tick, every SAVE_MS
        store.write_text(WU.CLOCK, step[1])
    elif kind == "wounds_set_aside":  # larp_tracker.load, finding the header damaged
        store.set_aside(WU.HEADER, "unreadable: not valid JSON", (WU.JOURNAL,))
    elif kind == "journal_undo":  # Tracker.undo: the journal cut back to its first lines
        journal.read(store, WU.JOURNAL, _ignore_line, step[1])
    elif kind == "wounds_end":  # Tracker.end: END journalled, the record streamed into History, then the files go
        head, last, summary = step[1], step[2], step[3]
        journal.add(store, WU.JOURNAL, last)  # the END
        cut = head.index('"inputs":[') + 10
        # 16 bytes: about a line a piece, so the cuts fall between pieces too
        pieces = journal.joined(store, WU.JOURNAL, bytearray(16), head[cut:])
        store.add_history(head[:cut], summary, pieces, True)
        for name in (WU.HEADER, WU.JOURNAL, WU.CLOCK):
            store.remove(name)


def _ignore_line(line):
    pass


def setup_step(step, root):
    """What happens before a step, outside the store (and never cut)."""
    if step[0] == "damage":
        with open(root + "/" + step[1], "wb") as f:
            f.write(step[2].encode())


def boot(root):
    """A fresh boot: what the judge would see, as canonical text."""
    from dicebox.store import Store
    from dicebox.ui.app import App
    from dicebox.ui.home import boot as boot_app

    try:
        store = Store(root)
        app = App(store, Platform())
        boot_app(app, 0)
        stack = []
        for s in app.stack:
            item = [type(s).__name__]
            if hasattr(s, "lines") and type(s).__name__ == "Message":
                item.append(" ".join(s.lines))
            session = getattr(s, "session", None)
            if session is not None:
                item.append(dumps(session.game.state()))
            stack.append(item)
        for task in getattr(app.stack[0], "tasks", ()):  # background sessions (the wound tracker)
            game = getattr(task, "game", None)
            stack.append([type(task).__name__, getattr(task, "n", -1), getattr(task, "resume_ms", -1),
                          dumps(game.state()) if game is not None else None])
        hist = [[h, summ, pinned, n, store.history_record(h), store.items(h)] for h, summ, pinned, n in store.entries()]
        hist.append([[name, label, store.read_text(name)] for name, label in store.unfinished()])
        stack.append([label for label, _ in getattr(app.stack[0], "items", ())])  # Home's rows
        # an empty file counts as none (a journal cut back to nothing after a torn first line)
        files = [n for n in _listing(root) if os.stat(root + "/" + n)[6] > 0]
        return dumps({"settings": app.settings, "current": store.current(), "history": hist,
                      "files": files, "stack": stack})
    except Exception as e:  # noqa: BLE001  a crash at boot is what this looks for
        return "CRASH %s: %s" % (type(e).__name__, e)


def kept(text):
    """A boot as the sweep holds it for later: on MicroPython its digest (some
    hundreds of ~13 KB texts held at once fragment the heap until a boot's own
    text no longer fits), a crash as its text."""
    if MICRO and not text.startswith("CRASH"):
        import hashlib

        return hashlib.sha256(text).digest()
    return text


def shown(k):
    if isinstance(k, str):
        return k
    import binascii

    return "sha256 " + binascii.hexlify(k).decode()


def expected(backend, scen):
    """For each step: the boots a cut during it may give (before, after, and
    for a boot step the boot of the damaged state)."""
    from dicebox.store import Store

    root = backend.fresh({})
    for step in scen["setup"]:
        do_step(step, Store(root), root, os, open)
    start = snapshot(root)
    states = []  # per step: the damaged state when there is one, the state after
    store = Store(root)
    for step in scen["steps"]:
        setup_step(step, root)
        damaged = snapshot(root) if step[0] == "damage" else None
        store = do_step(step, store, root, os, open)
        states.append((damaged, snapshot(root)))
    allowed = []
    before = kept(boot(backend.fresh(start)))
    for damaged, after in states:
        ok = [before]
        if damaged is not None:
            ok.append(kept(boot(backend.fresh(damaged))))
        before = kept(boot(backend.fresh(after)))
        ok.append(before)
        allowed.append(ok)
    return start, allowed


def run_steps(backend, scen, start, mode, fault):
    """Play the scenario from `start` with this fault armed; returns the index of
    the step the power went in (-1: it never went) and, uncut, the steps counted."""
    from dicebox.store import Store

    root = backend.fresh(start)
    if mode.startswith("blocks"):
        backend.arm(fault)
        os_module, opener = os, open
    else:
        os_module, opener = FaultOS(fault), fault_open(fault)
    at = 0
    try:
        store = Store(root, os_module, opener)
        for i in range(len(scen["steps"])):
            at = i
            step = scen["steps"][i]
            fault.paused = True
            setup_step(step, root)
            fault.paused = False
            store = do_step(step, store, root, os_module, opener)
    except PowerCut:
        return at, root
    except OSError:
        # littlefs left mid-operation by the cut, then asked to close the file in a
        # `finally`, may answer "corrupt" (84) before it touches the dead flash: the
        # board is off by then, so that answer never happens on a Pico
        if not fault.dead:
            raise
        return at, root
    if fault.cut_at >= 0:
        raise AssertionError("cut %d never came: the count of steps changed between runs" % fault.cut_at)
    return fault.count, root


def sweep(backend, scen, mode, every):
    start, allowed = expected(backend, scen)
    for i in range(len(allowed)):
        for b in allowed[i]:
            if isinstance(b, str) and b.startswith("CRASH"):
                print("BAD clean boot after step %d: %s" % (i, b))
    tear = mode.endswith("tear")
    tried = recovered = 0
    total, _ = run_steps(backend, scen, start, mode, Fault(-1, tear))  # every step there is to cut at
    for k in range(0, total, every):
        at, root = run_steps(backend, scen, start, mode, Fault(k, tear))
        got = boot(backend.reboot(root))
        tried += 1
        if kept(got) in allowed[at]:
            recovered += 1
            print("CUT %d step %d ok" % (k, at))
        else:
            print("CUT %d step %d BAD %s" % (k, at, got))
            print("  allowed %s" % " | ".join(shown(k) for k in allowed[at]))
    print("SUMMARY %s tried %d recovered %d" % (mode, tried, recovered))
    return tried, recovered


def main(argv):
    with open(argv[0]) as f:
        scen = json.loads(f.read())
    mode = argv[1]
    every = int(argv[2]) if len(argv) > 2 else 1
    if MICRO:
        backend = LittleFS()
    else:
        backend = HostDir(scen["tmp"])
    sweep(backend, scen, mode, every)


if __name__ == "__main__":
    main(sys.argv[1:])
