"""Append-only text journals on the Store (the LARP wound session's inputs), one line an entry:
saving costs no heap for what is on flash, and a power cut leaves at most a torn last line,
which read() drops. Apart from store.py, so boxes that never journal do not load it; here too
the session's files, their boot check and its clock file (tracker.py and timer.py write it).

The clock file (wounds.clk), the session time run:
  "MS"                      the Tracker's save every SAVE_MS
  "MS DUE ALERTING SIZE"    a stamp as it goes to sleep: next timer (-1 none), 1 if an alert
                            waits, and the journal's size in bytes when it was written
either followed by "wS" with a clock chip: its seconds (hw/rtc.py) as MS was written. A stamp
holds only with a journal of that size: a Tracker that changes the journal writes "MS" first.
"""
from dicebox.core.clock import SESSION_MAX
from dicebox.core.compat import const
from dicebox.core.record import loads

# The wound session: header (its record), input journal, clock.
FILES = ("wounds.rec", "wounds.jnl", "wounds.clk")
HEADER, JOURNAL, CLOCK = FILES
SAVE_MS = const(10000)  # a running session's clock goes to flash this often
MODE = "dicebox.larp.menu"  # the mode whose screens use the whole session: in others it sleeps (timer.py)


def add(store, name, line):
    """Append one line (store.open in append mode: littlefs appends in place)."""
    data = line.encode("utf-8") + b"\n"
    while True:
        try:
            f = store.open(store._path(name), "ab")
        except MemoryError:
            store.unsaved_save = (add, (store, name, line))  # as Store.write_text's
            raise
        try:
            try:
                f.write(data)
                f.flush()
            finally:
                f.close()
            break
        except OSError as e:  # littlefs keeps the file as it was: the line is not half there
            if not store.make_room(e):
                raise
    store.bytes_written += len(data)


def size(store, name):
    """The journal's size in bytes (-1 if there is none), which the clock stamp holds."""
    return store._size(name)


def read(store, name, on_line, keep=-1):
    """on_line(text) for each complete line (the first `keep` if keep >= 0), then the count; a torn
    last line or the lines past `keep` are cut off, so the next append starts on a clean line."""
    try:
        f = store.open(store._path(name), "rb")
    except OSError:
        return 0
    n = 0
    good = 0  # bytes of the lines kept
    cut = False
    try:
        while True:
            line = f.readline()
            if not line:
                break
            if line[-1:] != b"\n" or n == keep:
                cut = True
                break
            n += 1
            good += len(line)
            on_line(_text(line))
    finally:
        f.close()
    if cut:
        _keep_prefix(store, name, good)
    return n


def lines(store, name):
    """The complete lines, one at a time (a generator: the file is never whole in the heap)."""
    try:
        f = store.open(store._path(name), "rb")
    except OSError:
        return
    try:
        while True:
            line = f.readline()
            if line[-1:] != b"\n":
                return  # the end, or a torn last line
            yield _text(line)
    finally:
        f.close()


def _text(line):
    """A complete line's text; one that is not UTF-8 (flash damage) is "?",
    which no reader takes: the tracker drops it and the lines after it."""
    try:
        return line[:-1].decode("utf-8")
    except UnicodeError:
        return "?"


def joined(store, name, buf, last=""):
    """The lines joined by commas, then `last`, a piece at a time (memoryviews of `buf`, each good
    until the next): the journal is closed before each is handed on, so littlefs has one file's
    cache on the heap at a time while the caller writes; two did not fit a long power-on's heap."""
    for piece in _pieces(store, store._path(name), buf):
        yield piece
    if last:
        yield last


def _pieces(store, path, buf):
    view = memoryview(buf)
    pos = 0
    comma = 0  # 1 once a line has been handed on: the next piece starts with its comma
    while True:
        try:
            k = _read_at(store, path, pos, view[comma:])
        except OSError:
            return
        end = comma + k
        while end > comma and buf[end - 1] != 10:  # whole lines only
            end -= 1
        if end == comma:
            if comma + k < len(buf):
                return  # the end, or a torn last line
            end = len(buf)  # a line longer than buf (appends never write one): as it is
        pos += end - comma
        held = buf[end - 1] == 10
        if comma:
            buf[0] = 44
        for i in range(comma, end):
            if buf[i] == 10:
                buf[i] = 44
        if held:
            end -= 1  # the last line's end: a comma only if another line follows
        comma = 1 if held else 0
        if end:
            yield view[:end]


