"""Arena story mode, dicebox's own (docs/rules/arena.md, "Story mode"): a fighter's road up a
ladder of five rivals, the last the champion; one record ("arena_story", option `fighter`
[name, [P,T,A,S]]), so a power cut, undo and a replay work as for a duel. The ladder comes from
the seed alone (ladder_of), the fights roll the record's dice as a cup's matches do.

Inputs: 0 is one step of the current fight; after an objective met, the reward is the next
input: 1..4 = +1 to P, T, A or S (not past 9), 5 = health back. Codes only (story_text.py words
them); Road is the rules without the fights, for the host's batch tuner (host_sim/story.py).
"""
from dicebox.arena import rules as _arena
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game
from dicebox.core.log import EVENT
from dicebox.core.rng import SEED_MAX, Rng

RULESET = "arena_story"
RUNGS = const(5)
CHANCES = const(3)
FULL = const(10)  # health, the player's and every rival's
PLAIN_HEAL = const(3)  # health back after a plain win, and with a stat reward
QUICK_BY = const(5)  # "before moment 6": over by the end of moment 5
HALF = const(5)  # half health: "never under half" is never below 5
KNOCKS = const(2)
RIVAL_HP = const((7, 8, 8, 9, 10))  # each rung's rival starts with this health: tuned (docs)

# Objectives.
WIN = const(0)
RINGOUT = const(1)
QUICK = const(2)
UNHURT = const(3)  # win without dropping under half health
SURVIVE = const(4)  # still standing when the time track runs out
KNOCKED = const(5)  # win after being knocked back twice
GOALS = const(6)

# Rewards (inputs 1..5): +1 to a stat, or all health back.
HEALTH = const(5)

# How a fight went for the player (the "verdict" event).
V_WIN = const(0)  # passed by a win
V_SURVIVED = const(1)  # passed by surviving (objective SURVIVE) without a win
V_TIE = const(2)  # fought again
V_LOSS = const(3)  # a chance lost, fought again (or the end)

# Beats: what the dice did in a fight, told after it ("beat" events: code, who, moment).
FIRST_BLOOD = const(0)  # who drew it (the other took the damage)
CRYSTAL = const(1)
MINE = const(2)
ABYSS = const(3)  # a ring-out: who fell
SUDDEN = const(4)  # sudden death: who struck
COMEBACK = const(5)  # the winner, down to 1 health in that moment

# The cast, three a rung, weakest rung first: (name, build). The builds by
# their score against 6,6,6,6 (docs/rules/arena.md, "Story mode").
CAST = const((
    ("Pip", (2, 6, 9, 7)), ("Nell", (4, 8, 8, 4)), ("Bram", (4, 8, 9, 3)),
    ("Ossa", (2, 7, 7, 8)), ("Tarn", (5, 7, 8, 4)), ("Wren", (5, 5, 7, 7)),
    ("Mara", (7, 5, 6, 6)), ("Dusk", (5, 5, 9, 5)), ("Hollis", (9, 5, 5, 5)),
    ("Quill", (2, 7, 6, 9)), ("Corvin", (8, 7, 4, 5)), ("Ulla", (8, 8, 4, 4)),
    ("Vorn", (3, 9, 3, 9)), ("Ysolde", (9, 3, 9, 3)), ("Kaine", (4, 9, 2, 9)),
))
MOTIVES = const(10)  # motive codes 0..9 for rungs 1-4; the champion's is CHAMPION_MOTIVE
CHAMPION_MOTIVE = const(10)


def ladder(seed):
    """The five rungs of the story of `seed`: (cast index, motive, objective) each."""
    return ladder_of(Rng(seed).state())


def ladder_of(state):
    """The ladder from the dice generator's state before its first draw, by a generator of its own:
    the same seed gives the same ladder for any fighter, and table dice are never asked for it."""
    s1, s2 = state
    r = Rng((s1 % 31607 * 31607 + s2 % 31607) % (SEED_MAX + 1))
    motives = list(range(MOTIVES))
    out = []
    for k in range(RUNGS):
        who = 3 * k + r.below(3)
        if k == RUNGS - 1:
            goal = r.below(GOALS - 1)  # the title is won, not survived
            if goal >= SURVIVE:
                goal += 1
            out.append((who, CHAMPION_MOTIVE, goal))
        else:
            out.append((who, motives.pop(r.below(len(motives))), r.below(GOALS)))
    return out


