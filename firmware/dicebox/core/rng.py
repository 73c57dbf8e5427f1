"""Seeded generator inside MicroPython's 31-bit small ints, so a draw allocates nothing: L'Ecuyer's
(1988) two multiplicative congruential generators, Schrage's method (docs/fairness.md);
tests/test_rng.py proves every intermediate value lies in -2**30 < v < 2**30."""
from dicebox.core.compat import const

_M1 = const(1073741789)  # 2**30 - 35, prime
_A1 = const(32737)  # primitive root mod _M1, below sqrt(_M1) for Schrage
_Q1 = const(32799)  # _M1 // _A1
_R1 = const(926)  # _M1 % _A1
_M2 = const(1073741783)  # 2**30 - 41, prime
_A2 = const(32741)
_Q2 = const(32795)  # _M2 // _A2
_R2 = const(688)  # _M2 % _A2
SPAN = const(1073741788)  # outputs are 1.._M1-1, so this many values
SEED_MAX = const(999999999)  # nine digits: typed on four buttons, shown on screen
_WARMUP = const(8)  # decorrelates neighbouring seeds


class Rng:
    __slots__ = ("s1", "s2")

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if not 0 <= seed <= SEED_MAX:
            raise ValueError("seed must be 0..999999999")
        self.s1 = seed + 1
        self.s2 = _M2 - 1 - seed
        for _ in range(_WARMUP):
            self.next()

    def next(self):
        """One draw, 1..SPAN."""
        s = self.s1
        k = s // _Q1
        s = _A1 * (s - k * _Q1) - k * _R1
        if s < 0:
            s += _M1
        self.s1 = s
        t = self.s2
        k = t // _Q2
        t = _A2 * (t - k * _Q2) - k * _R2
        if t < 0:
            t += _M2
        self.s2 = t
        s -= t
        if s < 1:
            s += SPAN
        return s

    def below(self, n):
        """Uniform 0..n-1 by rejection: no value is favoured by a modulo."""
        limit = SPAN - SPAN % n
        while True:
            v = self.next() - 1
            if v < limit:
                return v % n

    def state(self):
        return (self.s1, self.s2)

    def restore(self, state):
        s1, s2 = state
        if not (0 < s1 < _M1 and 0 < s2 < _M2):
            raise ValueError("generator state out of range")
        self.s1 = s1
        self.s2 = s2
