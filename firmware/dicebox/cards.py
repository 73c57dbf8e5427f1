"""Title Bout cards and charts from JSON files, on the device and the host.

The checks are pure (dicebox.core.tbdata); this module only reads files.
load_dir() keeps going past a bad file and returns its one-line error, so
one typo in a card never hides the others.
"""
import os

from dicebox.core import tbdata
from dicebox.core.compat import loads

DATA = "data/titlebout"  # on the device, relative to the root of the flash: the user's own
DEMO = "demo/titlebout"  # the demo fighters make deploy ships (replaced on every deploy)
MAX_BYTES = 16384  # a card is ~1 KB; anything far larger is not a card


def read_json(path):
    # The size first, then json.load from the file (compat.loads takes the
    # file): MicroPython parses the stream as it reads, so no buffer the size
    # of the limit is allocated (a 16 KB read buffer failed on a fragmented heap).
    try:
        size = os.stat(path)[6]
    except OSError:
        raise tbdata.DataError("%s: cannot read the file" % path)
    except ValueError:  # a NUL in the name (host command line)
        raise tbdata.DataError("%r: not a usable file name" % path)
    if size > MAX_BYTES:
        raise tbdata.DataError("%s: larger than %d bytes" % (path, MAX_BYTES))
    try:
        with open(path) as f:
            return loads(f)
    except OSError:
        raise tbdata.DataError("%s: cannot read the file" % path)
    except UnicodeError:  # before ValueError: CPython's decode error is both
        raise tbdata.DataError("%s: not UTF-8 text" % path)
    except ValueError:
        raise tbdata.DataError("%s: not valid JSON" % path)


def load_card(path, charts=None):
    """A checked card; with a chart set, also checked against it."""
    card = tbdata.check_card(read_json(path), path)
    if charts is not None:
        tbdata.check_fit(card, charts, path)
    return card


def load_charts(path):
    return tbdata.check_charts(read_json(path), path)


def _json_files(folder):
    return sorted(n for n in os.listdir(folder) if n.endswith(".json"))


def load_dir(folder, charts=None):
    """Every *.json card in folder, sorted by file name: (cards, errors)."""
    cards = []
    errors = []
    try:
        names = _json_files(folder)
    except OSError:
        return cards, ["%s: cannot list the folder" % folder]
    for name in names:
        try:
            cards.append(load_card(folder + "/" + name, charts))
        except tbdata.DataError as e:
            errors.append(str(e))
    return cards, errors


def index_dir(folder, charts=None, missing_ok=False):
    """Like load_dir, but keeps only (name, path) of each good card: a list to
    pick from costs a few bytes a card; the chosen ones are loaded again."""
    found = []
    errors = []
    try:
        names = _json_files(folder)
    except OSError:
        return found, [] if missing_ok else ["%s: cannot list the folder" % folder]
    for name in names:
        path = folder + "/" + name
        try:
            found.append((load_card(path, charts)["name"], path))
        except tbdata.DataError as e:
            errors.append(str(e))
    return found, errors
