"""Firearms: one d6 a shot (docs/rules/larp.md).

Inputs a shot: the target's participant number (0: not on the wound tracker), then the
shooter's choice when the die asks for one: a limb 1..4 (ARM_L..LEG_R), or 5 body / 6 head.
"""
from dicebox.core import dice as _dice
from dicebox.larp import common as larp
from dicebox.core.game import Game as _Game

RULESET = "shoot"
OPTIONS = (("shots", 1, (1, 99)),)


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.shots = 0
        self.target = 0
        self.roll = 0  # die of the shot waiting for the shooter's choice, else 0
        self.wounds = []  # (target, kind)
        self.hits = []  # hit code per shot

    def prompt(self):
        if self.roll >= 6:
            return ("body or head", larp.BODY, larp.HEAD)
        if self.roll >= 4:
            return ("limb", larp.ARM_L, larp.LEG_R)
        if self.shots == self.options["shots"]:
            return None
        return ("target", 0, larp.MAX_PARTICIPANTS)

    def apply(self, value):
        if self.roll:
            self.roll = 0
            self._hit(value)
            return
        self.shots += 1
        self.target = value
        roll = self.dice.roll(_dice.D6, "accuracy")
        if roll <= 3:
            self._hit(larp.MISS)
        else:
            self.roll = roll  # the shooter chooses next

    def _hit(self, hit):
        self.hits.append(hit)
        kind = larp.hit_wound(hit)
        if kind != larp.NONE:
            self.wounds.append((self.target, kind))
        self.log.event("shot", self.shots, self.target, hit)

    def result(self):
        if self.prompt() is not None:
            return None
        return {"winner": None, "method": "shots", "shots": self.shots,
                "hits": [larp.HIT_NAMES[h] for h in self.hits], "wounds": larp.wound_list(self.wounds)}

    def state(self):
        return {"shots": self.shots, "target": self.target, "waiting": self.roll, "hits": list(self.hits)}

    def describe(self, name, a, b, c):
        if name == "shot":
            who = ("participant %d" % b) if b else "the target"
            if c == larp.MISS:
                return "shot %d at %s: miss" % (a, who)
            return "shot %d at %s: hit in the %s (%s wound)" % (a, who, larp.HIT_NAMES[c],
                                                              larp.KIND_NAMES[larp.hit_wound(c)])
        return _Game.describe(self, name, a, b, c)
