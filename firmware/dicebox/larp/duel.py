"""Melee duel, and the firearms duel as one cycle of it (docs/rules/larp.md).

Inputs: the challenge's answer (1 accepted, 0 refused), then 0 ("OK, roll") a cycle.
Duellist 1 is the challenger; attacker and defender swap every cycle.
"""
from dicebox.core import dice as _dice
from dicebox.larp import common as larp
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game

RULESET = "duel"
_BODY_LIMIT = const(2)
_LIMB_LIMIT = const(4)
_HEAD_LIMIT = const(1)

OPTIONS = (
    ("weapon", "melee", ("melee", "firearms")),  # firearms: exactly one cycle (ruling D4)
    # who attacks in cycle 1 (rulings D2, D4). A record without it is read as it
    # was made: the box and the CLI write "coin" for a firearms duel themselves.
    ("first", "challenger", ("challenger", "coin")),
)


def fair_first(weapon):
    """The `first` the box and the command line give a new duel: a firearms duel
    is one shot, so the coin decides who takes it (D4); melee, the challenger."""
    return "coin" if weapon == "firearms" else "challenger"


def hit_of(difference):
    """Hit code for attack minus defence."""
    if difference <= 0:
        return larp.MISS
    if difference <= 2:
        return larp.LIMB
    if difference <= 4:
        return larp.BODY
    return larp.HEAD


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.answered = False
        self.attacker = 1
        self.cycles = 0
        self.limbs = [0, 0, 0]  # per duellist 1, 2
        self.bodies = [0, 0, 0]
        self.heads = [0, 0, 0]
        self.wounds = []  # (duellist, kind) in order, for the wound tracker
        self.winner = None
        self.method = None

    def prompt(self):
        if self.method is not None:
            return None
        if not self.answered:
            return ("accept challenge", 0, 1)
        return ("roll cycle", 0, 0)

    def apply(self, value):
        if not self.answered:
            self.answered = True
            self.log.event("challenge", value)
            if value == 0:
                self.method = "refused"
                return
            if self.options["first"] == "coin":
                self.attacker = self.dice.roll(_dice.COIN, "first attacker")
                self.log.event("first", self.attacker)
            return
        a = self.attacker
        d = 3 - a
        attack = self.dice.roll(_dice.D6, "attack")
        defence = self.dice.roll(_dice.D6, "defence")
        hit = hit_of(attack - defence)
        self.cycles += 1
        self.log.event("cycle", a, attack - defence, hit)
        if hit != larp.MISS:
            self.wounds.append((d, larp.hit_wound(hit)))
            if hit == larp.HEAD:
                self.heads[d] += 1
            elif hit == larp.BODY:
                self.bodies[d] += 1
            else:
                self.limbs[d] += 1
        if self.options["weapon"] == "firearms":
            self._end(a if hit != larp.MISS else None, "firearms")
        elif self.heads[d] >= _HEAD_LIMIT:
            self._end(a, "head")
        elif self.bodies[d] >= _BODY_LIMIT:
            self._end(a, "body")
        elif self.limbs[d] >= _LIMB_LIMIT:
            self._end(a, "limbs")
        else:
            self.attacker = d

    def _end(self, winner, method):
        self.winner = winner
        self.method = method
        self.log.event("end", winner or 0)

    def result(self):
        if self.method is None:
            return None
        return {"winner": self.winner, "method": self.method, "cycles": self.cycles,
                "wounds": larp.wound_list(self.wounds)}

    def state(self):
        return {"attacker": self.attacker, "cycles": self.cycles, "limbs": self.limbs[1:],
                "bodies": self.bodies[1:], "heads": self.heads[1:], "over": self.method is not None}

    def describe(self, name, a, b, c):
        if name == "challenge":
            return "challenge " + ("accepted" if a else "refused")
        if name == "first":
            return "coin: duellist %d %s" % (a, "shoots" if self.options["weapon"] == "firearms" else "attacks first")
        if name == "cycle":
            shot = self.options["weapon"] == "firearms"  # a shot hits or misses; an attack may fail
            if c == larp.MISS:
                return "duellist %d %s: difference %d, %s" % (a, "shoots" if shot else "attacks", b,
                                                            "a miss" if shot else "the attack fails")
            return "duellist %d %s: difference %d, duellist %d wounded in the %s (%s)" % (
                a, "shoots" if shot else "attacks", b, 3 - a, larp.HIT_NAMES[c], larp.KIND_NAMES[larp.hit_wound(c)])
        if name == "end":
            if self.method == "refused":
                return "no duel"
            return ("duellist %d wins" % a) if a else "no wound: nobody wins"
        return _Game.describe(self, name, a, b, c)
