"""What Title Bout keeps between bouts in a small file of its own (NAME), loaded for the call only;
a missing or damaged file is an empty one, which the next write makes whole:

    "setup"  the set-up's choices at the last Start: {"red", "blue": a card's path (null: the
             corner's default), "charts": a built-in set's name or a chart file's path,
             "rounds", "rules": the rulings changed}
    "left"   where the screen of each bout left unfinished stood, [key, log entries shown],
             newest first: one input (an answer mid-round) may play several exchanges, and
             the screen comes back on the frame it showed
"""
from binascii import crc32

from dicebox.core.compat import const, loads

NAME = "titlebout.json"
_LEFT = const(8)  # bouts whose frame is kept: more are seldom left at once


def read(store):
    try:
        obj = loads(store.read_text(NAME) or "{}")
    except ValueError:
        obj = None
    return obj if isinstance(obj, dict) else {}


def _write(store, obj):
    from dicebox.core.jsonout import dumps

    try:
        store.write_text(NAME, dumps(obj), apart=True)  # apart: a nicety, not kept for the loop
    except (OSError, MemoryError):
        pass  # the bout itself is saved; it comes back as after a power cut


def key(rec):
    """The record's CRC: the frame belongs to this record only (a fixed seed plays the same dice)."""
    from dicebox.core.jsonout import dump

    crc = [0]

    def add(piece):
        crc[0] = crc32(piece.encode("utf-8"), crc[0])

    dump(rec.to_obj(), add)  # piece by piece: no copy of the record's text
    return crc[0]


def _left(obj):
    left = obj.get("left")
    return [e for e in left if isinstance(e, list) and len(e) == 2] if isinstance(left, list) else []


def leave(store, rec, shown):
    """The bout `rec` is left with `shown` log entries on its screen."""
    obj = read(store)
    k = key(rec)
    obj["left"] = [[k, shown]] + [e for e in _left(obj) if e[0] != k][: _LEFT - 1]
    _write(store, obj)


def shown(store, rec):
    """The log entries shown when the bout `rec` was left, or -1."""
    k = key(rec)
    for e in _left(read(store)):
        if e[0] == k and isinstance(e[1], int) and e[1] >= 0:
            return e[1]
    return -1


def remember(store, now):
    """After Start: the set-up's choices (Setup.choices()), for the next one."""
    obj = read(store)
    if obj.get("setup") != now:  # the same bout again writes nothing
        obj["setup"] = now
        _write(store, obj)


def last(store):
    """The last Start's choices as the file keeps them (the set-up checks each), or None."""
    return read(store).get("setup")
