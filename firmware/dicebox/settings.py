"""The box's settings: names, defaults and allowed values, checked in one place.

Kept loaded: a boot calls it several times, and its bytecode is small."""
from dicebox.core.game import RecordError, check_options

# (name, default, allowed) as for rule set options
SPEC = (
    ("seed_source", "hardware", ("hardware", "fixed")),
    ("seed", 1, (0, 999999999)),  # used when seed_source is "fixed"
    ("dice_source", "box", ("box", "table")),  # table: players roll real dice, the box asks
    ("contrast", 3, (1, 4)),  # four steps a thumb can pick
    ("sleep_s", 60, (0, 3600)),  # 0: never sleep
    ("sound", True, bool),
    ("lang", "en", ("en", "ru")),
    ("step", "roll", ("roll", "exchange")),  # what one OK does in a fight
)
CONTRAST_LEVELS = (16, 64, 160, 255)


def contrast(values):
    """The panel contrast byte for values["contrast"]."""
    return CONTRAST_LEVELS[values["contrast"] - 1]


def defaults():
    return check_options(SPEC, {})


def check(obj, where="settings"):
    """Checked settings; raises RecordError naming the field."""
    return check_options(SPEC, obj, where)


def merge_valid(obj):
    """Keep every valid field of obj, defaults for the rest (a damaged file loses only its bad fields)."""
    out = defaults()
    if isinstance(obj, dict):
        for name in out:
            if name in obj:
                try:
                    out[name] = check_options(SPEC, {name: obj[name]})[name]
                except RecordError:
                    pass
    return out
