"""Stealth (assassination) weapon: the box runs the count (docs/rules/larp.md).

Inputs: the target's participant number (0: not on the tracker), then the elapsed ms when the
judge stops the count, or COUNTS * beat_ms when it runs through (the device beeps each beat).
"""
from dicebox.larp import common as larp
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game

RULESET = "stealth"
_LIGHT_COUNTS = const(2)
COUNTS = const(4)
OPTIONS = (("beat_ms", 1000, (250, 5000)),)


def count_at(elapsed_ms, beat_ms):
    """The count being spoken at elapsed_ms (1..4), or 5 once completed."""
    n = elapsed_ms // beat_ms + 1
    return n if n <= COUNTS else COUNTS + 1


def beats(prev_ms, now_ms, beat_ms):
    """Beats that began after prev_ms up to now_ms: how often to buzz."""
    return now_ms // beat_ms - prev_ms // beat_ms


def wound_at(elapsed_ms, beat_ms):
    n = count_at(elapsed_ms, beat_ms)
    if n <= _LIGHT_COUNTS:
        return larp.LIGHT
    if n <= COUNTS:
        return larp.HEAVY
    return larp.MORTAL


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.target = None
        self.elapsed = None
        self.kind = larp.NONE

    def prompt(self):
        if self.target is None:
            return ("target", 0, larp.MAX_PARTICIPANTS)
        if self.elapsed is None:
            return ("stopped at ms", 0, COUNTS * self.options["beat_ms"])
        return None

    def apply(self, value):
        if self.target is None:
            self.target = value
            return
        beat = self.options["beat_ms"]
        self.elapsed = value
        self.kind = wound_at(value, beat)
        self.log.event("stealth", self.target, count_at(value, beat), self.kind)

    def result(self):
        if self.elapsed is None:
            return None
        return {"winner": None, "method": "completed" if self.kind == larp.MORTAL else "stopped",
                "elapsed_ms": self.elapsed, "wounds": larp.wound_list([(self.target, self.kind)])}

    def state(self):
        return {"target": self.target, "elapsed_ms": self.elapsed, "kind": self.kind}

    def describe(self, name, a, b, c):
        if name == "stealth":
            who = ("participant %d" % a) if a else "the target"
            if b > COUNTS:
                return "attack completed: %s mortally wounded" % who
            return "stopped on count %d: %s gets a %s wound" % (b, who, larp.KIND_NAMES[c])
        return _Game.describe(self, name, a, b, c)
