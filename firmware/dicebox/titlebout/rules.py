"""Title Bout with dice: the bout procedure, replayable from its record (docs/rules/title-bout.md).
Between exchanges the prompt is NEXT (0 one exchange, 1 the round, 2 the bout); "assisted" asks for
chart and card outcomes instead of looking them up, and for the ratings of a fighter given no card."""
from dicebox.titlebout import play as tbplay
from dicebox.core.compat import const
from dicebox.core.dice import D20, PCT, TWO_D6
from dicebox.core.game import Game as _Game
from dicebox.core.game import RecordError
from dicebox.titlebout.play import CUT, KNOCKDOWN, KNOCKOUT, M_DRAW, METHODS, REASONS, STOP, STOP_PICK, WARN

RULESET = "titlebout"
CLICKS = const(40)  # clicks of the time track in one round
_KI_POINTS = const(5)  # a punch worth this many points (or more) sets off Killer Instinct
SIDES = ("red", "blue")
ONE, ROUND, BOUT = 0, 1, 2  # how far a NEXT input runs

# end of the bout: method codes in the "end" event
_M_KO = const(1)
_M_TKO_CUT = const(2)
_M_TKO_INJURY = const(3)
_M_TKO_KD = const(4)
_M_DQ = const(5)
_M_DECISION = const(6)  # M_DRAW (7) and the names of the methods: play.py
_BUILT_IN = const(("demo", "dicebox"))  # titlebout/demo.py's sets (tbdata.opt_charts takes their names as they are)


def _checks():
    # loaded with a record, not the module: a running bout leaves them off the heap
    from dicebox.titlebout import data as tbdata

    return tbdata


# The cards the set-up has just checked (check_card's output), for the record it starts: a Start
# neither checks them twice nor loads the checks for them.
CHECKED = []


def _opt_card(v):
    for card in CHECKED:
        if v is card:
            return v
    checked = _checks().opt_card(v)
    return v if checked == v else checked  # a card already in order is not kept twice (record and game)


def _opt_charts(v):
    if v in _BUILT_IN:
        return v  # a built-in set's name: nothing to check
    checked = _checks().opt_charts(v)
    return v if checked == v else checked  # an embedded set already in order is not kept twice


OPTIONS = (
    ("red", None, _opt_card),
    ("blue", None, _opt_card),
    ("charts", "demo", _opt_charts),
    ("rounds", 12, (4, 15)),
    ("assisted", False, bool),
    ("agg_tie", "roll", ("roll", "red", "ask")),
    ("lose_control", "attack", ("attack", "cf")),
    ("foul_chart", "split", ("split", "foul", "injury", "ask")),
    ("ki_roll", "pl", ("pl", "punch")),
    ("ki_clock", True, bool),
    ("round_end", "finish", ("finish", "bell")),
    ("round_start", "carry", ("carry", "agg")),
    ("decision", "rounds", ("rounds", "points", "ten")),
    ("three_knockdowns", False, bool),
    # "none" for saved bouts, which named no tie-break; new bouts take NEW_BOUT's
    ("tie_break", "none", ("none", "next")),
)

# What a new bout plays where the record's defaults are kept for older saved bouts.
NEW_BOUT = (("charts", "dicebox"), ("tie_break", "next"))

# the scoresheet's marks, per round and side: [(round-1) * 8 + side * 4 + k]
SHEET_DOWN = const(0)  # times this side was down
SHEET_CUT = const(1)  # cuts this side suffered (that told: points or a stoppage)
SHEET_FOUL = const(2)  # fouls this side committed (warnings too)
SHEET_OFF = const(3)  # points deducted from this side for its fouls

