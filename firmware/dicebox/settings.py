"""The box's settings: names, defaults and allowed values, checked in one place; kept loaded (a
boot calls it several times, and its bytecode is small)."""
from dicebox.core.game import RecordError, check_options

# (name, default, allowed) as for rule set options
SPEC = (
    ("seed_source", "hardware", ("hardware", "fixed")),
    ("seed", 1, (0, 999999999)),  # used when seed_source is "fixed"
    ("dice_source", "box", ("box", "table")),  # table: players roll real dice, the box asks
    ("contrast", 3, (1, 5)),  # the brightness: four steps a thumb can pick, 5 the daylight preset
    ("sleep_s", 60, (0, 3600)),  # 0: never sleep
    ("sound", True, bool),
    ("lang", "en", ("en", "ru")),
    ("step", "roll", ("roll", "exchange")),  # what one OK does in a fight
    ("dim_s", 20, (0, 3600)),  # the panel dims after this long idle, before its sleep; 0: never
)
# Each brightness as the panel's contrast byte and its precharge byte above it (display.contrast):
# 1-2 the reset precharge (dimmer, less current), 3-5 the driver's 0xF1 (phase 2 at its longest:
# brighter); 5 ("daylight") the panel's brightest, and it never dims.
CONTRAST_LEVELS = (0x2210, 0x2240, 0xF1A0, 0xF1C8, 0xF1FF)


def contrast(values):
    """The panel's contrast and precharge for values["contrast"] (CONTRAST_LEVELS)."""
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
