"""Wound tracker with live timers: a LARP session as a record (docs/rules/larp.md).

Every input is [t, op, participant, arg], t session ms (0..larp.SESSION_MAX, never less than
the input before). The timers are a function of time: an input first brings every wound up to
its t, logging each escalation at the ms it was due; the device feeds TICK at next_due().

  TICK   [t, 0, 0, 0]     bring timers up to t (escalations, alerts)
  WOUND  [t, 1, p, kind]  kind 1 light, 2 heavy, 3 mortal
  HELP   [t, 2, p, 0]     help of no stated kind: p's light and heavy wounds stop
                          (records from before first aid and medical help were told apart)
  ACK    [t, 3, 0, 0]     the judge acknowledges every pending alert
  CHOOSE [t, 4, p, c]     p's mortal wound: c 1 the character dies, 2 stays heavy to the end
  HEAL   [t, 5, p, 0]     p's light and heavy wounds are healed (removed)
  END    [t, 6, 0, 0]     the game is over
  AID    [t, 7, p, w]     first aid: stops p's light wounds (and heavy ones with
                          option first_aid "any"); w 0 every such wound, else wound w
  MEDIC  [t, 8, p, w]     medical help: stops p's light and heavy wounds; w as for AID
Wound w is the wound's number in the session, 1 for the first one given.
"""
from array import array

from dicebox.larp import common as larp
from dicebox.larp import help as _help
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game

RULESET = "wounds"
TICK = const(0)
WOUND = const(1)
HELP = const(2)
ACK = const(3)
CHOOSE = const(4)
HEAL = const(5)
END = const(6)
AID = _help.AID
MEDIC = _help.MEDIC
_OPS = const(("tick", "wound", "help", "ack", "choose", "heal", "end", "first aid", "medical help"))
DIES = const(1)
STAYS = const(2)
_MAX_OPEN = const(8)  # open wounds per participant: what one screen line can summarise
_MAX_WOUNDS = const(2000)  # wounds in a session: bounds the tracker's memory
_HELPED = const(1)
ALERT = _help.ALERT
AIDED = _help.AIDED
TREATED = _help.TREATED
_NO_TIMER = const(0x3FFFFFFF)
_MINUTE = const(60000)
_RANK = const((0, 1, 2, 4, 5, 3))  # by kind: which wound a row without a timer shows (dead over all)


def ordinal(n):
    """'1st', '2nd', '3rd', '11th' ... in English."""
    return "%d%s" % (n, "th" if 10 <= n % 100 <= 20 else ("th", "st", "nd", "rd")[n % 10] if n % 10 < 4 else "th")


def _order(row):
    """Running timers first, nearest first; then the rest by participant."""
    return row[0] if row[0] >= 0 else _NO_TIMER - 100 + row[1]


def _after(a, b):
    """Row a sorts after row b (_order, equal times by participant: the same on every interpreter)."""
    ka = _order(a)
    kb = _order(b)
    return ka > kb or (ka == kb and a[1] > b[1])


def _roster(value):
    if not isinstance(value, (list, tuple)):
        raise ValueError("must be a list of names")
    if not value:
        return ()
    try:
        return larp.check_names(value, "roster")
    except larp.RosterError as e:
        raise ValueError(str(e))


OPTIONS = (
    ("light_min", 30, (1, 600)),  # minutes without help before a light wound is heavy
    ("heavy_min", 15, (1, 600)),  # minutes without help before a heavy wound is mortal
    ("participants", 30, (1, larp.MAX_PARTICIPANTS)),  # numbered, when there is no roster
    ("roster", (), _roster),  # names; participant n is the n-th name
    ("first_aid", "light", ("light", "any")),  # what first aid stops: light wounds, or heavy ones too (ruling W2)
)


