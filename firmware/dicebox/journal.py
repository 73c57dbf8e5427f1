"""Append-only text journals on the Store (the LARP wound session's inputs).

One line an entry, appended as it comes: saving costs no heap for what is
already on flash, and nothing is ever re-serialised. A power cut while
appending leaves at most a torn last line (no newline), which read() drops.
Kept out of store.py so boxes that never journal do not load it.
"""


def add(store, name, line):
    """Append one line (store.open in append mode: littlefs appends in place)."""
    if hasattr(store, "journal_add"):  # host MemoryStore
        return store.journal_add(name, line)
    data = line.encode("utf-8") + b"\n"
    try:
        f = store.open(store._path(name), "ab")
    except MemoryError:
        setattr(store, "unsaved_save", (add, (store, name, line)))  # as Store.write_text's
        raise
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()
    store.bytes_written += len(data)


def size(store, name):
    """The journal's size (bytes on flash; -1 if there is none): what a wound
    session's clock stamp checks that the journal is as it was."""
    if hasattr(store, "journal_size"):
        return store.journal_size(name)
    return store._size(name)


def read(store, name, on_line, keep=-1):
    """Call on_line(text) for each complete line (only the first `keep` when
    keep >= 0), reading line by line. A torn last line, or the lines past
    `keep`, are cut off the file (the rest copied, then renamed over it), so
    the next append starts on a clean line. Returns the count of lines read."""
    if hasattr(store, "journal_read"):
        return store.journal_read(name, on_line, keep)
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
            on_line(line[:-1].decode("utf-8"))
    finally:
        f.close()
    if cut:
        _keep_prefix(store, name, good)
    return n


def lines(store, name):
    """The complete lines, one at a time (a generator: the file is never whole in the heap)."""
    if hasattr(store, "journal_read"):
        out = []
        store.journal_read(name, out.append)
        for line in out:
            yield line
        return
    try:
        f = store.open(store._path(name), "rb")
    except OSError:
        return
    try:
        while True:
            line = f.readline()
            if line[-1:] != b"\n":
                return  # the end, or a torn last line
            yield line[:-1].decode("utf-8")
    finally:
        f.close()


def _keep_prefix(store, name, nbytes):
    path = store._path(name)
    src = store.open(path, "rb")
    try:
        dst = store.open(path + ".tmp", "wb")
        try:
            buf = bytearray(256)
            left = nbytes
            while left:
                k = src.readinto(buf) or 0
                if not k:
                    break
                k = min(k, left)
                dst.write(buf if k == len(buf) else buf[:k])
                left -= k
            dst.flush()
        finally:
            dst.close()
    finally:
        src.close()
    store.os.rename(path + ".tmp", path)
