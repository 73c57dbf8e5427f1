"""The plain dice roller as a rule set: an input a dice expression, every die and the total logged."""
from dicebox.core import expr
from dicebox.core.game import Game as _Game

RULESET = "dice"
OPTIONS = ()
# What the Dice screen offers before the free expression.
PRESETS = ("d3", "d4", "d6", "d8", "d10", "d12", "d20", "d%", "2d6", "coin")


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.count = 0
        self.last = None
        self.total = 0
        self._terms = {}  # parsed expressions, reused

    def prompt(self):
        return ("expression", 0, 0)

    def _parse(self, text):
        terms = self._terms.get(text)
        if terms is None:
            terms = expr.parse(text)
            self._terms[text] = terms
        return terms

    def check(self, value):
        if not isinstance(value, str):
            raise ValueError("a dice expression must be text, not %r" % (value,))
        if expr.names(self._parse(value)):
            raise ValueError("'%s' needs values the roller does not have" % value)

    def apply(self, value):
        self.total = expr.roll(self.dice, self._parse(value), value)
        self.last = value
        self.count += 1
        self.log.event("coin" if value.lower() == "coin" else "total", self.total)

    def result(self):
        return {"rolls": self.count, "last": self.last, "total": self.total}

    def state(self):
        return {"rolls": self.count, "last": self.last, "total": self.total}

    def describe(self, name, a, b, c):
        if name == "coin":
            return "coin: " + ("heads" if a == 1 else "tails")
        if name == "total":
            return "total %d" % a
        return _Game.describe(self, name, a, b, c)
