"""The rule sets the box knows, imported only when a fight needs one."""
from dicebox.core.game import RecordError

# ruleset id -> module under dicebox.core
MODULES = {
    "dice": "dicemode",
    "titlebout": "titlebout",
    "arena": "arena",
    "arena_cup": "arena_cup",
    # LARP: docs/rules/larp.md
    "boxing": "larp_boxing", "duel": "larp_duel", "shoot": "larp_shoot", "stealth": "larp_stealth", "wounds": "larp_wounds",
}


def load(ruleset):
    if ruleset not in MODULES:
        raise RecordError("ruleset: unknown '%s' (known: %s)" % (ruleset, ", ".join(sorted(MODULES))))
    mod = __import__("dicebox.core." + MODULES[ruleset])
    return getattr(mod.core, MODULES[ruleset])
