"""Arena labels (kept out of ui/lang.py: loaded only in this mode).

As in ui/lang.py: flat tuples, English here, Russian in arena_text_ru.py,
imported only while Russian is chosen; each label line ends with its key.
"""
from dicebox.core.compat import const
from dicebox.ui import lang

_KEYS = (
    "duel", "cup", "fighters", "new", "edit", "delete", "delete_q", "name", "save", "name_hint", "name_hint2",
    "left", "sum_bad", "name_taken", "full", "health", "rules", "start", "size", "pick", "pick_more",
    "ok_step", "ok_bracket", "wins", "tie", "champion", "round", "in_history", "roster_error", "dice_rolled", "clock",
)

_EN = (
    "Duel",                             # duel
    "Tournament",                       # cup
    "Fighters",                         # fighters
    "+ New fighter",                    # new
    "Edit",                             # edit
    "Delete",                           # delete
    "Delete fighter?",                  # delete_q
    "Name",                             # name
    "Save",                             # save
    "UP/DN letter  OK next",            # name_hint
    "hold OK: end here",                # name_hint2
    "points: %d",                       # left
    "Stats must sum to 24: %d left.",   # sum_bad
    "The name %s is taken.",            # name_taken
    "The roster is full (%d).",         # full
    "Health",                           # health
    "Rulings",                          # rules
    "Start",                            # start
    "Fighters",                         # size
    "Pick %d/%d",                       # pick
    "Pick %d fighters.",                # pick_more
    "OK step  hold OK auto",            # ok_step
    "OK: bracket",                      # ok_bracket
    "%s wins",                          # wins
    "Tie",                              # tie
    "Champion",                         # champion
    "Round %d",                         # round
    "That match is in History.",        # in_history
    "Fighters file",                    # roster_error
    "dice",                             # dice_rolled
    "M%d T%d",                          # clock
)
_STATS = const(("Power", "Toughness", "Agility", "Special"))


def _labels():
    if lang.LANG[0] == "ru":
        from dicebox.ui import arena_text_ru

        return arena_text_ru
    return None


def t(key):
    s = lang.mode_label(key, _KEYS, _EN, "arena_text_ru")
    return lang.t(key) if s is None else s


def words_ru():
    """The fight screen's Russian words (arena_say_ru.py) while Russian is
    chosen, else None: English users never load them."""
    if lang.LANG[0] != "ru":
        return None
    from dicebox.ui import arena_say_ru

    return arena_say_ru


def method(m):
    """How match m (an arena.Game that ended) ended, in the Settings language."""
    ru = words_ru()
    if ru:
        return ru.METHODS[m.method]
    from dicebox.core.arena import METHODS

    return METHODS[m.method]


def stat(i):
    ru = _labels()
    return (ru.STATS if ru else _STATS)[i]
