"""The arena's named fighters in `arena_fighters.json` through the store: a JSON list of
[name, [P,T,A,S]], at most MAX, names distinct, every build checked by the rules core; a
missing file is the built-in roster."""
from dicebox.core.compat import loads
from dicebox.core.jsonout import dumps

NAME = "arena_fighters.json"
MAX = 16  # a roster a four-button list can page through; 8 fill a cup
LIMIT = 4096  # bytes: far more than MAX fighters need, small enough to read at once

# The balance command's reference field: eight different styles, so a cup of
# eight can start on a fresh box.
DEFAULTS = (
    ("Even", (6, 6, 6, 6)),
    ("Brute", (9, 5, 5, 5)),
    ("Wall", (5, 9, 5, 5)),
    ("Dancer", (5, 5, 9, 5)),
    ("Mystic", (5, 5, 5, 9)),
    ("Bruiser", (8, 8, 4, 4)),
    ("Trickster", (4, 4, 8, 8)),
    ("Striker", (8, 4, 8, 4)),
)


class RosterError(ValueError):
    """A damaged fighters file: the message names the file and the entry."""


def parse(text, where=NAME):
    """[(name, (P,T,A,S)), ...] from the file's text; RosterError says what is wrong."""
    if len(text) > LIMIT:
        raise RosterError("%s: larger than %d bytes" % (where, LIMIT))
    try:
        obj = loads(text)
    except ValueError:
        raise RosterError("%s: not valid JSON" % where)
    if not isinstance(obj, list):
        raise RosterError("%s: must be a list of [name, [P,T,A,S]]" % where)
    if len(obj) > MAX:
        raise RosterError("%s: %d fighters, at most %d" % (where, len(obj), MAX))
    from dicebox.arena import rules as arena  # for a file only: the menu opens sooner without the rules core

    out = []
    for i in range(len(obj)):
        entry = obj[i]
        if not isinstance(entry, list) or len(entry) != 2:
            raise RosterError("%s: fighter %d must be [name, [P,T,A,S]]" % (where, i + 1))
        try:
            name = arena.check_name(entry[0])
            build = arena.check_build(entry[1])
        except ValueError as e:
            raise RosterError("%s: fighter %d: %s" % (where, i + 1, e))
        if find(out, name) >= 0:
            raise RosterError("%s: fighter %d: the name %s is used twice" % (where, i + 1, name))
        out.append((name, build))
    return out


def find(fighters, name):
    for i in range(len(fighters)):
        if fighters[i][0] == name:
            return i
    return -1


def load(store):
    """(fighters, error): the saved roster and None, or the defaults and a one-line
    error when the file is damaged (it is then kept as arena_fighters.json.bad)."""
    text = store.read_text(NAME)
    if text is None:
        if getattr(store, "read_bytes", None) is not None and store.read_bytes(NAME) is not None:
            error = "%s: not UTF-8 text" % NAME
        else:
            return list(DEFAULTS), None
    else:
        try:
            return parse(text), None
        except RosterError as e:
            error = str(e)
    _set_aside(store, error)
    return list(DEFAULTS), error


def _set_aside(store, error):
    set_aside = getattr(store, "set_aside", None)
    if set_aside is None:
        return
    n = len(store.notices)
    set_aside(NAME, "is damaged")
    del store.notices[n:]  # the screen shows `error` itself


def save(store, fighters):
    if len(fighters) > MAX:
        raise RosterError("at most %d fighters" % MAX)
    store.write_text(NAME, dumps([[name, list(build)] for name, build in fighters]))
