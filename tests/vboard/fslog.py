"""The virtual board's log of the box's file changes and of the questions it was
told yes to (vbsetup `log=`): a storm follows its fights by it. Apart from vb.py
so a run without the log has none of it on the firmware's heap."""
from vb import out
import vb


class LoggedFs:
    """The flash's filesystem with its changes said on the console (vbsetup `log=`):
    the box's own account of what became of each file, for a storm to follow its
    fights. "FS w NAME" a file written whole (its .tmp renamed over it), "FS a NAME"
    opened to append, "FS mv OLD NEW" another rename, "FS rm NAME [empty]" a file
    removed ("empty": a record without inputs)."""

    def __init__(self, fs):
        self.fs = fs

    def mount(self, readonly, mkfs):
        return self.fs.mount(readonly, mkfs)

    def umount(self):
        return self.fs.umount()

    def ilistdir(self, path):
        return self.fs.ilistdir(path)

    def stat(self, path):
        return self.fs.stat(path)

    def statvfs(self, path):
        return self.fs.statvfs(path)

    def mkdir(self, path):
        return self.fs.mkdir(path)

    def rmdir(self, path):
        return self.fs.rmdir(path)

    def chdir(self, path):
        return self.fs.chdir(path)

    def getcwd(self):
        return self.fs.getcwd()

    def open(self, path, mode):
        if "a" in mode and not path.endswith(".tmp"):  # a file written in pieces is said when renamed
            out("FS a", path[1:], vb.clock_ms)
        return self.fs.open(path, mode)

    def rename(self, old, new):
        self.fs.rename(old, new)
        if old == new + ".tmp":
            out("FS w", new[1:], vb.clock_ms)
        else:
            out("FS mv", old[1:], new[1:], vb.clock_ms)

    def remove(self, path):
        empty = not path.endswith(".tmp") and (self._no_inputs(path) or self._set_up_only(path))
        self.fs.remove(path)
        if not path.endswith(".tmp"):
            out("FS rm", path[1:], vb.clock_ms, "empty" if empty else "")

    def _set_up_only(self, path):
        # a duel's or a stealth attack's one input that only sets it up (their screens'
        # SET_UP): let go with nothing played, as an empty one (docs/rules/larp.md U6a)
        with self.fs.open(path, "rb") as f:
            head = f.read(600)
        if len(head) >= 600 or not (b'"ruleset":"duel"' in head or b'"ruleset":"stealth"' in head):
            return False
        i = head.find(b'"inputs":[')
        return i >= 0 and b"," not in head[i + 10 : head.find(b"]", i)]

    def _no_inputs(self, path):
        # read in small pieces: a long record must not need a block of its size
        key = b'"inputs":[]'
        tail = b""
        with self.fs.open(path, "rb") as f:
            while True:
                piece = f.read(64)
                if not piece:
                    return False
                text = tail + piece
                if key in text:
                    return True
                tail = text[-len(key):]


def log_box():
    """Every question answered yes (OK on ui/app.Confirm) said as "YES question",
    and every full flash the Store makes room on as "ROOM", each before what it
    does: a storm tells the box's own deletes from a loss."""
    from dicebox import store
    from dicebox.ui import app

    yes = app.Confirm.button
    room = store.Store.make_room

    def button(self, b, ev, now):
        if b == 2 and ev == 3:  # OK, CLICK (dicebox.buttons)
            out("YES", self.question, vb.clock_ms)
        return yes(self, b, ev, now)

    def make_room(self, e):
        out("ROOM", e.args[0], vb.clock_ms)
        return room(self, e)

    app.Confirm.button = button
    store.Store.make_room = make_room
