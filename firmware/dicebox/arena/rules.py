"""Arena duel: two fighters on a 1x8 grid, ten moments on the time track (docs/rules/arena.md).

Each input 0 resolves one step, initiative first, then a whole moment each, so a screen can show
one step's dice an OK press. Fighters are 0 (a) and 1 (b); stats are indexed P, T, A, S = 0..3.
"""
from dicebox.core import dice as _dice
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game

RULESET = "arena"

POWER = const(0)
TOUGHNESS = const(1)
AGILITY = const(2)
SPECIAL = const(3)
_STAT_NAMES = const(("Power", "Toughness", "Agility", "Special"))
STAT_MIN = const(2)
STAT_MAX = const(9)
STAT_TOTAL = const(24)

GRID = const(8)
_D8 = const(8)  # places mines and crystals on the 1x8 grid
_START = const((4, 5))  # a on the 4th space, b on the 5th
_TIME = const(10)

# Damage codes of the move table.
NONE = const(0)
ONE = const(1)
_TWO = const(2)
_DMG_D3 = const(3)
_DMG_D3P1 = const(4)
_DMG_D6 = const(5)

# Effect bits of the move table.
_STUN = const(1)
_KB = const(2)
_SWITCH = const(4)
EVENT = const(8)

# Moves by die face 1..6: (stat, stat, bonus, damage, effects); arena/words.py names
# them (Strike, Heavy Strike, Kick, Heavy Kick, Grapple, Special; Block, Counter,
# Dodge, Shield, Grapple, Special).
ATTACK = (
    (POWER, AGILITY, 1, ONE, 0),
    (POWER, AGILITY, 0, _TWO, _STUN),
    (POWER, AGILITY, 1, ONE, 0),
    (POWER, AGILITY, 0, _TWO, _KB),
    (POWER, TOUGHNESS, 0, _DMG_D3P1, _KB),
    (SPECIAL, SPECIAL, 0, _DMG_D3P1, _STUN),
)
DEFEND = (
    (TOUGHNESS, TOUGHNESS, 1, NONE, EVENT),
    (TOUGHNESS, SPECIAL, 0, _DMG_D3, _SWITCH),
    (AGILITY, AGILITY, 0, NONE, _SWITCH),
    (TOUGHNESS, SPECIAL, 0, _DMG_D3P1, 0),
    (POWER, TOUGHNESS, 0, _DMG_D3P1, _KB),
    (SPECIAL, SPECIAL, 0, _DMG_D3P1, _STUN | _SWITCH),
)
# The rules text (section 3) lists Stun and KB moves differently from the
# table: option "effects" picks which governs. Index: attack die - 1.
_TEXT_ATTACK = (0, _STUN, 0, _STUN | _KB, _KB, _KB)
_TEXT_SPECIAL_DEF = _KB | _SWITCH

# Grid cell bits.
MINE = const(1)
CRYSTAL = const(2)

# How a fight ended.
GOING = const(0)
_KO = const(1)
_RINGOUT = const(2)
_TIMEUP = const(3)
_SUDDEN = const(4)
_TIE = const(5)
METHODS = (None, "ko", "ringout", "time", "sudden-death", "tie")

# Outcome codes of a moment's tests (state()["last"]).
O_ATT = const(1)  # attacker passed, defender failed
O_DEF = const(2)  # defender passed, attacker failed
_O_BOTH = const(3)
O_NONE = const(4)


