"""The rule sets the box knows, imported only when a fight needs one."""
from dicebox import load as _load
from dicebox.core.game import RecordError

# ruleset id -> its rules module
MODULES = {
    "dice": "dicebox.dice.rules",
    "titlebout": "dicebox.titlebout.rules",
    "arena": "dicebox.arena.rules",
    "arena_cup": "dicebox.arena.cup",
    # LARP: docs/rules/larp.md
    "boxing": "dicebox.larp.boxing", "duel": "dicebox.larp.duel", "shoot": "dicebox.larp.shoot",
    "stealth": "dicebox.larp.stealth", "wounds": "dicebox.larp.wounds",
}


def load(ruleset):
    if ruleset not in MODULES:
        raise RecordError("ruleset: unknown '%s' (known: %s)" % (ruleset, ", ".join(sorted(MODULES))))
    return _load(MODULES[ruleset])
