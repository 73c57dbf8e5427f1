"""What the LARP rule sets share: wound kinds, hits, the roster (as bytes), the session clock."""
from dicebox.core.clock import SESSION_MAX, TICKS_MASK, SessionClock, ticks_step  # noqa: F401  (the rules' clock)
from dicebox.core.compat import const

# Wound kinds (their words: larp/kinds.py).
NONE = const(0)  # healed, or no wound
LIGHT = const(1)
HEAVY = const(2)
MORTAL = const(3)  # the player has not chosen yet
DEAD = const(4)
KEPT = const(5)  # chose to stay heavily wounded until the game's end
KIND_NAMES = ("none", "light", "heavy", "mortal", "dead", "heavy to end")

# Where a hit lands (their words: larp/menu.py's h keys).
MISS = const(0)
ARM_L = const(1)
ARM_R = const(2)
LEG_L = const(3)
LEG_R = const(4)
BODY = const(5)
HEAD = const(6)
LIMB = const(7)  # a duel wound in a limb the rules do not name
HIT_NAMES = ("miss", "left arm", "right arm", "left leg", "right leg", "body", "head", "limb")


def hit_wound(hit):
    """The wound kind a hit gives: limb light, body heavy, head mortal."""
    if hit == MISS:
        return NONE
    if hit == BODY:
        return HEAVY
    if hit == HEAD:
        return MORTAL
    return LIGHT


def wound_list(pairs):
    """[[who, kind name], ...] from (who, kind) pairs: a result's `wounds` (wounds.inputs_from_result)."""
    return [[who, KIND_NAMES[kind]] for who, kind in pairs if kind != NONE]


# --- Roster: one name a line -------------------------------------------------
MAX_PARTICIPANTS = const(99)  # two digits on the screen
MAX_NAME = const(12)  # characters: a name, its number and a timer fit one 128 px line


class RosterError(ValueError):
    pass


def check_name(name, where):
    if not name:
        raise RosterError("%s: empty line (a name is needed on every line)" % where)
    if len(name) > MAX_NAME:
        raise RosterError("%s: name '%s' is %d characters, more than %d" % (where, name, len(name), MAX_NAME))
    for c in name.encode():  # bytes: walking the str would intern each letter as a name on MicroPython
        if c < 0x20 or c == 0x7F:
            raise RosterError("%s: name '%s' has a control character" % (where, name.replace("\t", "\\t")))


def is_number(text):
    """True for ASCII digits only: what a participant number is written as."""
    if not text:
        return False
    for c in text.encode():
        if not 0x30 <= c <= 0x39:
            return False
    return True


def check_names(names, where="roster"):
    """Names from a roster or a record: each checked, no duplicates (case-blind)."""
    if len(names) > MAX_PARTICIPANTS:
        raise RosterError("%s: %d names, more than %d" % (where, len(names), MAX_PARTICIPANTS))
    seen = {}
    for i in range(len(names)):
        name = names[i]
        at = "%s line %d" % (where, i + 1)
        if not isinstance(name, str):
            raise RosterError("%s: %r is not text" % (at, name))
        check_name(name, at)
        key = name.lower()
        if key in seen:
            raise RosterError("%s: '%s' is already on line %d" % (at, name, seen[key]))
        seen[key] = i + 1
    return tuple(names)


def parse_roster(data, where="roster"):
    """Names from a roster file's bytes (UTF-8, one a line; spaces, a BOM, CRLF and blank lines at
    the end forgiven); a blank line between names is an error: the numbers after it would shift."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    raw = data.split(b"\n")
    while raw and not raw[-1].strip():
        raw.pop()
    if not raw:
        raise RosterError("%s: no names" % where)
    names = []
    for i in range(len(raw)):
        try:
            text = raw[i].decode("utf-8")
        except UnicodeError:
            raise RosterError("%s line %d: not UTF-8 text" % (where, i + 1))
        name = text.strip()
        if is_number(name):  # "2" would be taken for participant number 2
            raise RosterError("%s line %d: name '%s' is all digits: it would read as a participant number" % (where, i + 1, name))
        names.append(name)
    return check_names(names, where)


# --- Session clock: core/clock.py --------------------------------------------
def mmss(ms):
    """'MM:SS' of a countdown, seconds rounded up: it reads 00:00 only when due."""
    if ms < 0:
        ms = 0
    s = (ms + 999) // 1000
    return "%02d:%02d" % (s // 60, s % 60)


def clock_text(ms):
    """'H:MM:SS' of a session time."""
    s = ms // 1000
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
