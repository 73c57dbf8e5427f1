"""The Arena's transcript lines (Game.describe of arena/rules.py and
arena/cup.py): English in every language, as a record is, in arena/words.py's
words; the lines for moves, tests and damage say more here than on the fight
screen. Loaded for a transcript only, not for a fight on the box."""
from dicebox.arena import words

_LONG = (
    "\nmoves\t%s attacks with %s, %s defends with %s"
    "\ntest\t%s needs %s or less: %s"
    "\ndamage\t%s takes %s damage, health %s"
    "\n"
)


def _long(needle):
    at = _LONG.find(needle)
    if at < 0:
        return words.in_english(needle)
    at += len(needle)
    return _LONG[at : _LONG.find("\n", at)]


def describe(m, name, a, b, c):
    """The transcript's line for one event logged by match m (an arena.Game)."""
    return words.say(m.names, name, a, b, c, 0, words.in_english, _long)


def cup_describe(cup, name, a, b, c):
    """The transcript's line for one of a cup's own events (arena/cup.py)."""
    return words.cup_say(cup, name, a, b, c, words.in_english)
