"""The Store's rarer calls (History's list, pins and deletes, a fold's items, room on a full flash),
apart from store.py so their code is on the heap only during the call (Store.__getattr__)."""
from dicebox.store import _history_id


def make_room(st):
    """The flash is full: the oldest unpinned History entry goes, a fold of small procedures before
    any fight (the fight at hand matters more); False if nothing unpinned is left."""
    names = st.index()
    for kind in ("f", "h"):
        for i in range(len(names) - 1, -1, -1):
            name = names[i]
            if name[0] == kind and name[7:] == ".rec":
                head = st.readline(name)
                st._remove(name)
                st.notices.append("storage full: deleted %s%s" % (head, " (one power-on's)" if kind == "f" else ""))
                return True
    return False


def entries(st, start=0, count=1 << 30):
    """[(id, summary, pinned, items: a fold's count or 0), ...] newest first, `count` from `start`."""
    out = []
    for name in st.index()[start : start + count]:
        if name[0] == "f":
            got = ["", 0]  # the newest item's summary, the count

            def fn(s, r):  # a name the box has already
                got[0] = s
                got[1] += 1

            readlines(st, name, fn)
            summary, n = got
        else:
            summary, n = st.readline(name), 0
        out.append((_history_id(name), summary, name[7:] == ".pin", n))
    return out


def history(st, start=0, count=1 << 30):
    """[(id, summary), ...] newest first; a fold's is its newest item's, with its count if over one."""
    return [(e[0], "%s \u00d7%d" % (e[1], e[3]) if e[3] > 1 else e[1]) for e in entries(st, start, count)]


def items(st, hid):
    """[summary, ...] of a fold's items, oldest first."""
    out = []
    name = st.find(hid)
    if name is not None and name[0] == "f":
        readlines(st, name, lambda s, r: out.append(s))
    return out


def pin(st, hid, on):
    """Pinned entries never go to make room; an atomic rename."""
    name = st.find(hid)
    if name is not None:
        st.os.rename(st._path(name), st._path(name[:7] + (".pin" if on else ".rec")))


def delete(st, hid):
    name = st.find(hid)
    if name is not None:
        st._remove(name)


def record(st, name, i):
    """The record of fold `name`'s `i`-th item (-1: its newest), or None."""
    got = [None, 0]

    def fn(s, r):
        if i < 0 or got[1] == i:
            got[0] = r
        got[1] += 1

    readlines(st, name, fn)
    return got[0]


def append(st, name, first, more):
    """One line onto a fold: littlefs keeps the file as it was if the power goes before it closes;
    a host file torn by a cut is mended first."""
    path = st._path(name)
    f = st.open(path, "rb")
    try:
        f.seek(max(0, st._size(name) - 1))
        end = f.read(1)
    finally:
        f.close()
    f = st.open(path, "ab")
    n = 0
    try:
        for piece in ("\n" if end != b"\n" else "", first) + tuple(more) + ("\n",):
            data = piece.encode("utf-8") if isinstance(piece, str) else piece
            f.write(data)
            n += len(data)
        f.flush()
    finally:
        f.close()
    st.bytes_written += n


def readlines(st, name, fn):
    """fn(summary, record) for each whole item of a fold, oldest first."""
    try:
        f = st.open(st._path(name), "rb")
    except OSError:
        return
    try:
        f.readline()
        while True:
            line = f.readline()
            if line[-1:] != b"\n":
                return  # the end, or a torn last line
            at = line.find(b"\t", 1)
            if line[:1] == b"\t" and at > 0 and line[-2:] == b"}\n":  # not one a cut tore (mended)
                try:
                    fn(line[1:at].decode("utf-8"), line[at + 1 : -1].decode("utf-8"))
                except UnicodeError:
                    pass
    finally:
        f.close()
