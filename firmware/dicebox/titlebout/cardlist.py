"""The Title Bout set-up's list of card files, with the checks' verdict on each kept on flash:
checking a card is most of the set-up's opening on the Pico, its CRC a small part. A file is
checked again when its bytes or the checks' code change; a bout's two cards always are (cards.py)."""
import os
from binascii import crc32

from dicebox.core.compat import loads

DATA = "data/titlebout"  # on the device, relative to the root of the flash: the user's own
DEMO = "demo/titlebout"  # the demo fighters make deploy ships (replaced on every deploy)
CHARTS = "/charts"  # under DEMO and DATA: the chart sets
LIST = "tbcards.json"  # in the store: {"checks": CRC of the checks' code, "cards": [[path, CRC, name, error]]}
# the same list in a card folder, for its cards: make deploy writes the demo folder's, so the
# box's first opening checks none of them
SHIPPED = "checked.txt"


def is_csv(name):
    return name.lower().endswith(".csv")


def data_files(folder):
    return sorted(n for n in os.listdir(folder) if is_csv(n) or n.lower().endswith(".json"))


def _files(folders):
    """(name, path) of each card or chart file in the folders, in order (a missing folder has none)."""
    for folder in folders:
        try:
            names = data_files(folder)
        except OSError:
            continue
        for name in names:
            yield name, folder + "/" + name


def load_dir(folder, charts=None):
    """(cards, errors) of every card in folder, sorted by file name, each error naming the folder;
    past a bad file too: one typo in a card never hides the others."""
    from dicebox.titlebout import cards

    found = []
    errors = []
    try:
        names = data_files(folder)
    except OSError:
        return found, ["%s: cannot list the folder" % folder]
    for name in names:
        try:
            found.append(cards.load_card(folder + "/" + name, charts))
        except cards.tbdata.DataError as e:
            errors.append("%s/%s" % (folder, e))
    return found, errors


def index_charts(folders):
    """(file name without its ending, path) of each chart file in the folders (a missing folder is
    none): a chart set is parsed when a bout starts with it, not to be listed (the set-up's heap)."""
    return [(name[: name.rfind(".")], path) for name, path in _files(folders)]


def crc_of(path, crc=0):
    """The file's CRC-32 (read 256 bytes at a time), or None if it cannot be read."""
    buf = bytearray(256)
    try:
        with open(path, "rb") as f:
            while True:
                n = f.readinto(buf)
                if not n:
                    return crc
                crc = crc32(memoryview(buf)[:n], crc)
    except OSError:
        return None


def _checks():
    """A CRC of the card checks' code files, so a new firmware's checks see every card again; None
    where the code is no file (frozen)."""
    import dicebox

    f = dicebox.__file__  # .../dicebox/__init__.py or .mpy
    return checks_crc(f[: max(f.rfind("/"), f.rfind("\\")) + 1] + "titlebout/", f[f.rfind("."):])


def checks_crc(folder, end):
    """A CRC of data`end` and csvfiles`end` in `folder` (ending in "/"), or None if one cannot be read."""
    crc = crc_of(folder + "data" + end)
    return None if crc is None else crc_of(folder + "csvfiles" + end, crc)


def _kept(text, checks, kept):
    """Into kept, path -> [path, CRC, name, error] from a list's text, if made by these checks."""
    try:
        obj = loads(text or "{}")
        if obj.get("checks") == checks:
            for e in obj["cards"]:
                # an error naming its file by the whole path is an older loader's: checked again
                if len(e) == 4 and not (e[3] and e[3].startswith(e[0])):
                    kept[e[0]] = e
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        pass  # damaged: made again


def _shipped(folder):
    try:
        with open(folder + "/" + SHIPPED) as f:
            return f.read()
    except OSError:  # none: the folder's cards are the store list's, or checked
        return None


def entries(folders, kept):
    """([path, CRC, name, error] of each card file in the folders, in order; whether the checks read
    any): a file not in kept with its CRC is checked."""
    found = []
    cards = None
    for _name, path in _files(folders):
        crc = crc_of(path)
        e = kept.get(path)
        if e is None or crc is None or e[1] != crc:
            if cards is None:
                from dicebox.titlebout import cards
            try:
                e = [path, crc, cards.load_card(path)["name"], None]
            except cards.tbdata.DataError as err:
                e = [path, crc, None, str(err)]
        found.append(e)
    return found, cards is not None


def index(store, folders):
    """([(name, path)] of every good card, [one line per bad card file]) over the folders in order;
    only new or changed files are read by the checks."""
    checks = _checks()
    kept = {}
    if checks is not None:
        for folder in folders:
            _kept(_shipped(folder), checks, kept)
        _kept(store.read_text(LIST), checks, kept)
    found, checked = entries(folders, kept)
    if checks is not None and (checked or len(found) != len(kept)):
        from dicebox.core.jsonout import dumps  # only to write it (cards.py imports this module)

        try:
            store.write_text(LIST, dumps({"checks": checks, "cards": found}), apart=True)  # apart: not kept for the loop
        except (OSError, MemoryError):
            pass  # a shortcut only: the cards are checked again at the next opening
    return [(e[2], e[0]) for e in found if e[3] is None], [e[3] for e in found if e[3] is not None]