# Prompts are constants: asking allocates nothing.
NEXT = ("next: 0 exchange 1 round 2 bout", 0, 2)
P_TIE = ("AGG tie, starts: 0 red 1 blue", 0, 1)
P_WHICH = ("99/100: 0 foul 1 injury chart", 0, 1)
P_SETUP = (
    (("red AGG", 0, 20), ("red CF", 1, 20), ("red PL", 1, 98), ("red HP", 0, 20), ("red KI", 0, 20)),
    (("blue AGG", 0, 20), ("blue CF", 1, 20), ("blue PL", 1, 98), ("blue HP", 0, 20), ("blue KI", 0, 20)),
)
_SETUP_KEYS = const(("agg", "cf", "pl", "hp", "ki"))
P_PUNCH = (("red card: punch points", 0, 9), ("blue card: punch points", 0, 9))
P_KIND = ("punch: 0 plain 1 KD 2 cut 3 KD+cut", 0, 3)
P_KDR = ("KD chart at KDR1: pts, 10=K", 0, STOP_PICK)
P_KOR = ("KD chart at KOR: 0 number 1 K", 0, 1)
P_COUNT = ("count chart: count", 1, 9)
P_COUNT_PTS = ("count chart: points", 0, 20)
P_FOUL = ("foul chart: pts off, 10=DQ", 0, STOP_PICK)
P_INJURY = ("injury chart: pts, 10=stop", 0, STOP_PICK)
P_CUT = ("cut chart: pts, 10=stop", 0, STOP_PICK)

# What each die was for, by side (constant strings: the log interns them).
W_TIE = ("AGG tie red 2d6", "AGG tie blue 2d6")
W_CF = ("red CF", "blue CF")
W_PL = ("red PL", "blue PL")
W_KI = ("red KI", "blue KI")
_W_TYPE = const(("red punch chart", "blue punch chart"))
_W_HP = const(("red HP", "blue HP"))
_W_KDR = const(("red KDR1 chart", "blue KDR1 chart"))  # the side hit
_W_KOR = const(("red KOR chart", "blue KOR chart"))
_W_COUNT = const(("red count chart", "blue count chart"))
_W_CUT = const(("red cut chart", "blue cut chart"))
_W_FOUL = const(("red foul chart", "blue foul chart"))  # the side that rolled 99/100
_W_INJURY = const(("red injury chart", "blue injury chart"))