def inputs_from_result(result, t, participants=None):
    """Tracker inputs for a fight result's wounds; `participants` maps its `who` (duellist 1/2, or a
    target) to a participant (by default `who` is one); participant 0's wounds are left out."""
    out = []
    for who, kind in result.get("wounds", ()):
        p = participants[who] if participants is not None else who
        if p:
            out.append([t, WOUND, p, larp.KIND_NAMES.index(kind)])
    return out


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.names = options["roster"]
        self.count = len(self.names) or options["participants"]
        self.light_ms = options["light_min"] * _MINUTE
        self.heavy_ms = options["heavy_min"] * _MINUTE
        self.aid_heavy = options["first_aid"] == "any"
        self.now = 0  # time of the last input
        self.ended = False
        # One slot per wound ever given, in parallel arrays (no object per wound).
        self.who = bytearray()
        self.kind = bytearray()
        self.flags = bytearray()
        self.due = array("i")  # ms when it escalates, -1 when it does not
        self.row_of = bytearray(self.count + 1)  # views_into's scratch: participant -> row + 1

    # --- pure views -------------------------------------------------------------
    def name(self, p):
        return self.names[p - 1] if self.names else "#%d" % p

    def _project(self, i, t):
        """(kind, due) of wound i at time t, without changing anything."""
        kind = self.kind[i]
        due = self.due[i]
        while 0 <= due <= t:
            if kind == larp.LIGHT:
                kind = larp.HEAVY
                due += self.heavy_ms
            else:
                kind = larp.MORTAL
                due = -1
        return kind, due

    def next_due(self):
        """Session ms of the next escalation, or -1: feed TICK then."""
        best = _NO_TIMER
        due = self.due
        for i in range(len(due)):
            if 0 <= due[i] < best:
                best = due[i]
        return -1 if best == _NO_TIMER else best

    def views(self, now):
        """The list for the screen at `now`: one row per wounded participant,
        (ms left or -1, participant, kind of that wound, open wounds), the one
        nearest to escalation first, then those without a running timer."""
        rows = []
        return [tuple(rows[k]) for k in range(self.views_into(now, rows))]

    def views_into(self, now, rows):
        """views(now) written into `rows`, a list of 4-item lists kept from call
        to call: the screen redraws it every second, and builds no new objects
        once the list has grown. Returns the count; rows past it are stale."""
        n = 0
        heavy = self.heavy_ms
        row_of = self.row_of
        kinds = self.kind
        dues = self.due
        for i in range(len(self.who)):
            kind = kinds[i]
            if kind == larp.NONE:
                continue
            due = dues[i]
            while 0 <= due <= now:  # _project, inline: no tuple per wound
                if kind == larp.LIGHT:
                    kind = larp.HEAVY
                    due += heavy
                else:
                    kind = larp.MORTAL
                    due = -1
            p = self.who[i]
            left = due - now if due >= 0 else -1
            j = row_of[p] - 1
            if j < 0:
                if n == len(rows):
                    rows.append([0, 0, 0, 0])
                row = rows[n]
                row[0] = left
                row[1] = p
                row[2] = kind
                row[3] = 1
                n += 1
                row_of[p] = n
                continue
            row = rows[j]
            row[3] += 1
            if left >= 0:
                if row[0] < 0 or left < row[0]:
                    row[0] = left
                    row[2] = kind
            elif row[0] < 0 and _RANK[kind] > _RANK[row[2]]:
                row[2] = kind
        for a in range(n):
            row_of[rows[a][1]] = 0
        for a in range(1, n):  # insertion sort in place: a few dozen rows, no allocation
            row = rows[a]
            b = a - 1
            while b >= 0 and _after(rows[b], row):
                rows[b + 1] = rows[b]
                b -= 1
            rows[b + 1] = row
        return n

    def alerts(self):
        """Wound ids with an unacknowledged escalation: flash and buzz until ACK."""
        return [i for i in range(len(self.flags)) if self.flags[i] & ALERT]

    def choices(self):
        """Wound ids waiting for the player's choice (dies or stays heavy)."""
        return [i for i in range(len(self.kind)) if self.kind[i] == larp.MORTAL]

    def nth(self, i):
        """(n, of): wound i is its participant's n-th wound of `of` given him so far
        in the session: which one, for an alert or a transcript line."""
        p = self.who[i]
        n = of = 0
        for j in range(len(self.who)):
            if self.who[j] == p:
                of += 1
                if j <= i:
                    n = of
        return n, of

    def wounds_of(self, p):
        return [(i, self.kind[i]) for i in range(len(self.who)) if self.who[i] == p and self.kind[i]]

    def _dead(self, p):
        for i in range(len(self.who)):
            if self.who[i] == p and self.kind[i] == larp.DEAD:
                return True
        return False

    def helpable(self, op, p, t, w=0):
        """Wound ids of p (or just wound number w) that help `op` would stop at t."""
        return _help.helpable(self, op, p, t, w)

    def _open(self, p, t, kinds):
        n = 0
        for i in range(len(self.who)):
            if self.who[i] == p and self._project(i, t)[0] in kinds:
                n += 1
        return n

    # --- inputs -------------------------------------------------------------------
    def prompt(self):
        if self.ended:
            return None
        return ("session event", 0, 0)

    def check(self, value):
        if self.ended:
            raise ValueError("the session has ended")
        if not isinstance(value, list) or len(value) != 4:
            raise ValueError("a session event is [t, op, participant, arg], not %r" % (value,))
        for x in value:
            if not isinstance(x, int) or isinstance(x, bool):
                raise ValueError("[t, op, participant, arg] must be whole numbers, not %r" % (value,))
        t, op, p, arg = value
        if not self.now <= t <= larp.SESSION_MAX:
            if t < self.now:
                raise ValueError("time %d ms is before the last event (%d ms)" % (t, self.now))
            raise ValueError("time %d ms is past the session limit (about 12 days): start a new session" % t)
        if not 0 <= op < len(_OPS):
            raise ValueError("op %d is not 0..%d" % (op, len(_OPS) - 1))
        if op in (TICK, ACK, END):
            if p or arg:
                raise ValueError("%s takes no participant or argument" % _OPS[op])
            return
        if not 1 <= p <= self.count:
            raise ValueError("participant %d is not 1..%d" % (p, self.count))
        if self._dead(p):
            raise ValueError("participant %d (%s) is dead" % (p, self.name(p)))
        if op == WOUND:
            if not larp.LIGHT <= arg <= larp.MORTAL:
                raise ValueError("wound kind %d is not 1 light, 2 heavy or 3 mortal" % arg)
            if self._open(p, t, (larp.LIGHT, larp.HEAVY, larp.MORTAL)) >= _MAX_OPEN:
                raise ValueError("participant %d has %d open wounds already" % (p, _MAX_OPEN))
            if len(self.who) >= _MAX_WOUNDS:
                raise ValueError("the session holds %d wounds: start a new one" % _MAX_WOUNDS)
            return
        if op == AID or op == MEDIC:
            _help.check(self, op, p, t, arg)
            return
        if arg and op != CHOOSE:
            raise ValueError("%s takes no argument" % _OPS[op])
        if op == CHOOSE:
            if arg not in (DIES, STAYS):
                raise ValueError("choice %d is not 1 dies or 2 stays heavy" % arg)
            if not self._open(p, t, (larp.MORTAL,)):
                raise ValueError("participant %d has no mortal wound to choose for" % p)
        elif not self._open(p, t, (larp.LIGHT, larp.HEAVY)):
            raise ValueError("participant %d has no light or heavy wound" % p)

    def apply(self, value):
        t, op, p, arg = value
        self.advance(t)
        self.now = t
        if op == WOUND:
            self._wound(t, p, arg)
        elif op == HELP or op == HEAL:
            n = 0
            for i in range(len(self.who)):
                if self.who[i] == p and self.kind[i] in (larp.LIGHT, larp.HEAVY):
                    if op == HEAL:
                        self.kind[i] = larp.NONE
                    self.due[i] = -1
                    self.flags[i] = (self.flags[i] | _HELPED) & ~ALERT  # its alert answered
                    n += 1
            self._event("help" if op == HELP else "healed", p, t)
        elif op == AID or op == MEDIC:
            _help.give(self, op, p, t, arg)
        elif op == ACK:
            for i in range(len(self.flags)):
                self.flags[i] &= ~ALERT
            self._event("ack", 0, t)
        elif op == CHOOSE:
            for i in range(len(self.who)):
                if self.who[i] == p and self.kind[i] == larp.MORTAL:
                    self.kind[i] = larp.DEAD if arg == DIES else larp.KEPT
                    self.flags[i] &= ~ALERT
                    self._event("dies" if arg == DIES else "stays heavy", i, t)
                    break
        elif op == END:
            self.ended = True
            self._event("end", 0, t)

    def _wound(self, t, p, kind):
        self.who.append(p)
        self.kind.append(kind)
        self.flags.append(0)
        if kind == larp.LIGHT:
            self.due.append(t + self.light_ms if self.light_ms <= larp.SESSION_MAX - t else -1)
        elif kind == larp.HEAVY:
            self.due.append(t + self.heavy_ms if self.heavy_ms <= larp.SESSION_MAX - t else -1)
        else:
            self.due.append(-1)
        self._event(("light", "heavy", "mortal")[kind - 1], len(self.who) - 1, t)

    def advance(self, t):
        """Escalate every wound due by t, earliest first, each logged at its own time."""
        due = self.due
        while True:
            first = -1
            when = _NO_TIMER
            for i in range(len(due)):
                if 0 <= due[i] < when:
                    when = due[i]
                    first = i
            if first < 0 or when > t:
                return
            self.flags[first] |= ALERT
            if self.kind[first] == larp.LIGHT:
                self.kind[first] = larp.HEAVY
                due[first] = when + self.heavy_ms if self.heavy_ms <= larp.SESSION_MAX - when else -1
                self._event("became heavy", first, when)
            else:
                self.kind[first] = larp.MORTAL
                due[first] = -1
                self._event("became mortal", first, when)

    def _event(self, name, a, t):
        self.log.event(name, a, t // _MINUTE, t % _MINUTE // 1000)

    def result(self):
        if not self.ended:
            return None
        return {"winner": None, "method": "session end", "summary": self.summary()}

    def summary(self):
        """Per kind, the participants who hold such a wound."""
        out = {}
        for k in (larp.LIGHT, larp.HEAVY, larp.MORTAL, larp.DEAD, larp.KEPT):
            ps = sorted(set(self.who[i] for i in range(len(self.who)) if self.kind[i] == k))
            out[larp.KIND_NAMES[k]] = ps
        return out

    def state(self):
        return {"now": self.now, "who": list(self.who), "kind": list(self.kind), "flags": list(self.flags),
                "due": list(self.due), "ended": self.ended}

    def describe(self, name, a, b, c):
        at = "%d:%02d:%02d " % (b // 60, b % 60, c)
        if name in ("help", "healed"):
            return at + "%s: %s %d %s" % (name, "help given to" if name == "help" else "healed", a, self.name(a))
        if name == "ack":
            return at + "alerts acknowledged"
        if name == "end":
            return at + "end of the game"
        p = self.who[a]
        who = "%d %s" % (p, self.name(p))
        if name in _help.EVENTS:
            help, kind = name.split(": ")
            return at + "%s to %s: %s wound %d stops" % (help, who, kind, a + 1)
        if name in ("light", "heavy", "mortal"):
            return at + "%s wound to %s (wound %d)" % (name, who, a + 1)
        if name.startswith("became"):
            # in words: whose, and which of his wounds ("wound 13 of 13 #13" read as a count)
            return at + "ALERT: the %s wound of participant %s (session wound %d) %s" % (ordinal(self.nth(a)[0]), who, a + 1, name)
        if name in ("dies", "stays heavy"):
            return at + "%s %s (mortal wound %d)" % (who, "dies" if name == "dies" else "stays heavily wounded to the end", a + 1)
        return _Game.describe(self, name, a, b, c)
