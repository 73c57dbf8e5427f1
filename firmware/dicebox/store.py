"""Power-safe storage: settings, the unfinished fights, History, on littlefs or a host directory.
Every write goes to `name.tmp`, closed, then renamed over the old file: littlefs renames are
atomic, so after a power cut a file is the old or the new version (store_check.py mends the rest).
`os` and `open` can be injected (the fault-injection tests, the host's memory)."""
from dicebox import call_once
from dicebox import settings
from dicebox.core.compat import const, loads
from dicebox.core.jsonout import dumps
from dicebox.modes import folds as _folds

SETTINGS = "settings.json"
CURRENT = "current.json"
# History: hNNNNNN.rec a fight, fNNNNNN.rec the small procedures of one mode and power-on folded
# into one entry (a line an item: TAB summary TAB record), .pin instead of .rec for one pinned.
# Nothing goes until the user deletes it or the flash is full (store_more.make_room).
# uNNNNNN.rec: a fight left unfinished (its label a line, then its record).
SUMMARY_MAX = 60
_ENOSPC = const(28)  # MicroPython's errno module may lack the name
_ENOENT = const(2)
_EEXIST = const(17)


_LAST_ID = const(999999)  # h999999.rec: six digits


def _history_name(hid, kind="h", end=".rec"):
    return "%s%06d%s" % (kind, hid, end)


def _history_id(name, kind=("h", "f")):
    """Id of a history (or, kind "u", unfinished-fight) file name, or -1."""
    if len(name) == 11 and name[0] in kind and name[7:] in (".rec", ".pin") and name[1:7].isdigit():
        return int(name[1:7])
    return -1


def _one_line(summary):
    s = str(summary).replace("\r", " ").replace("\n", " ").replace("\t", " ")
    return s[:SUMMARY_MAX]


