"""The box's modes, one line a mode: the only list of the games (Home's rows, the rule sets a
record may name, History's folds, the background task and the flash's boot check come from it).

    label     Home's row: a key of ui/lang.py
    package   the mode's folder under dicebox/
    rulesets  the record rule sets it plays, "ruleset:module" where the rules module
              in the folder is not named as the rule set
    opens     the module whose start(app) opens the mode from Home
    plays     the module whose screen_for(app, rec) plays a record of it (a resumed fight)
    folds     rule sets whose finished records fold into one History entry a power-on
    task      "module:file": a background task, its module's load(app) run at boot while
              the file is on the flash
    check     "module:prefix": the files the mode keeps beside its records start with
              prefix; while one is on the flash, the boot check runs module's check(store)
"""
from dicebox import load
from dicebox.core.game import RecordError

MODES = (
    # label      package      rulesets                                          opens     plays     folds                 task                check
    ("dice",      "dice",      ("dice:rules",),                                  "screen", "screen", ("dice",),            None,               None),
    ("titlebout", "titlebout", ("titlebout:rules",),                             "setup",  "bout",   (),                   None,               None),
    ("larp",      "larp",      ("boxing", "duel", "shoot", "stealth", "wounds"), "menu",   "menu",   ("shoot", "stealth"), "timer:wounds.rec", "journal:wounds."),
    ("arena",     "arena",     ("arena:rules", "arena_cup:cup", "arena_story:story"), "setup", "setup", (),             None,               None),
)
LABEL, PACKAGE, RULESETS, OPENS, PLAYS, FOLDS, TASK, CHECK = 0, 1, 2, 3, 4, 5, 6, 7


def module(mode, field):
    """The full name of a mode's module: module(mode, OPENS) -> "dicebox.larp.menu"."""
    return "dicebox.%s.%s" % (mode[PACKAGE], mode[field].split(":")[0])


def _rules_module(mode, ruleset):
    for entry in mode[RULESETS]:
        name, _, mod = entry.partition(":")
        if name == ruleset:
            return "dicebox.%s.%s" % (mode[PACKAGE], mod or name)
    return None


def rulesets(mode=None):
    """The rule sets of a mode, or every rule set a record may name, sorted."""
    return sorted(e.split(":")[0] for m in ((mode,) if mode else MODES) for e in m[RULESETS])


def mode_of(ruleset):
    """The line of the mode that plays `ruleset`."""
    for mode in MODES:
        if _rules_module(mode, ruleset) is not None:
            return mode
    raise RecordError("ruleset: unknown '%s' (known: %s)" % (ruleset, ", ".join(rulesets())))


def rules(ruleset):
    """The rules module of `ruleset` (its Game, OPTIONS), imported when a fight needs it."""
    return load(_rules_module(mode_of(ruleset), ruleset))


def folds(ruleset):
    """True if finished records of `ruleset` fold into one History entry a power-on."""
    for mode in MODES:
        if ruleset in mode[FOLDS]:
            return True
    return False


def tasks():
    """(module's full name, marker file) of each mode's background task."""
    return [(module(m, TASK), m[TASK].split(":")[1]) for m in MODES if m[TASK]]
