"""The session clock from a wrapping ticks_ms: apart from larp/common.py so that a wound session
asleep (larp/timer.py) keeps time without the LARP rules on the heap."""
from dicebox.core.compat import const

TICKS_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30 on the Pico
SESSION_MAX = const(0x3FFFFFFF)  # ms, about 12.4 days: the largest small int


def ticks_step(last, raw):
    """ms from reading `last` to reading `raw` of a wrapping 30-bit tick counter."""
    return (raw - last) & TICKS_MASK


class SessionClock:
    """Session ms from raw ticks_ms readings, stopping at SESSION_MAX; read it more often than every
    12 days (the wrap), and after a power cut start it at the last saved session ms."""

    __slots__ = ("ms", "last")

    def __init__(self, raw, resume_ms=0):
        self.ms = resume_ms
        self.last = raw

    def update(self, raw):
        step = (raw - self.last) & TICKS_MASK
        self.last = raw
        if step > SESSION_MAX - self.ms:
            self.ms = SESSION_MAX
        else:
            self.ms += step
        return self.ms


# --- A clock chip's calendar time as integer seconds --------------------------
_BEFORE = const((0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334))  # days before each month
_EPOCH_DAYS = const(738885)  # _days(2024, 1, 1): small ints to 2058 (2**30 s is 34 years)


def _days(y, mo, d):
    """Days from 0001-01-01 (proleptic Gregorian) to y-mo-d."""
    y1 = y - 1
    n = y1 * 365 + y1 // 4 - y1 // 100 + y1 // 400 + _BEFORE[mo - 1] + d - 1
    if mo > 2 and y % 4 == 0 and (y % 100 != 0 or y % 400 == 0):
        n += 1
    return n


def wall_seconds(y, mo, d, h, mi, s):
    """Seconds since 2024-01-01 of an RTC's calendar time (only differences are used), or None if no real date."""
    if not (2000 <= y <= 2057 and 1 <= mo <= 12 and 1 <= d <= 31 and 0 <= h <= 23 and 0 <= mi <= 59 and 0 <= s <= 59):
        return None
    return ((_days(y, mo, d) - _EPOCH_DAYS) * 24 + h) * 3600 + mi * 60 + s
