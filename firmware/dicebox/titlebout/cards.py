"""Title Bout cards and chart sets from files (JSON, or CSV from a spreadsheet), on the device and
the host: this module reads files, the checks are pure (data.py, csvfiles.py)."""
import os

from dicebox.titlebout import data as tbdata
from dicebox.core.compat import loads

MAX_BYTES = 16384  # well above any card or chart set; anything far larger is neither


def named(path):
    """A file as its errors name it: its own name, not the folders' path (the box's five short lines)."""
    return path[path.rfind("/") + 1:]


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        raise tbdata.DataError("%s: cannot read the file" % named(path))
    except ValueError:  # a NUL in the name (host command line)
        raise tbdata.DataError("%r: not a usable file name" % path)


def read_json(path):
    # The size first, then json.load from the file: MicroPython parses the stream as it reads, so
    # no buffer the size of the limit is allocated (one that large can fail on a fragmented heap).
    if _size(path) > MAX_BYTES:
        raise tbdata.DataError("%s: larger than %d bytes" % (named(path), MAX_BYTES))
    try:
        with open(path) as f:
            if f.read(1) != "\ufeff":  # a byte-order mark (a Windows editor's UTF-8) is skipped
                f.seek(0)
            return loads(f)
    except OSError:
        raise tbdata.DataError("%s: cannot read the file" % named(path))
    except UnicodeError:  # before ValueError: CPython's decode error is both
        raise tbdata.DataError("%s: not UTF-8 text" % named(path))
    except ValueError:
        raise tbdata.DataError("%s: not valid JSON" % named(path))


def read_text(path):
    """A CSV file's text (a card or chart set is small: read whole)."""
    if _size(path) > MAX_BYTES:
        raise tbdata.DataError("%s: larger than %d bytes" % (named(path), MAX_BYTES))
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        raise tbdata.DataError("%s: cannot read the file" % named(path))
    except UnicodeError:
        raise tbdata.DataError("%s: not UTF-8 text" % named(path))


def _csv(path):
    return path.lower().endswith(".csv")


def load_card(path, charts=None):
    """A checked card; with a chart set, also checked against it."""
    where = named(path)
    if _csv(path):
        from dicebox.titlebout import csvfiles as tbcsv

        obj = tbcsv.card(read_text(path), where)
    else:
        obj = read_json(path)
    card = tbdata.check_card(obj, where)
    if charts is not None:
        tbdata.check_fit(card, charts, where)
    return card


def load_charts(path):
    if _csv(path):
        from dicebox.titlebout import csvfiles as tbcsv

        return tbcsv.charts(read_text(path), named(path))
    return tbdata.check_charts(read_json(path), named(path))


def _slug(name):
    """A file name from a fighter's name's ASCII letters and digits (read as bytes: compat.py)."""
    out = []
    for part in name.lower().split():
        keep = bytes(x for x in part.encode() if 97 <= x <= 122 or 48 <= x <= 57)
        if keep:
            out.append(keep.decode())
    return "-".join(out) or "fighter"


def _mkdirs(folder):
    path = "/" if folder.startswith("/") else ""
    for part in folder.split("/"):
        if not part:
            continue
        path = path + part if path in ("", "/") else path + "/" + part
        try:
            os.mkdir(path)
        except OSError:
            pass  # there already


def save_card(folder, card):
    """Write a checked card as a new file in folder, never over another (a second "Kid" is kid-2.json),
    through a temporary name, so a power cut leaves no half card; returns its path."""
    from dicebox.core.jsonout import dumps

    _mkdirs(folder)
    stem = folder + "/" + _slug(card["name"])
    path = stem + ".json"
    n = 1
    while True:
        try:
            os.stat(path)
        except OSError:
            break
        n += 1
        path = "%s-%d.json" % (stem, n)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(dumps(card))
    os.rename(tmp, path)
    return path
