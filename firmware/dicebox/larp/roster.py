"""Read the LARP roster file (one name a line; copy it with mpremote): the file system's part,
the parsing is pure (common.parse_roster)."""
from dicebox.larp.common import RosterError, parse_roster

PATH = "roster.txt"
LIMIT = 8192  # 99 names of 12 characters fit many times over


def load(path=PATH):
    """Names from the roster file; RosterError names the file and the line."""
    try:
        with open(path, "rb") as f:
            data = f.read(LIMIT + 1)
    except OSError as e:
        raise RosterError("%s: cannot read the roster (%s)" % (path, e))
    except ValueError:  # a NUL in the name (host command line)
        raise RosterError("%r: not a usable file name for the roster" % path)
    if len(data) > LIMIT:
        raise RosterError("%s: larger than %d bytes: is it a roster?" % (path, LIMIT))
    return parse_roster(data, path)