def judge(goal, winner, method, moments, low, knocks):
    """(objective met, verdict) of a fight the player (fighter 0) fought:
    winner 0/1/-1, method the arena's code, moments fought, the lowest health
    the player had, the times the player was knocked back."""
    won = winner == 0
    if goal == RINGOUT:
        met = won and method == _arena.METHODS.index("ringout")
    elif goal == QUICK:
        met = won and moments <= QUICK_BY
    elif goal == UNHURT:
        met = won and low >= HALF
    elif goal == SURVIVE:  # a win, or still standing when the time runs out
        met = won or method == _arena.METHODS.index("time") or method == _arena.METHODS.index("tie")
    elif goal == KNOCKED:
        met = won and knocks >= KNOCKS
    else:
        met = won
    if won:
        return met, V_WIN
    if met:
        return met, V_SURVIVED
    if winner < 0:
        return met, V_TIE
    return met, V_LOSS


class Road:
    """The story's rules between the fights: rung, chances, health, build."""

    def __init__(self, rungs, build):
        self.rungs = rungs
        self.build = list(build)
        self.rung = 0
        self.chances = CHANCES
        self.hp = FULL
        self.tries = 0  # fights fought against this rung's rival
        self.pending = False  # an objective met: a reward to choose
        self.over = False
        self.won = False

    def rival(self):
        """(name, build, motive, objective) of the rival on this rung."""
        who, motive, goal = self.rungs[self.rung]
        name, build = CAST[who]
        return name, build, motive, goal

    def settle(self, winner, method, moments, low, knocks, hp):
        """A fight against this rung's rival ended (hp: the player's at its
        end). Returns (met, verdict); the road moves on."""
        met, verdict = judge(self.rungs[self.rung][2], winner, method, moments, low, knocks)
        self.tries += 1
        if verdict == V_TIE:
            return met, verdict  # fought again, from the health it began with
        if verdict == V_LOSS:
            self.chances -= 1
            self.hp = FULL
            if self.chances == 0:
                self.over = True
            return met, verdict
        self.hp = hp if hp > 0 else 1
        if self.rung == RUNGS - 1:
            self.over = True
            self.won = True
        elif met:
            self.pending = True
        else:
            self.heal(PLAIN_HEAL)
            self.next_rung()
        return met, verdict

    def heal(self, n):
        self.hp = min(FULL, self.hp + n)

    def next_rung(self):
        self.rung += 1
        self.tries = 0

    def can_take(self, reward):
        return reward == HEALTH or (1 <= reward <= 4 and self.build[reward - 1] < _arena.STAT_MAX)

    def take(self, reward):
        """The reward chosen: 1..4 a stat +1 (and PLAIN_HEAL health), 5 all health back."""
        if reward == HEALTH:
            self.hp = FULL
        else:
            self.build[reward - 1] += 1
            self.heal(PLAIN_HEAL)
        self.pending = False
        self.next_rung()


def fight_facts(log, start, end):
    """(lowest health of the player, times knocked back) in log entries start..end-1."""
    low = 999
    knocks = 0
    for k in range(start, end):
        kind, name, a, b, c = log.entry(k)
        if kind != EVENT or a != 0:
            continue
        if name == "damage" and c < low:
            low = c
        elif name == "knock":
            knocks += 1
    return low, knocks


def beats(log, start, end, winner):
    """The fight's beats in order, (code, who, moment): from its own log."""
    out = []
    moment = 0
    blood = False
    one = -1  # the moment the winner first stood at 1 health
    for k in range(start, end):
        kind, name, a, b, c = log.entry(k)
        if kind != EVENT:
            continue
        if name == "moment":
            moment = a
        elif name == "damage" and b > 0:
            if not blood:
                blood = True
                out.append((FIRST_BLOOD, 1 - a, moment))
            if c == 1 and a == winner and one < 0:
                one = moment
                out.append((COMEBACK, a, moment))
        elif name == "crystal_used":
            out.append((CRYSTAL, a, moment))
        elif name == "mine_blast":
            out.append((MINE, a, moment))
        elif name == "ringout":
            out.append((ABYSS, a, moment))
        elif name == "event" and a == 20:
            out.append((SUDDEN, winner, moment))
    return out


