"""Labels in English and Russian; the Settings language picks the column.

    t(key) -> the label in the current language (the key itself if unknown)
    mode_label(key, keys, en, ru_module) -> a mode's own label, or None

Heap: the labels live in flat tuples (no dict, no pair per key), and only the
language in use is loaded: English here, Russian in lang_ru.py, imported when
Russian is chosen. Each label line ends with its key as a comment;
tests/test_lang.py checks both columns line up with _KEYS.
"""
import sys

_KEYS = (
    "dice", "titlebout", "larp", "arena", "history", "settings",
    "resume", "seed", "roll_hint", "edit_hint", "heads", "tails",
    "empty", "seed_source", "hardware", "fixed", "dice_source", "box",
    "table", "contrast", "sleep_s", "sound", "lang", "step",
    "roll", "exchange", "on", "off", "never", "en",
    "ru", "fixed_seed", "undo_q", "leave_q", "leave_note", "yes_no",
    "undone", "roll_for", "expr", "expr_hint", "rolls", "notice",
    "error", "back_hint", "sec", "wounds_on", "undo_rolls", "coin", "sides",
)

_EN = (
    "Dice",                   # dice
    "Title Bout",             # titlebout
    "LARP judge",             # larp
    "Arena",                  # arena
    "History",                # history
    "Settings",               # settings
    "Resume fight",           # resume
    "seed",                   # seed
    "OK: roll",               # roll_hint
    "hold OK: expression",    # edit_hint
    "HEADS",                  # heads
    "TAILS",                  # tails
    "(nothing yet)",          # empty
    "Seed",                   # seed_source
    "hardware",               # hardware
    "fixed",                  # fixed
    "Dice",                   # dice_source
    "box rolls",              # box
    "table dice",             # table
    "Contrast",               # contrast
    "Sleep",                  # sleep_s
    "Sound",                  # sound
    "Language",               # lang
    "OK steps",               # step
    "one roll",               # roll
    "exchange",               # exchange
    "on",                     # on
    "off",                    # off
    "never",                  # never
    "English",                # en
    "Русский",                # ru
    "Fixed seed",             # fixed_seed
    "Undo last input?",       # undo_q
    "Leave the fight?",       # leave_q
    "It stays saved.",        # leave_note
    "OK yes  BACK no",        # yes_no
    "Undone",                 # undone
    "Roll",                   # roll_for
    "Expression",             # expr
    "UP/DN change  OK next",  # expr_hint
    "rolls",                  # rolls
    "Notice",                 # notice
    "Error",                  # error
    "BACK: leave",            # back_hint
    "s",                      # sec
    "wounds run",             # wounds_on
    "takes back %d dice",     # undo_rolls
    "coin",                   # coin
    "AB",                     # sides
)

LANG = ["en"]
_LABELS = [_EN]


def set_lang(code):
    LANG[0] = code
    if code == "ru":
        from dicebox.ui import lang_ru

        _LABELS[0] = lang_ru.LABELS
    else:
        _LABELS[0] = _EN


def t(key):
    # two native scans of a short tuple: about as fast as a dict, for no table
    if key in _KEYS:
        return _LABELS[0][_KEYS.index(key)]
    return key


def mode_label(key, keys, en, ru_module):
    """A label from a mode's own tables, laid out like these (keys, English;
    Russian as LABELS in dicebox.ui.<ru_module>, imported only while Russian is
    chosen); None when key is not one of the mode's. keys may be packed with the
    English labels (titlebout_text.py, en None): one string, "\nkey\tlabel" a
    label, then "\n"."""
    # Russian apart: on the stock firmware bytecode is heap, the Arena's Russian .mpy files are
    # 4,570 B, and the tour's worst point (leaving an Arena duel) is 119,264 of 120,000 B
    if isinstance(keys, str):
        at = keys.find("\n" + key + "\t")
        if at < 0:
            return None
        if LANG[0] != "ru":
            at += len(key) + 2
            return keys[at : keys.find("\n", at)]
        i = keys.count("\n", 0, at)
    elif key in keys:
        i = keys.index(key)
    else:
        return None
    if LANG[0] != "ru":
        return en[i]
    name = "dicebox.ui." + ru_module
    __import__(name)
    return sys.modules[name].LABELS[i]