class _Bell(Exception):
    """The 40th click has been used ("bell" option): the exchange stops."""


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        o = options
        self.assisted = o["assisted"]
        self.rounds = o["rounds"]
        self.score = [[0] * self.rounds, [0] * self.rounds]  # the scoresheet: points by round
        self.sheet = bytearray(self.rounds * 8)  # and each round's knockdowns, cuts, fouls, deductions
        self.knockdowns = [0, 0]  # times each side was knocked down
        self.round_kd = [0, 0]
        self.round = 1
        self.click = 0  # clicks used in this round
        self.clicks = 0  # clicks used in the bout
        self.control = -1
        self.starter = -1
        self.exchanges = 0
        self.end = 0  # method code once over
        self.winner = -1
        self.free = False  # KI rolls that do not move the clock
        self.run = ONE
        self._prompt = None
        self._gen = self.fighters = self.codes = self.charts = None
        # the charts last: the instance's dict has its size before their parse breaks up the heap
        charts = o["charts"]
        if isinstance(charts, str):  # a built-in set ("demo", "dicebox")
            from dicebox.titlebout.demo import Sections

            charts = Sections(charts)  # a chart parsed where it is read
        codes = ()
        # a corner whose card has no punch table (ratings only): its punches are asked
        self.asked = [False, False]
        if not self.assisted:
            self.charts = tbplay.Charts(charts)
            for i in (0, 1):
                side = SIDES[i]
                if o[side] is None:
                    raise RecordError("options.%s: a fighter card is needed (or the assisted option)" % side)
                if not self.charts.fits(o[side]):
                    _checks().check_fit(o[side], charts, "options." + side)  # it says what does not fit
                self.asked[i] = not o[side]["punches"]
            codes = self.charts.codes
        else:
            self.charts = None
        self.codes = codes
        self.fighters = [None if o[s] is None else tbplay.Fighter(o[s], codes) for s in SIDES]
        self._gen = self._bout()
        self._advance(None)

    # -- the input side ---------------------------------------------------
    def prompt(self):
        return self._prompt

    def apply(self, value):
        self._advance(value)

    def _advance(self, value):
        try:
            self._prompt = self._gen.send(value)
        except StopIteration:
            self._prompt = None

    # -- dice and clock ---------------------------------------------------
    def _roll(self, die, why):
        if self.click >= CLICKS and self.options["round_end"] == "bell":
            raise _Bell()
        value = self.dice.roll(die, why)
        if not self.free:
            self.click += 1
            self.clicks += 1
        return value

    def _score(self, side, points):
        self.score[side][self.round - 1] += points

    def _mark(self, side, k, n=1):
        i = (self.round - 1) * 8 + side * 4 + k
        self.sheet[i] = min(255, self.sheet[i] + n)

    def marks(self, rnd, side, k):
        """The scoresheet's count k (SHEET_*) for a side in round rnd (1-based)."""
        return self.sheet[(rnd - 1) * 8 + side * 4 + k]

    def _stop(self, method, winner):
        self.end = method
        self.winner = winner
        self.log.event("end", method, winner, self.round)

    # -- the bout ---------------------------------------------------------
    def _bout(self):
        for side in (0, 1):
            if self.fighters[side] is None:
                card = {"name": "Red" if side == 0 else "Blue", "kdr1": 1, "kor": 1}
                for i in range(5):
                    card[_SETUP_KEYS[i]] = yield P_SETUP[side][i]
                self.fighters[side] = tbplay.Fighter(card, ())
        red, blue = self.fighters
        if red.agg != blue.agg:
            first, why = (0 if red.agg > blue.agg else 1), 0
        elif self.options["agg_tie"] == "red":
            first, why = 0, 2
        elif self.options["agg_tie"] == "ask":
            first, why = (yield P_TIE), 3
        else:
            first, why = -1, 1
            while first < 0:  # 2d6 roll-off before the clock starts, again on a tie
                a = self.dice.roll(TWO_D6, W_TIE[0])
                b = self.dice.roll(TWO_D6, W_TIE[1])
                first = 0 if a > b else 1 if b > a else -1
        self.starter = self.control = first
        self.log.event("start", first, why)
        self.run = yield NEXT
        while True:
            try:
                yield from self._exchange()
            except _Bell:
                self.log.event("bell", self.round, self.click)
            if self.end:
                return
            if self.click >= CLICKS:
                self.log.event("round", self.round, self.score[0][self.round - 1], self.score[1][self.round - 1])
                if self.round == self.rounds:
                    self._decide()
                    return
                self.round += 1
                self.click = 0
                self.round_kd[0] = self.round_kd[1] = 0
                if self.options["round_start"] == "agg":
                    self.control = self.starter
                    self.log.event("start", self.starter, 4)
                if self.run != BOUT:
                    self.run = yield NEXT
            elif self.run == ONE:
                self.run = yield NEXT

    def _decide(self):
        a, b = self.decision_score()
        if a == b and self.options["tie_break"] == "next":
            # the tie-break: rounds won decides by points, points or ten-point by rounds won
            a, b = self.totals() if self.options["decision"] == "rounds" else self.rounds_won()
        self._stop(M_DRAW if a == b else _M_DECISION, -1 if a == b else 0 if a > b else 1)

    def decision_score(self):
        """The two figures the decision option compares."""
        rule = self.options["decision"]
        if rule == "rounds":
            return self.rounds_won()
        return self.ten_point() if rule == "ten" else self.totals()

    def ten_round(self, i):
        """Round i (0-based) on a ten-point-must card (docs/rules/title-bout.md, ruling 18)."""
        k = i * 8
        sh = self.sheet
        pa = self.score[0][i] + sh[k + SHEET_OFF]
        pb = self.score[1][i] + sh[k + 4 + SHEET_OFF]
        a = 10 if pa >= pb else 9
        b = 10 if pb >= pa else 9
        a -= sh[k + SHEET_DOWN]
        b -= sh[k + 4 + SHEET_DOWN]
        up = 10 - max(a, b)
        return a + up - sh[k + SHEET_OFF], b + up - sh[k + 4 + SHEET_OFF]

    def ten_point(self):
        a = b = 0
        for i in range(self.round):
            x, y = self.ten_round(i)
            a += x
            b += y
        return a, b

    def _exchange(self):
        self.exchanges += 1
        c = self.control
        roll = self._roll(D20, W_CF[c])
        if roll > self.fighters[c].cf:
            c = self.control = 1 - c
            self.log.event("control", c, roll)
            if self.options["lose_control"] == "cf":
                return
        yield from self._attack(c, False)

    def _attack(self, a, ki):
        """One punch thrown by side a: 2d10 vs PL, then the punch chart."""
        roll = self._roll(PCT, W_KI[a] if ki else W_PL[a])
        if roll < 99 and not (ki and self.options["ki_roll"] == "punch"):
            if roll > self.fighters[a].pl:
                self.log.event("miss", a, roll)
                return
            roll = self._roll(PCT, _W_TYPE[a])
        if roll >= 99:
            yield from self._foul_or_injury(a, roll)
        else:
            yield from self._punch(a, roll, ki)

    def _foul_or_injury(self, a, roll):
        rule = self.options["foul_chart"]
        if rule == "ask":
            injury = (yield P_WHICH) == 1
        else:
            injury = rule == "injury" or (rule == "split" and roll == 100)
        d = 1 - a
        if injury:
            r = self._roll(PCT, _W_INJURY[a])
            effect = (yield P_INJURY) if self.assisted else self.charts.injury[r]
            self.log.event("injury", d, self._pick(effect))
            if effect & STOP or effect == STOP_PICK:
                self._stop(_M_TKO_INJURY, a)
            elif effect and not effect & WARN:
                self._score(a, effect)
        else:
            r = self._roll(PCT, _W_FOUL[a])
            effect = (yield P_FOUL) if self.assisted else self.charts.foul[r]
            self.log.event("foul", a, self._pick(effect))
            if effect:
                self._mark(a, SHEET_FOUL)
            if effect & STOP or effect == STOP_PICK:
                self._stop(_M_DQ, d)
            elif effect and not effect & WARN:
                self._score(a, -effect)
                self._mark(a, SHEET_OFF, effect)

    def _pick(self, effect):
        """An effect as logged: points, -1 a warning, 10 a stoppage."""
        if effect == STOP_PICK or effect & STOP:
            return STOP_PICK
        return -1 if effect & WARN else effect

    def _punch(self, a, roll, ki):
        d = 1 - a
        f = self.fighters[a]
        if self.assisted or self.asked[a]:
            code = -1
            points = yield P_PUNCH[a]
            if self.asked[a] and self.charts.marked:
                flags = self.charts.marks[roll]  # the chart marks its results: only the points are the card's
            else:
                kind = yield P_KIND
                flags = (KNOCKDOWN if kind & 1 else 0) | (CUT if kind & 2 else 0)
        else:
            code = self.charts.punch[roll]
            points = f.points[code]
            flags = self.charts.marks[roll] if self.charts.marked else f.flags[code]
        down = False
        kd_points = 0
        if flags & KNOCKDOWN:
            r = self._roll(D20, _W_HP[a])
            if r <= f.hp:
                r = self._roll(D20, _W_KDR[d])
                v = self._kd_chart(self.fighters[d].kdr1, r)
                if self.assisted:
                    v = yield P_KDR
                    v = KNOCKOUT if v == STOP_PICK else v
                if v != KNOCKOUT:
                    points = v
                    kd_points = 1
                else:
                    down = True
        if not down:
            self._score(a, points)
            self.log.event("punch", a, code, points | (kd_points << 8))
        else:
            self.knockdowns[d] += 1
            self.round_kd[d] += 1
            self._mark(d, SHEET_DOWN)
            r = self._roll(D20, _W_KOR[d])
            v = self._kd_chart(self.fighters[d].kor, r)
            if self.assisted:
                v = KNOCKOUT if (yield P_KOR) == 1 else 0
            if v == KNOCKOUT:
                self.log.event("ko", d, code)
                self._stop(_M_KO, a)
                return
            r = self._roll(PCT, _W_COUNT[d])
            if self.assisted:
                count = yield P_COUNT
                points = yield P_COUNT_PTS
            else:
                count = self.charts.count[r]
                points = self.charts.count_points[r]
            self._score(a, points)
            self.log.event("down", d, count, points)
            if self.options["three_knockdowns"] and self.round_kd[d] >= 3:
                self._stop(_M_TKO_KD, a)
                return
        if flags & CUT:
            r = self._roll(PCT, _W_CUT[d])
            effect = (yield P_CUT) if self.assisted else self.charts.cut[r]
            self.log.event("cut", d, self._pick(effect))
            if effect:
                self._mark(d, SHEET_CUT)
            if effect & STOP or effect == STOP_PICK:
                self._stop(_M_TKO_CUT, a)
                return
            self._score(a, effect)
        if not ki and (down or points >= _KI_POINTS) and f.ki:
            yield from self._killer_instinct(a)

    def _kd_chart(self, rating, r):
        if self.assisted:
            return 0
        return self.charts.kd[rating - 1][r - 1]

    def _killer_instinct(self, a):
        """After a 5-point punch or a knockdown: KI more punches, no new KI from them."""
        n = self.fighters[a].ki
        self.log.event("ki", a, n)
        self.free = not self.options["ki_clock"]
        try:
            for _ in range(n):
                yield from self._attack(a, True)
                if self.end:
                    return
        finally:
            self.free = False

    # -- what the box shows -----------------------------------------------
    def totals(self):
        return sum(self.score[0]), sum(self.score[1])

    def rounds_won(self):
        won = [0, 0]
        for i in range(self.round):
            a, b = self.score[0][i], self.score[1][i]
            if a != b:
                won[0 if a > b else 1] += 1
        return won[0], won[1]

    def result(self):
        if not self.end:
            return None
        w = self.winner
        return {
            "winner": None if w < 0 else self.fighters[w].name,
            "side": None if w < 0 else SIDES[w],
            "method": METHODS[self.end],
            "reason": REASONS[self.end],
            "round": self.round,
            "click": self.click,
            "scoresheet": [[self.score[0][i], self.score[1][i]] for i in range(self.round)],
            "totals": list(self.totals()),
            "rounds_won": list(self.rounds_won()),
            "knockdowns": list(self.knockdowns),
            "decision": self.options["decision"],
            "ten_point": list(self.ten_point()) if self.options["decision"] == "ten" else None,
        }

    def state(self):
        return {
            "fighters": [None if f is None else f.name for f in self.fighters],
            "round": self.round,
            "click": self.click,
            "clicks": self.clicks,
            "control": self.control,
            "exchanges": self.exchanges,
            "score": [list(self.score[0]), list(self.score[1])],
            "knockdowns": list(self.knockdowns),
            "over": bool(self.end),
        }

    def _name(self, side):
        f = self.fighters[side] if 0 <= side < 2 else None
        return f.name if f is not None else SIDES[side] if 0 <= side < 2 else "?"

    def describe(self, name, a, b, c):
        # transcript text, not needed while a bout is played: loaded only when asked for
        from dicebox.titlebout import describe as tbdescribe

        return tbdescribe.describe(self, name, a, b, c)