def check_fighter(value):
    """[name, [P,T,A,S]]: a roster fighter."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("the fighter is [name, [P,T,A,S]]")
    return (_arena.check_name(value[0]), _arena.check_build(value[1]))


OPTIONS = (("fighter", ("Even", (6, 6, 6, 6)), check_fighter),)


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.name = options["fighter"][0]
        self.road = Road(ladder_of(dice.rng.state()), options["fighter"][1])  # before any roll
        self._teller = None  # names for describe(), set by the "rival" events in order
        self.match = None  # the arena.Game being fought (or just ended)
        self.mark = 0  # log index where it began
        self.hp0 = FULL  # the player's health as it began
        self.rival_hp = FULL  # the rival's, as it began
        self.fights = 0
        # where in the log the story's own events are (rival, beat, verdict, reward,
        # story_end), in order: a tale reads these, not the fights' entries between them
        self.said = []

    def between(self):
        """True when no fight is being fought (before the first, or one just ended)."""
        return self.match is None or self.match.method != _arena.GOING

    # ---- inputs
    def prompt(self):
        road = self.road
        if road.over:
            return None
        if road.pending:
            return ("reward", 1, HEALTH)
        return ("step", 0, 0)

    def check(self, value):
        _Game.check(self, value)
        if self.road.pending and not self.road.can_take(value):
            raise ValueError("that stat is at 9 already")

    def apply(self, value):
        road = self.road
        if road.pending:
            road.take(value)
            self._say("reward", value, road.build[value - 1] if value < HEALTH else road.hp, road.hp)
            return
        if self.between():
            self._start()
        self.match.apply(0)
        if self.match.method != _arena.GOING:
            self._over()

    def _start(self):
        road = self.road
        self.fights += 1
        self.mark = len(self.log)
        self.hp0 = road.hp
        self._say("rival", road.rung, road.tries, road.hp)
        m = _arena.Game(self.fight_options(road.rung, list(road.build)), self.dice, self.log)
        m.hp[0] = road.hp
        m.hp[1] = self.rival_hp = RIVAL_HP[road.rung]
        self.match = m

    def _over(self):
        m = self.match
        road = self.road
        log = self.log
        end = len(log)
        low, knocks = fight_facts(log, self.mark, end)
        if self.hp0 < low:
            low = self.hp0
        for code, who, moment in beats(log, self.mark, end, m.winner):
            self._say("beat", code, who, moment)
        met, verdict = road.settle(m.winner, m.method, m.moment, low, knocks, m.hp[0])
        self._say("verdict", verdict, m.method, (1 if met else 0) + 2 * road.chances)
        if verdict == V_WIN and not met and not road.over:
            self._say("reward", 0, road.hp, road.hp)  # the plain win's health back
        if road.over:
            self._say("story_end", 1 if road.won else 0, road.rung)

    def _say(self, name, a, b, c=0):
        self.said.append(len(self.log))
        self.log.event(name, a, b, c)

    # ---- reading
    def result(self):
        road = self.road
        if not road.over:
            return None
        return {
            "winner": self.name if road.won else None,
            "method": "story",
            "rung": road.rung + 1,
            "fights": self.fights,
            "build": list(road.build),
        }

    def state(self):
        road = self.road
        return {
            "rung": road.rung,
            "chances": road.chances,
            "health": road.hp,
            "build": list(road.build),
            "pending": road.pending,
            "ladder": [list(r) for r in road.rungs],
            "match": None if self.match is None else self.match.state(),
        }

    def rival_of(self, rung):
        """(name, build, health, motive, objective) of rung's rival."""
        who, motive, goal = self.road.rungs[rung]
        return self._rival_name(who), CAST[who][1], RIVAL_HP[rung], motive, goal

    def _rival_name(self, who):
        name = CAST[who][0]
        return name + " II" if name == self.name else name  # a roster fighter of the same name

    def fight_options(self, rung, build):
        """The arena options of a fight against rung's rival with the player's build."""
        who = self.road.rungs[rung][0]
        opts = {"a": build, "b": CAST[who][1], "a_name": self.name, "b_name": self._rival_name(who)}
        for key, default, allowed in _arena.OPTIONS:
            if key not in opts:
                opts[key] = default
        opts["health"] = FULL
        return opts

    def describe(self, name, a, b, c):
        if name == "rival":
            self._teller = _arena.Game(self.fight_options(a, self.road.build), None, None)
        if name in ("rival", "beat", "verdict", "reward", "story_end"):
            from dicebox.arena import story_text

            return story_text.describe(self, name, a, b, c)
        if self._teller is None:
            return _Game.describe(self, name, a, b, c)
        return self._teller.describe(name, a, b, c)