def _read_at(store, path, pos, view):
    f = store.open(path, "rb")
    try:
        f.seek(pos)
        return f.readinto(view) or 0
    finally:
        f.close()


def _keep_prefix(store, name, nbytes):
    """The first nbytes into name.tmp, renamed over the journal. A chunk at a
    time with one file open (see joined); VfsLfs2 files cannot be truncated."""
    path = store._path(name)
    tmp = path + ".tmp"
    view = memoryview(bytearray(512))
    pos = 0
    while True:
        k = _read_at(store, path, pos, view[: min(len(view), nbytes - pos)]) if pos < nbytes else 0
        f = store.open(tmp, "ab" if pos else "wb")
        try:
            f.write(view[:k])
            f.flush()
        finally:
            f.close()
        pos += k
        if not k or pos >= nbytes:
            break
    store.os.rename(tmp, path)


def check(st):
    """The flash's boot check of the wound session's files (store_check)."""
    # A power cut while a wound session ended (Tracker.end journals END, files
    # the record in History, then removes the header, the journal, the clock):
    # finish the removal, or the session would come back and be filed twice.
    if st.exists(FILES[0]):
        head = st.read_bytes(FILES[0])
        if head is None:
            # larger than the whole heap of a boot: no header the box writes. Kept
            # with its journal; the clock alone is a leftover (removed below)
            st.set_aside(FILES[0], "cannot be read", FILES[1:2])
        else:
            try:
                filed = _wounds_filed(st, head)
            except (ValueError, MemoryError):  # damaged or too big to compare: the tracker's load decides
                filed = False
            if not filed:
                return  # a running session
    for name in FILES:  # the header first: a journal or clock alone is a leftover
        if st.exists(name):
            st._remove(name)


def _wounds_filed(st, head):
    """The newest History record is this session: its header and every journal
    line, END the last (Tracker.end's text). A running session has no END."""
    ids = [int(n[1:7]) for n in st.index()]
    text = st.history_record(ids[0]) if ids else None
    if text is None:
        return False
    before, after = loads(head, FILES[0]).around_inputs()
    if not text.startswith(before):
        return False
    at = cut = len(before)
    for line in lines(st, FILES[1]):
        if at > cut:
            if text[at : at + 1] != ",":
                return False
            at += 1
        if not text.startswith(line, at):
            return False
        at += len(line)
    return at > cut and text[at:] == after


def read_clock(store):
    """(session ms, stamp [due, alerting, journal size] or None) from the clock file."""
    return read_clock_file(store)[:2]


def read_clock_file(store):
    """read_clock's, and the clock chip's seconds as MS was written (or None)."""
    text = store.read_text(CLOCK)
    parts = text.split() if text else ()
    wall = None
    if parts and parts[-1][:1] == "w":
        try:
            wall = int(parts[-1][1:])
        except ValueError:
            return 0, None, None
        parts = parts[:-1]
    try:
        if len(parts) in (1, 4):
            ms = int(parts[0])
            stamp = [int(parts[1]), int(parts[2]), int(parts[3])] if len(parts) == 4 else None
            # out of a session's range is damage too: a time of years would turn every wound mortal
            if 0 <= ms <= SESSION_MAX and (stamp is None or (
                    -1 <= stamp[0] <= SESSION_MAX and 0 <= stamp[1] <= 1 and -1 <= stamp[2] <= SESSION_MAX)):
                return ms, stamp, wall
    except ValueError:
        pass
    return 0, None, None  # none, or damaged: the session's own time (its last input) stands


def wall_now(app):
    """The clock chip's seconds now, or None (no chip, or one that lost its time)."""
    wall_s = getattr(app.platform, "wall_s", None)
    return wall_s() if wall_s is not None else None


def write_clock(store, ms, stamp=None, wall=None):
    """A write the heap has no room for (littlefs's file cache, on a broken-up heap) is left to the
    next, SAVE_MS on, not the error screen: a stamp is trusted only with its journal's size."""
    try:
        text = "%d %d %d %d" % (ms, stamp[0], stamp[1], stamp[2]) if stamp else str(ms)
        store.write_text(CLOCK, text if wall is None else "%s w%d" % (text, wall))
    except MemoryError:
        store.unsaved_save = None  # not one for the loop to write after an error


def stamp_of(store, due, alerting):
    return [due, 1 if alerting else 0, size(store, JOURNAL)]
