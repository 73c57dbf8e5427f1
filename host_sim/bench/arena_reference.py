"""A straightforward Arena duel, written from the rules text alone: the baseline
the project's fight loops are measured against (b_arena_speed_host.py).

Plain Python and the `random` module, one object per fighter, the default
rulings of docs/rules/arena.md (stun makes the target 1 lower, the move table
governs Stun/KB, "lower" is the d20 face, items trigger on every space knocked
through, crumbling repeats, equal Special for Energy Vampire hits both, no
shared spaces). Not the box's dice stream: its outcomes agree with the core's
only as distributions (tests/test_arena_fast.py compares them).
"""
import random

ATTACK = {  # die: (name, stat, stat, bonus, damage, stun, knock-back)
    1: ("Strike", "P", "A", 1, "1", False, False),
    2: ("Heavy Strike", "P", "A", 0, "2", True, False),
    3: ("Kick", "P", "A", 1, "1", False, False),
    4: ("Heavy Kick", "P", "A", 0, "2", False, True),
    5: ("Grapple", "P", "T", 0, "D3+1", False, True),
    6: ("Special", "S", "S", 0, "D3+1", True, False),
}
DEFEND = {  # die: (name, stat, stat, bonus, damage, stun, knock-back, switch, random event)
    1: ("Block", "T", "T", 1, "0", False, False, False, True),
    2: ("Counter", "T", "S", 0, "D3", False, False, True, False),
    3: ("Dodge", "A", "A", 0, "0", False, False, True, False),
    4: ("Shield", "T", "S", 0, "D3+1", False, False, False, False),
    5: ("Grapple", "P", "T", 0, "D3+1", False, True, False, False),
    6: ("Special", "S", "S", 0, "D3+1", True, False, True, False),
}


class Fighter:
    def __init__(self, stats, health, space):
        self.stats = dict(zip("PTAS", stats))
        self.health = health
        self.space = space
        self.stunned = False
        self.roll = 0


class Over(Exception):
    """The fight has ended (winner None for a tie)."""

    def __init__(self, winner, method):
        Exception.__init__(self, winner, method)
        self.winner = winner
        self.method = method