def check_build(value):
    """A fighter's P,T,A,S: four whole numbers 2..9 summing to 24."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        from dicebox.core.errtext import shown  # only when it fails
        raise ValueError("a build is four stats P,T,A,S, not %s" % shown(value))
    for i in range(4):
        v = value[i]
        if not isinstance(v, int) or isinstance(v, bool):
            from dicebox.core.errtext import shown  # only when it fails
            raise ValueError("%s must be a whole number, not %s" % (_STAT_NAMES[i], shown(v)))
        if not STAT_MIN <= v <= STAT_MAX:
            raise ValueError("%s %d is outside %d..%d" % (_STAT_NAMES[i], v, STAT_MIN, STAT_MAX))
    total = value[0] + value[1] + value[2] + value[3]
    if total != STAT_TOTAL:
        raise ValueError("stats %d,%d,%d,%d sum to %d, not %d" % (value[0], value[1], value[2], value[3], total, STAT_TOTAL))
    return (value[0], value[1], value[2], value[3])


def check_name(value):
    if not isinstance(value, str) or not 1 <= len(value) <= 12:
        from dicebox.core.errtext import shown  # only when it fails
        raise ValueError("a name is 1..12 characters, not %s" % shown(value))
    for c in value.encode():  # bytes: walking the str would intern each letter as a name on MicroPython
        if c < 32:
            raise ValueError("a name cannot hold control characters")
    return value


OPTIONS = (
    ("a", (6, 6, 6, 6), check_build),
    ("b", (6, 6, 6, 6), check_build),
    ("a_name", "A", check_name),
    ("b_name", "B", check_name),
    ("health", 10, (1, 99)),
    # "harder": Stun lowers the next test's target by 1; "literal": 1 comes
    # off the d20 roll (which makes a roll-under test easier).
    ("stun", "harder", ("harder", "literal")),
    # Which column sets Stun and KB for a hit: the move table, the text of
    # section 3, or both.
    ("effects", "table", ("table", "text", "both")),
    # "rolled lower": the d20 face, or the smaller margin (target - roll).
    ("lower", "die", ("die", "margin")),
    # Mines and crystals trigger on every space a fighter is knocked through,
    # or only where the knock-back ends.
    ("pass", "every", ("every", "land")),
    # A second crumbling stone drops the next two end spaces, or does nothing.
    ("crumble", "shrink", ("shrink", "once")),
    # Equal Special for Energy Vampire: both are drained, or a roll-off.
    ("vampire_tie", "both", ("both", "rolloff")),
    # A mine and a crystal may share a space.
    ("share", False, bool),
)


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.stats = (options["a"], options["b"])
        self.names = (options["a_name"], options["b_name"])
        self.start_hp = options["health"]
        self.harder = options["stun"] == "harder"
        self.effects = options["effects"]
        self.by_margin = options["lower"] == "margin"
        self.pass_every = options["pass"] == "every"
        self.crumble_once = options["crumble"] == "once"
        self.vampire_both = options["vampire_tie"] == "both"
        self.share = options["share"]
        self.hp = [self.start_hp, self.start_hp]
        self.pos = [_START[0], _START[1]]
        self.stun = [False, False]
        self.cells = bytearray(GRID + 2)  # MINE/CRYSTAL bits by space 1..8
        self.lo = 1  # arena ends after crumbling
        self.hi = GRID
        self.crumbles = 0
        self.time = _TIME
        self.moment = 0
        self.attacker = -1  # before initiative
        self.winner = -1
        self.method = GOING
        # This moment: d20 faces, targets, and who counts as lower (-1 not yet known).
        self.rolls = [0, 0]
        self.targets = [0, 0]
        self.low = -1
        # Last step for a screen: attack die, defend die, outcome, event (0 none).
        self.last = [0, 0, 0, 0]

    # ---- inputs
    def prompt(self):
        if self.method != GOING:
            return None
        if self.attacker < 0:
            return ("initiative", 0, 0)
        return ("moment", 0, 0)

    def apply(self, value):
        if self.attacker < 0:
            self._initiative()
        else:
            self._moment()

    def _initiative(self):
        agility_a = self.stats[0][AGILITY]
        agility_b = self.stats[1][AGILITY]
        while True:
            sa = self.dice.roll(_dice.D20, "initiative a") + agility_a
            sb = self.dice.roll(_dice.D20, "initiative b") + agility_b
            if sa != sb:
                break
            self.log.event("init_tie", sa)
        self.attacker = 0 if sa > sb else 1
        self.log.event("init", self.attacker, sa, sb)

    # ---- a moment
    def _moment(self):
        self.moment += 1
        att = self.attacker
        dfn = 1 - att
        roll = self.dice.roll
        self.log.event("moment", self.moment, self.time)
        am = roll(_dice.D6, "attacker move")
        dm = roll(_dice.D6, "defender move")
        self.log.event("moves", att, am, dm)
        amove = ATTACK[am - 1]
        dmove = DEFEND[dm - 1]
        ok_att = self._test(att, amove, "attacker test")
        ok_def = self._test(dfn, dmove, "defender test")
        self.low = -1
        self.last[0] = am
        self.last[1] = dm
        self.last[3] = 0
        if ok_att and not ok_def:
            self.last[2] = O_ATT
            self._hit(dfn, amove[3], self._attack_effects(am))
        elif ok_def and not ok_att:
            self.last[2] = O_DEF
            fx = self._defend_effects(dm)
            self._hit(att, dmove[3], fx)
            if fx & _SWITCH and self.method == GOING:
                self._switch()
            if fx & EVENT and self.method == GOING:
                self._event()
        elif not ok_att:
            self.last[2] = O_NONE
            self._event()
        else:
            self.last[2] = _O_BOTH
            self._both(am, dm)
        if self.method == GOING:
            self._count_down(1)

    def _test(self, f, move, why):
        stats = self.stats[f]
        target = stats[move[0]] + stats[move[1]] + move[2]
        face = self.dice.roll(_dice.D20, why)
        score = face
        if self.stun[f]:
            self.stun[f] = False
            if self.harder:
                target -= 1
            else:
                score -= 1
            self.log.event("stunned_test", f)
        self.rolls[f] = face
        self.targets[f] = target + face - score  # literal stun shows as target+1
        passed = score <= target
        self.log.event("test", f, target + face - score, 1 if passed else 0)
        return passed

    def _attack_effects(self, am):
        fx = ATTACK[am - 1][4]
        if self.effects == "text":
            return _TEXT_ATTACK[am - 1]
        if self.effects == "both":
            return fx | _TEXT_ATTACK[am - 1]
        return fx

    def _defend_effects(self, dm):
        fx = DEFEND[dm - 1][4]
        if dm == 6 and self.effects == "text":
            return _TEXT_SPECIAL_DEF
        if dm == 6 and self.effects == "both":
            return fx | _TEXT_SPECIAL_DEF
        return fx

    def _hit(self, f, damage, fx):
        """f is hit: damage, then Stun, then a 1-space knock-back."""
        if damage != NONE:
            self._damage(f, self._amount(damage))
            if self.method != GOING:
                return
        if fx & _STUN:
            self._stun(f)
        if fx & _KB:
            self._knock(f, 1)

    def _amount(self, code):
        if code == _DMG_D3:
            return self.dice.roll(_dice.D3, "damage D3")
        if code == _DMG_D3P1:
            return self.dice.roll(_dice.D3, "damage D3+1") + 1
        if code == _DMG_D6:
            return self.dice.roll(_dice.D6, "damage D6")
        return code  # NONE, ONE, _TWO are their own amounts

    def _both(self, am, dm):
        """Both tests passed: the cases of section 3 by defender move."""
        att = self.attacker
        dfn = 1 - att
        if dm == 1 or dm == 3:  # Block or Dodge
            if am == 1 or am == 3:
                self._event()
            elif am == 2 or am == 4:
                self._knock(self._lower(), 1)
            elif am == 5:
                self._grapple(self._lower())
            elif self._lower() == dfn:
                self._damage(dfn, 1)
            else:
                self._switch()
        elif dm == 2:  # Counter: the lower roller takes the attacker's move
            self._hit(self._lower(), ATTACK[am - 1][3], self._attack_effects(am))
        elif dm == 4:  # Shield
            low = self._lower()
            if am == 6:
                self._damage(low, self.dice.roll(_dice.D6, "damage D6"))
                self._knock(low, self._d3("knock-back D3"))
            else:
                self._damage(low, 1)
                self._knock(low, 1)
        elif dm == 5 or am != 6:  # Grapple, or Special against any other move
            self._grapple(self._lower())
        else:  # Special against Special
            low = self._lower()
            big = self.dice.roll(_dice.D6, "damage D6")
            small = self._d3("damage D3")
            self._damage(low, big, False)
            self._damage(1 - low, small)

    def _grapple(self, f):
        """D3 damage and knocked back D3 spaces."""
        self._damage(f, self._d3("damage D3"))
        self._knock(f, self._d3("knock-back D3"))

    def _d3(self, why):
        return self.dice.roll(_dice.D3, why)

    # ---- who rolled lower
    def _lower(self):
        """The fighter that rolled lower in this moment's tests (roll-off on equal)."""
        if self.low >= 0:
            return self.low
        if self.by_margin:
            ka = self.targets[0] - self.rolls[0]
            kb = self.targets[1] - self.rolls[1]
        else:
            ka = self.rolls[0]
            kb = self.rolls[1]
        if ka != kb:
            self.low = 0 if ka < kb else 1
        else:
            self.low = self._rolloff()
        self.log.event("lower", self.low)
        return self.low

    def _rolloff(self):
        """Each fighter rolls a d20, re-rolling ties; the lower roll counts as lower."""
        while True:
            ra = self.dice.roll(_dice.D20, "roll-off a")
            rb = self.dice.roll(_dice.D20, "roll-off b")
            if ra != rb:
                return 0 if ra < rb else 1

    # ---- effects
    def _damage(self, f, amount, check=True):
        hp = self.hp[f] - amount
        if hp < 0:
            hp = 0
        self.hp[f] = hp
        self.log.event("damage", f, amount, hp)
        if check:
            self._check_ko()

    def _check_ko(self):
        """Damage dealt together is checked together: both at 0 is a tie."""
        if self.method != GOING:
            return
        down_a = self.hp[0] == 0
        down_b = self.hp[1] == 0
        if down_a and down_b:
            self._end(-1, _KO)
        elif down_a:
            self._end(1, _KO)
        elif down_b:
            self._end(0, _KO)

    def _stun(self, f):
        self.stun[f] = True
        self.log.event("stun", f)

    def _switch(self):
        self.attacker = 1 - self.attacker
        self.log.event("switch", self.attacker)

    def _heal(self, f, amount):
        hp = self.hp[f] + amount
        if hp > self.start_hp:
            hp = self.start_hp
        self.log.event("heal", f, hp - self.hp[f], hp)
        self.hp[f] = hp

    def _knock(self, f, n):
        """Knock f back n spaces, one at a time; the other fighter follows."""
        if self.method != GOING:
            return
        o = 1 - f
        pos = self.pos
        step = -1 if pos[f] < pos[o] else 1
        self.log.event("knock", f, n)
        while n > 0:
            n -= 1
            to = pos[f] + step
            if to < self.lo or to > self.hi:
                self.log.event("ringout", f, to)
                self._end(o, _RINGOUT)
                return
            pos[o] = pos[f]
            pos[f] = to
            self.log.event("moved", f, to, pos[o])
            if n == 0 or self.pass_every:
                cell = self.cells[to]
                if cell & MINE:
                    self.cells[to] = cell & ~MINE
                    self.log.event("mine_blast", f, to)
                    self._damage(f, self._d3("mine D3"))
                    if self.method != GOING:
                        return
                    n += 1  # a further space
                if cell & CRYSTAL:
                    self.cells[to] = self.cells[to] & ~CRYSTAL
                    self.log.event("crystal_used", f, to)
                    self._heal(f, self._d3("crystal D3"))

    def _place(self, item):
        """An item on a random free space: d8, re-rolled until one fits."""
        free = 0
        for s in range(self.lo, self.hi + 1):
            if self._free(s, item):
                free += 1
        if free == 0:
            self.log.event("no_space", item)
            return
        while True:
            s = self.dice.roll(_D8, "place d8")
            if self.lo <= s <= self.hi and self._free(s, item):
                break
        self.cells[s] |= item
        self.log.event("placed", item, s)

    def _free(self, s, item):
        if s == self.pos[0] or s == self.pos[1]:
            return False
        cell = self.cells[s]
        return cell == 0 or (self.share and not cell & item)

    def _crumble(self):
        self.crumbles += 1
        if self.crumbles > 1 and self.crumble_once:
            self.log.event("crumble_none")
            return
        lo = self.lo
        hi = self.hi
        self.cells[lo] = 0
        self.cells[hi] = 0
        self.lo = lo + 1
        self.hi = hi - 1
        self.log.event("crumble", self.lo, self.hi)
        out_a = self.pos[0] == lo or self.pos[0] == hi
        out_b = self.pos[1] == lo or self.pos[1] == hi
        if out_a:
            self.log.event("ringout", 0, self.pos[0])
        if out_b:
            self.log.event("ringout", 1, self.pos[1])
        if out_a and out_b:
            self._end(-1, _RINGOUT)
        elif out_a:
            self._end(1, _RINGOUT)
        elif out_b:
            self._end(0, _RINGOUT)

    def _count_down(self, n):
        t = self.time - n
        if t < 0:
            t = 0
        self.time = t
        self.log.event("time", t, n)
        if t == 0:
            if self.hp[0] > self.hp[1]:
                self._end(0, _TIMEUP)
            elif self.hp[1] > self.hp[0]:
                self._end(1, _TIMEUP)
            else:
                self._end(-1, _TIE)

    def _end(self, winner, method):
        self.winner = winner
        self.method = method
        self.log.event("end", winner, method)

    # ---- random events
    def _event(self):
        n = self.dice.roll(_dice.D20, "random event")
        self.last[3] = n
        self.log.event("event", n)
        att = self.attacker
        dfn = 1 - att
        if n == 1:
            self._place(MINE)
        elif 2 <= n <= 5:
            self._both_test(n)
        elif n == 6:
            self._damage(self._lower(), self._d3("damage D3"))
        elif n == 7:
            self._crumble()
        elif n == 8:
            self._grapple(1 - self._lower())
        elif n == 9:
            self._damage(att, 1)
            if self.method == GOING:
                self._stun(att)
                self._switch()
        elif n == 10:
            self._count_down(self._d3("time slip D3"))
        elif n == 11:
            p = self.pos
            p[0], p[1] = p[1], p[0]
            self.log.event("swap", p[0], p[1])
        elif n == 14:
            self._knock(self._opposed(AGILITY, False), self._d3("knock-back D3"))
        elif 12 <= n <= 15:
            stat = POWER if n == 12 else (TOUGHNESS if n == 13 else SPECIAL)
            low = self._opposed(stat, True)
            if low < 0:
                self._damage(0, 2, False)
                self._damage(1, 2)
            else:
                self._damage(low, self._d3("damage D3"))
                if n == 15:
                    self._knock(low, self._d3("knock-back D3"))
        elif n == 16:
            self._place(CRYSTAL)
        elif n == 17:
            sa = self.stats[0][SPECIAL]
            sb = self.stats[1][SPECIAL]
            if sa == sb and self.vampire_both:
                da = self._d3("damage D3")
                db = self._d3("damage D3")
                self._damage(0, da, False)
                self._damage(1, db)
                if self.method == GOING:
                    self._stun(0)
                    self._stun(1)
                return
            if sa == sb:
                f = 1 - self._rolloff()  # the roll-off's higher counts as highest
            else:
                f = 0 if sa > sb else 1
            self._damage(f, self._d3("damage D3"))
            if self.method == GOING:
                self._stun(f)
        elif n == 18:
            self._grapple(att)
        elif n == 19:
            self._grapple(dfn)
        else:
            while True:
                ra = self.dice.roll(_dice.D20, "sudden death a")
                rb = self.dice.roll(_dice.D20, "sudden death b")
                if ra != rb:
                    break
            self._end(0 if ra > rb else 1, _SUDDEN)

    def _both_test(self, n):
        """Events 2-5: each fighter takes a doubled-stat test, attacker first."""
        stat = n - 2  # PP, TT, AA, SS
        order = (self.attacker, 1 - self.attacker)
        failed = [False, False]
        for f in order:
            target = 2 * self.stats[f][stat]
            ok = self.dice.roll(_dice.D20, "event test") <= target
            self.log.event("test", f, target, 1 if ok else 0)
            failed[f] = not ok
        for f in order:
            if failed[f]:
                if n == 4:
                    self._damage(f, 1, False)
                elif n == 5:
                    self._damage(f, 2, False)
                else:
                    self._damage(f, self._d3("damage D3"), False)
        self._check_ko()
        if n == 4 and self.method == GOING:
            for f in order:
                if failed[f]:
                    self._stun(f)

    def _opposed(self, stat, ties_stand):
        """d20 + stat each, attacker first: the lower scorer, or -1 on a tie
        that stands (ties_stand) instead of being re-rolled."""
        att = self.attacker
        while True:
            sa = self.dice.roll(_dice.D20, "opposed test") + self.stats[att][stat]
            sd = self.dice.roll(_dice.D20, "opposed test") + self.stats[1 - att][stat]
            if sa > sd:
                low = 1 - att
            elif sd > sa:
                low = att
            elif ties_stand:
                low = -1
            else:
                continue
            self.log.event("opposed", att, sa, sd)
            return low

    # ---- reading
    def result(self):
        if self.method == GOING:
            return None
        return {
            "winner": None if self.winner < 0 else "ab"[self.winner],
            "method": METHODS[self.method],
            "moments": self.moment,
            "health": [self.hp[0], self.hp[1]],
        }

    def state(self):
        mines = []
        crystals = []
        for s in range(1, GRID + 1):
            if self.cells[s] & MINE:
                mines.append(s)
            if self.cells[s] & CRYSTAL:
                crystals.append(s)
        return {
            "positions": [self.pos[0], self.pos[1]],
            "arena": [self.lo, self.hi],
            "mines": mines,
            "crystals": crystals,
            "health": [self.hp[0], self.hp[1]],
            "time": self.time,
            "moment": self.moment,
            "attacker": None if self.attacker < 0 else "ab"[self.attacker],
            "stun": [self.stun[0], self.stun[1]],
            "last": [self.last[0], self.last[1], self.last[2], self.last[3]],
        }

    def describe(self, name, a, b, c):
        from dicebox.arena import describe as transcript  # the transcript's: a fight on the box words its log itself

        return transcript.describe(self, name, a, b, c)
