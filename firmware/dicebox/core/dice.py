"""Dice: what the rules roll, from forced values (a table's rolls, a book's example) first, then
the generator; with `ask` set and none left, NeedDie names the die to ask the players for.
A die is an int code: its number of sides, or one of the specials below."""
from dicebox.core.compat import const
from dicebox.core.rng import Rng

PCT = const(-1)  # "2d10" read as 1..100 (a 00 reads 100)
TWO_D6 = const(-2)
COIN = const(-3)  # 1 heads, 2 tails
D3 = const(3)
D6 = const(6)
D10 = const(10)
D20 = const(20)


class DiceError(ValueError):
    pass


class NeedDie(Exception):
    """The record has no more forced values and the players roll: ask for one."""

    def __init__(self, die, why):
        super().__init__(die, why)  # MicroPython's Exception has no __init__ to call by name
        self.die = die
        self.why = why


def name(die):
    if die == PCT:
        return "2d10"
    if die == TWO_D6:
        return "2d6"
    if die == COIN:
        return "coin"
    return "d%d" % die


def span(die):
    """(lowest, highest) value of a die."""
    if die == PCT:
        return 1, 100
    if die == TWO_D6:
        return 2, 12
    if die == COIN:
        return 1, 2
    if die < 2:
        raise DiceError("no die with %d sides" % die)
    return 1, die


class Dice:
    def __init__(self, seed, forced=None, log=None, ask=False):
        self.rng = Rng(seed)
        self.forced = forced if forced is not None else []
        self.used = 0  # forced values consumed
        self.log = log
        self.ask = ask

    def roll(self, die, why):
        # the forced die's check apart: this frame then fits the C stack (a rules step rolls often)
        if self.used < len(self.forced):
            value = self._forced(die, why)
        elif self.ask:
            raise NeedDie(die, why)
        else:
            value = self.draw(die)
        if self.log is not None:
            self.log.roll(die, value, why)
        return value

    def _forced(self, die, why):
        value = self.forced[self.used]
        lo, hi = span(die)
        if not lo <= value <= hi:
            raise DiceError(
                "forced die %d (%s for %s): %d is not in %d..%d"
                % (self.used + 1, name(die), why, value, lo, hi)
            )
        self.used += 1
        return value

    def draw(self, die):
        """A fresh value from the generator, not recorded."""
        rng = self.rng  # method calls, not a stored bound method: that would allocate
        if die == PCT:
            return rng.below(100) + 1
        if die == TWO_D6:
            return rng.below(6) + rng.below(6) + 2
        if die == COIN:
            return rng.below(2) + 1
        return rng.below(die) + 1