class Duel:
    def __init__(self, a, b, health=10, rng=None):
        self.rng = rng or random.Random()
        self.f = [Fighter(a, health, 4), Fighter(b, health, 5)]
        self.start = health
        self.lo, self.hi = 1, 8
        self.mines = set()
        self.crystals = set()
        self.time = 10
        self.moments = 0

    def d(self, sides):
        return self.rng.randint(1, sides)

    def damage_roll(self, text):
        return {"0": 0, "1": 1, "2": 2, "D3": self.d(3), "D3+1": self.d(3) + 1}[text]

    def play(self):
        """(winner 0/1/None, method, moments)."""
        a, b = self.f
        while True:
            ra, rb = self.d(20) + a.stats["A"], self.d(20) + b.stats["A"]
            if ra != rb:
                break
        self.att = 0 if ra > rb else 1
        try:
            while True:
                self.moment()
        except Over as end:
            return end.winner, end.method, self.moments

    def test(self, f, stat1, stat2, bonus):
        target = f.stats[stat1] + f.stats[stat2] + bonus
        if f.stunned:
            f.stunned = False
            target -= 1
        f.roll = self.d(20)
        return f.roll <= target

    def moment(self):
        self.moments += 1
        att, dfn = self.f[self.att], self.f[1 - self.att]
        am, dm = self.d(6), self.d(6)
        amove, dmove = ATTACK[am], DEFEND[dm]
        ok_a = self.test(att, amove[1], amove[2], amove[3])
        ok_d = self.test(dfn, dmove[1], dmove[2], dmove[3])
        self.lower_one = None
        if ok_a and not ok_d:
            self.hit(dfn, amove[4], amove[5], amove[6])
        elif ok_d and not ok_a:
            self.hit(att, dmove[4], dmove[5], dmove[6])
            if dmove[7]:
                self.att = 1 - self.att
            if dmove[8]:
                self.random_event()
        elif not ok_a:
            self.random_event()
        else:
            self.both_passed(am, dm)
        self.count_down(1)

    def lower(self):
        if self.lower_one is None:
            a, b = self.f
            if a.roll != b.roll:
                self.lower_one = a if a.roll < b.roll else b
            else:
                while True:
                    ra, rb = self.d(20), self.d(20)
                    if ra != rb:
                        break
                self.lower_one = a if ra < rb else b
        return self.lower_one

    def other(self, f):
        return self.f[1] if f is self.f[0] else self.f[0]

    def hit(self, f, damage, stun, kb):
        self.hurt(f, self.damage_roll(damage))
        if stun:
            f.stunned = True
        if kb:
            self.knock_back(f, 1)

    def hurt(self, f, amount):
        f.health = max(0, f.health - amount)
        self.check_ko()

    def hurt_both(self, fa, na, fb, nb):
        fa.health = max(0, fa.health - na)
        fb.health = max(0, fb.health - nb)
        self.check_ko()

    def check_ko(self):
        a, b = self.f
        if a.health == 0 and b.health == 0:
            raise Over(None, "ko")
        if a.health == 0:
            raise Over(1, "ko")
        if b.health == 0:
            raise Over(0, "ko")

    def knock_back(self, f, spaces):
        o = self.other(f)
        step = -1 if f.space < o.space else 1
        for left in range(spaces - 1, -1, -1):
            to = f.space + step
            if to < self.lo or to > self.hi:
                raise Over(self.f.index(o), "ringout")
            o.space, f.space = f.space, to
            if to in self.mines:
                self.mines.discard(to)
                self.hurt(f, self.d(3))
                self.knock_back(f, 1 + left)
                return
            if to in self.crystals:
                self.crystals.discard(to)
                f.health = min(self.start, f.health + self.d(3))

    def grapple(self, f):
        self.hurt(f, self.d(3))
        self.knock_back(f, self.d(3))

    def both_passed(self, am, dm):
        att, dfn = self.f[self.att], self.f[1 - self.att]
        if dm in (1, 3):
            if am in (1, 3):
                self.random_event()
            elif am in (2, 4):
                self.knock_back(self.lower(), 1)
            elif am == 5:
                self.grapple(self.lower())
            elif self.lower() is dfn:
                self.hurt(dfn, 1)
            else:
                self.att = 1 - self.att
        elif dm == 2:
            m = ATTACK[am]
            self.hit(self.lower(), m[4], m[5], m[6])
        elif dm == 4:
            low = self.lower()
            if am == 6:
                self.hurt(low, self.d(6))
                self.knock_back(low, self.d(3))
            else:
                self.hurt(low, 1)
                self.knock_back(low, 1)
        elif dm == 5 or am != 6:
            self.grapple(self.lower())
        else:
            low = self.lower()
            big, small = self.d(6), self.d(3)
            self.hurt_both(low, big, self.other(low), small)

    def place(self, items):
        free = [s for s in range(self.lo, self.hi + 1)
                if s not in (self.f[0].space, self.f[1].space) and s not in self.mines and s not in self.crystals]
        if free:
            while True:
                s = self.d(8)
                if s in free:
                    items.add(s)
                    return

    def count_down(self, n):
        self.time = max(0, self.time - n)
        if self.time == 0:
            a, b = self.f
            if a.health == b.health:
                raise Over(None, "tie")
            raise Over(0 if a.health > b.health else 1, "time")

    def opposed(self, stat):
        """(lower scorer or None on a tie), attacker first."""
        att, dfn = self.f[self.att], self.f[1 - self.att]
        sa, sd = self.d(20) + att.stats[stat], self.d(20) + dfn.stats[stat]
        if sa == sd:
            return None
        return dfn if sa > sd else att

    def random_event(self):
        n = self.d(20)
        att, dfn = self.f[self.att], self.f[1 - self.att]
        if n == 1:
            self.place(self.mines)
        elif 2 <= n <= 5:
            stat = "PTAS"[n - 2]
            failed = [f for f in (att, dfn) if self.d(20) > 2 * f.stats[stat]]
            for f in failed:
                f.health = max(0, f.health - (self.d(3) if n <= 3 else 1 if n == 4 else 2))
            self.check_ko()
            if n == 4:
                for f in failed:
                    f.stunned = True
        elif n == 6:
            self.hurt(self.lower(), self.d(3))
        elif n == 7:
            self.cells_fall()
        elif n == 8:
            self.grapple(self.other(self.lower()))
        elif n == 9:
            self.hurt(att, 1)
            att.stunned = True
            self.att = 1 - self.att
        elif n == 10:
            self.count_down(self.d(3))
        elif n == 11:
            att.space, dfn.space = dfn.space, att.space
        elif n == 14:
            while True:
                low = self.opposed("A")
                if low is not None:
                    break
            self.knock_back(low, self.d(3))
        elif n in (12, 13, 15):
            low = self.opposed("P" if n == 12 else "T" if n == 13 else "S")
            if low is None:
                self.hurt_both(att, 2, dfn, 2)
            else:
                self.hurt(low, self.d(3))
                if n == 15:
                    self.knock_back(low, self.d(3))
        elif n == 16:
            self.place(self.crystals)
        elif n == 17:
            a, b = self.f
            if a.stats["S"] == b.stats["S"]:
                self.hurt_both(a, self.d(3), b, self.d(3))
                a.stunned = b.stunned = True
            else:
                f = a if a.stats["S"] > b.stats["S"] else b
                self.hurt(f, self.d(3))
                f.stunned = True
        elif n == 18:
            self.grapple(att)
        elif n == 19:
            self.grapple(dfn)
        else:
            while True:
                ra, rb = self.d(20), self.d(20)
                if ra != rb:
                    break
            raise Over(0 if ra > rb else 1, "sudden-death")

    def cells_fall(self):
        lo, hi = self.lo, self.hi
        for items in (self.mines, self.crystals):
            items.discard(lo)
            items.discard(hi)
        self.lo, self.hi = lo + 1, hi - 1
        out = [f.space in (lo, hi) for f in self.f]
        if out[0] and out[1]:
            raise Over(None, "ringout")
        if out[0]:
            raise Over(1, "ringout")
        if out[1]:
            raise Over(0, "ringout")


def fight(a, b, seed, health=10):
    """(winner 0/1/None, method, moments) of one duel from random.Random(seed)."""
    return Duel(a, b, health, random.Random(seed)).play()
