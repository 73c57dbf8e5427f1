"""Arena tournament: 4 or 8 fighters, single elimination, one record ("arena_cup"), so a power
cut, undo and a replay work as for one duel (rulings: docs/rules/arena.md, tournament).

Each input 0 is one step of the current match (arena/rules.py); the step after a match has ended
starts the next. Matches share the cup's dice stream; match_record() turns a finished match into
a stand-alone "arena" record (its dice forced) for History.
"""
from dicebox.arena import rules as _arena
from dicebox.core import dice as _dice
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game
from dicebox.core.log import ROLL

RULESET = "arena_cup"
TIES_MAX = const(3)  # tied fights in a row before the roll-off decides
_MATCH_ONLY = const(("a", "b", "a_name", "b_name"))
CUP_EVENTS = const(("match", "cup_tie", "cup_rolloff", "advance", "champion"))  # the cup's own, beside its matches

_DEFAULT_FIGHTERS = const((
    ("Brute", (9, 5, 5, 5)),
    ("Wall", (5, 9, 5, 5)),
    ("Dancer", (5, 5, 9, 5)),
    ("Mystic", (5, 5, 5, 9)),
))


def check_fighters(value):
    """4 or 8 entries [name, [P,T,A,S]] with distinct names."""
    if not isinstance(value, (list, tuple)) or len(value) not in (4, 8):
        raise ValueError("a tournament has 4 or 8 fighters, not %r" % (len(value) if isinstance(value, (list, tuple)) else value,))
    out = []
    for i in range(len(value)):
        entry = value[i]
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError("fighter %d must be [name, [P,T,A,S]]" % (i + 1))
        try:
            name = _arena.check_name(entry[0])
            build = _arena.check_build(entry[1])
        except ValueError as e:
            raise ValueError("fighter %d: %s" % (i + 1, e))
        for other, _ in out:
            if other == name:
                raise ValueError("fighter %d: the name %s is taken" % (i + 1, name))
        out.append((name, build))
    return tuple(out)


def _rule_options():
    out = [("fighters", _DEFAULT_FIGHTERS, check_fighters)]
    for opt in _arena.OPTIONS:
        if opt[0] not in _MATCH_ONLY:
            out.append(opt)
    return tuple(out)


OPTIONS = _rule_options()


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.fighters = options["fighters"]
        n = len(self.fighters)
        # rounds[r]: the fighters in round r (rounds[0] everyone); the last
        # entry is the round being fought, or the champion alone at the end
        self.rounds = [list(range(n))]
        self.winners = []  # of the round being fought, so far
        self.slot = 0  # match index within the current round
        self.match = None  # the arena.Game being fought (or just ended)
        self.pair = (0, 1)
        self.ties = 0
        self.mark = 0  # log index where the current match began
        self.steps = 0  # inputs of the current match
        self.results = []  # (round, fighter i, fighter j, winner index or -1 tie, method code)
        self.champion = -1
        self._teller = None  # names for describe(), set by the "match" events in order

    # ---- the bracket
    def _round(self):
        return len(self.rounds) - 1

    def match_options(self, i, j):
        opts = {}
        for name in self.options:
            if name != "fighters":
                opts[name] = self.options[name]
        opts["a"] = list(self.fighters[i][1])
        opts["b"] = list(self.fighters[j][1])
        opts["a_name"] = self.fighters[i][0]
        opts["b_name"] = self.fighters[j][0]
        return opts

    def between(self):
        """True when no match is being fought (before the first, or one just ended)."""
        return self.match is None or self.match.method != _arena.GOING

    # ---- inputs
    def prompt(self):
        if self.champion >= 0:
            return None
        return ("step", 0, 0)

    def apply(self, value):
        if self.between():
            self._start_match()
        self.steps += 1
        self.match.apply(0)
        if self.match.method != _arena.GOING:
            self._match_over()

    def _start_match(self):
        entrants = self.rounds[-1]
        i = entrants[2 * self.slot]
        j = entrants[2 * self.slot + 1]
        self.pair = (i, j)
        self.mark = len(self.log)
        self.steps = 0
        self.log.event("match", self._round(), i, j)
        self.match = _arena.Game(self.match_options(i, j), self.dice, self.log)

    def _match_over(self):
        m = self.match
        i, j = self.pair
        w = -1 if m.winner < 0 else self.pair[m.winner]
        self.results.append((self._round(), i, j, w, m.method))
        if w < 0:
            self.ties += 1
            if self.ties < TIES_MAX:
                self.log.event("cup_tie", i, j, self.ties)
                return  # the next input starts the rematch
            w = i if self._rolloff() == 0 else j
        self.ties = 0
        self.log.event("advance", w, self._round())
        self.winners.append(w)
        self.slot += 1
        if 2 * self.slot >= len(self.rounds[-1]):
            if len(self.winners) == 1:
                self.champion = w
                self.log.event("champion", w)
            self.rounds.append(self.winners)
            self.winners = []
            self.slot = 0

    def _rolloff(self):
        """0 if the first of the pair wins the d20 roll-off (ties re-rolled)."""
        while True:
            ra = self.dice.roll(_dice.D20, "cup roll-off a")
            rb = self.dice.roll(_dice.D20, "cup roll-off b")
            if ra != rb:
                self.log.event("cup_rolloff", self.pair[0], ra, rb)
                return 0 if ra > rb else 1

    # ---- reading
    def match_record(self, seed):
        """The current match as an "arena" record: its steps and every die it rolled, forced."""
        from dicebox.core.record import Record

        if self.match is None:
            return None
        log = self.log
        values = []
        for k in range(self.mark, len(log)):
            kind, why, die, value, _ = log.entry(k)
            if kind == ROLL and not why.startswith("cup "):
                values.append(value)
        i, j = self.pair
        return Record(_arena.RULESET, self.match_options(i, j), seed, [0] * self.steps, values)

    def bracket(self):
        """Rounds of fighter indices, the round being fought followed by its winners so far."""
        if self.winners:
            return self.rounds + [self.winners]
        return self.rounds

    def result(self):
        if self.champion < 0:
            return None
        return {
            "winner": self.fighters[self.champion][0],
            "method": "cup",
            "matches": len(self.results),
        }

    def state(self):
        return {
            "rounds": [list(r) for r in self.bracket()],
            "results": [list(r) for r in self.results],
            "champion": self.champion,
            "match": None if self.match is None else self.match.state(),
        }

    def describe(self, name, a, b, c):
        if name == "match":
            self._teller = _arena.Game(self.match_options(b, c), None, None)
        if name in CUP_EVENTS:
            from dicebox.arena import describe as transcript  # the transcript's: a fight on the box words its log itself

            return transcript.cup_describe(self, name, a, b, c)
        if self._teller is None:
            return _Game.describe(self, name, a, b, c)
        return self._teller.describe(name, a, b, c)