class Store:
    unsaved_save = None  # (fn, args): a save the heap had no room for, written by the loop (device.py, Loop.fail)

    def __init__(self, root, os_module=None, open_fn=None):
        if os_module is None:
            import os as os_module
        self.os = os_module
        self.open = open_fn or open
        self.root = root.rstrip("/") or "/"
        self.notices = []
        self.bytes_written = 0  # payload bytes written since start (flash-wear figure)
        self._mkdir()
        # the start-up check runs once: its code leaves the heap after it
        call_once("dicebox.store_check", "check_all", self)

    def __getattr__(self, name):
        # store_more.py's calls, on the heap only during the call
        if (" " + name + " ") in " entries history items pin delete ":
            return lambda *a: call_once("dicebox.store_more", name, self, *a)
        raise AttributeError(name)

    # paths and raw files ---------------------------------------------------
    def _path(self, name):
        return self.root + "/" + name if self.root != "/" else "/" + name

    def _mkdir(self):
        try:
            self.os.mkdir(self.root)
        except OSError as e:
            if e.args[0] != _EEXIST:
                raise

    def _names(self):
        try:
            return self.os.listdir(self.root)
        except OSError:
            return []

    def _remove(self, name):
        try:
            self.os.remove(self._path(name))
            return True
        except OSError:
            return False

    def _size(self, name):
        try:
            return self.os.stat(self._path(name))[6]
        except OSError:
            return -1

    def read_bytes(self, name):
        """File contents, or None if it does not exist or cannot be read."""
        if self._size(name) < 0:
            return None  # not opened: littlefs gives a file its cache before it looks
        try:
            f = self.open(self._path(name), "rb")
        except OSError:
            return None
        try:
            return f.read()
        except (OSError, MemoryError):  # larger than the heap: at boot it is set aside, not a dead boot
            return None
        finally:
            f.close()

    def read_text(self, name):
        data = self.read_bytes(name)
        if data is None:
            return None
        try:
            return data.decode("utf-8")
        except UnicodeError:
            return None

    def write_text(self, name, text, more=(), apart=False):
        """Atomic: the old file stays whole until the new one is complete. `more`: text pieces written
        one by one after `text`; `apart`: the file is closed while each piece is made (one that reads
        another file: one littlefs cache on the heap, not two), and such a write is not kept for the
        loop, as holding its pieces would keep the App alive (the caller writes it again)."""
        if getattr(self, "frozen", False):  # the battery is empty (ui/power.py stop): nothing is written
            return
        path = self._path(name)
        tmp = path + ".tmp"
        data = text.encode("utf-8")
        n = len(data)
        try:
            try:
                f = self.open(tmp, "wb")  # littlefs: one heap block for the file's cache
            except MemoryError:
                # kept for the device loop, which writes it once the App is gone
                if not apart:
                    self.unsaved_save = (self.write_text, (name, text, more))
                raise
            try:
                f.write(data)
                if apart:
                    f.close()
                    f = None
                for piece in more:  # apart: made with the file closed
                    data = piece.encode("utf-8") if isinstance(piece, str) else piece
                    if apart:
                        f = self.open(tmp, "ab")
                    f.write(data)
                    n += len(data)
                    if apart:
                        f.close()
                        f = None
                if f is not None:
                    f.flush()
            finally:
                if f is not None:
                    f.close()
            self.os.rename(tmp, path)
        except (OSError, MemoryError):
            self._remove(name + ".tmp")
            raise
        self.bytes_written += n

    def remove(self, name):
        self._remove(name)

    def set_aside(self, name, why, also=()):
        """Keep a damaged file as name.bad and tell the user; `also`: files that mean nothing without
        it (a journal), set aside first, so a power cut before the file leaves it to be found again."""
        for other in also:
            if self.exists(other):
                try:
                    self.os.rename(self._path(other), self._path(other + ".bad"))
                except OSError:
                    pass  # stays: the next boot's check removes it as a leftover
        try:
            self.os.rename(self._path(name), self._path(name + ".bad"))
            kept = "kept as %s.bad" % name
        except OSError:
            kept = "removed" if self._remove(name) else "left in place"
        self.notices.append("%s %s; %s" % (name, why, kept))

    # settings ----------------------------------------------------------------
    def settings(self):
        """Valid settings: the saved ones, defaults for anything missing or bad."""
        text = self.read_text(SETTINGS)
        obj = None
        if text is not None:
            try:
                obj = loads(text)
            except ValueError:
                obj = None
        return settings.merge_valid(obj)

    def save_settings(self, values):
        self.write_text(SETTINGS, dumps(settings.check(values)))

    # the unfinished fight ------------------------------------------------------
    def current(self):
        return self.read_text(CURRENT)

    def exists(self, name):
        """Whether the file is there, without reading it (a record may be long)."""
        return self._size(name) >= 0

    def has_current(self):
        return self.exists(CURRENT)

    def save_current(self, text, more=()):
        """Saved after every input (`more` as write_text); on a full flash old History makes room."""
        while True:
            try:
                self.write_text(CURRENT, text, more)
                return
            except OSError as e:
                if not self.make_room(e):
                    raise

    def make_room(self, e):
        """After OSError e on a full flash, the oldest unpinned History entry goes (store_more.make_room);
        True if the write may be tried again."""
        return e.args[0] == _ENOSPC and call_once("dicebox.store_more", "make_room", self)

    def clear_current(self):
        self._remove(CURRENT)

    # fights left unfinished ---------------------------------------------------
    def unfinished(self):
        """[(file name, label), ...] of the fights left unfinished, newest first."""
        names = [n for n in self._names() if _history_id(n, "u") >= 0]
        names.sort(reverse=True)
        return [(n, self.readline(n)) for n in names]

    def put(self, label, more=None):
        """Keep the fight in current.json as an unfinished one (uNNNNNN.rec, `label` its first line),
        written whole before current.json goes, so a power cut leaves it in one place or both (the
        boot check drops the copy); `more`: the record's pieces, else current.json's text. Not in
        store_more.py: it runs beside a whole fight, with no heap for another module. Returns its name."""
        if more is None:
            text = self.current()
            if text is None:
                return None
            more = (text,)
        ids = [i for i in (_history_id(n, "u") for n in self._names()) if i >= 0]
        name = _history_name(max(ids) + 1 if ids else 1, "u")
        self.write_text(name, _one_line(label) + "\n", more)
        self._remove(CURRENT)
        return name

    def resume(self, name):
        """Make the unfinished fight `name` current.json (which must be free), then its file goes."""
        text = self.read_text(name)
        if text is None:
            return False
        self.write_text(CURRENT, text[text.find("\n") + 1 :])
        text = None
        self._remove(name)
        return True

    # finished fights ---------------------------------------------------------
    def index(self):
        """History's file names, newest first."""
        names = [n for n in self._names() if _history_id(n) >= 0]
        names.sort(key=_history_id, reverse=True)
        return names

    def find(self, hid):
        """The file name of History entry hid, or None."""
        if isinstance(hid, int) and 0 <= hid <= _LAST_ID:
            for kind in ("h", "f"):
                for end in (".rec", ".pin"):
                    name = _history_name(hid, kind, end)
                    if self.exists(name):
                        return name
        return None

    def add_history(self, text, summary, more=(), apart=False, ruleset=None):
        """The entry's id; `more` and `apart` as write_text; a small procedure's record (`ruleset`)
        joins this power-on's entry of that rule set."""
        names = self.index()
        hid = _history_id(names[0]) + 1 if names else 1
        if hid > _LAST_ID:
            # six digits last ~30 years of fights; then the kept ones become 1..n,
            # oldest first: a cut halfway leaves them in order (the newer still above)
            hid = 1
            for name in reversed(names):
                if _history_id(name) != hid:
                    self.os.rename(self._path(name), self._path(_history_name(hid, name[0], name[7:])))
                hid += 1
        fold = ruleset if ruleset is not None and _folds(ruleset) else None  # None: a fight, an entry of its own
        folds = getattr(self, "seen", None)  # the folds begun this power-on: rule set -> id
        if folds is None:
            folds = self.seen = {}
        old = self.find(folds.get(fold, -1)) if fold else None
        item = "\t" + _one_line(summary) + "\t"
        while True:
            try:
                if old is not None:
                    # appended where it began (a rename to the top would be one more
                    # step a power cut could stop between): the boot check finds it by its rule set
                    call_once("dicebox.store_more", "append", self, old, item, (text,) + tuple(more))
                    hid = _history_id(old)
                elif fold:
                    self.write_text(_history_name(hid, "f"), fold + "\n" + item + text, tuple(more) + ("\n",))
                else:
                    self.write_text(_history_name(hid), _one_line(summary) + "\n" + text, more, apart)
                break
            except OSError as e:
                # an apart write's pieces are gone: room is made and the caller's
                # error stands (a wound session ended in its journal is filed at the next boot)
                if not self.make_room(e) or apart:
                    raise
        if fold:
            folds[fold] = hid
        return hid

    def readline(self, name):
        """The first line of a file (a summary, a fold's rule set, a label)."""
        try:
            f = self.open(self._path(name), "rb")
        except OSError:
            return "?"
        try:
            head = f.read(SUMMARY_MAX * 4 + 1)
        except OSError:
            head = b"?"  # unreadable now: still listed, its transcript says why
        finally:
            f.close()
        nl = head.find(b"\n")
        try:
            return head[: nl if nl >= 0 else len(head)].decode("utf-8")
        except UnicodeError:
            return "?"

    def history_record(self, hid, i=-1):
        """An entry's record; a fold's `i`-th item's (-1: its newest)."""
        name = self.find(hid)
        if name is None:
            return None
        if name[0] == "f":
            return call_once("dicebox.store_more", "record", self, name, i)
        text = self.read_text(name)
        if text is None:
            return None
        nl = text.find("\n")
        return text[nl + 1 :] if nl >= 0 else None
