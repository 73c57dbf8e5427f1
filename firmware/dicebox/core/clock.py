"""The session clock: session ms from a wrapping ticks_ms counter.

Apart from core/larp.py so that a wound session asleep (ui/larp_timer.py)
keeps time without the LARP rules on the heap.
"""
from dicebox.core.compat import const

TICKS_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30 on the Pico
SESSION_MAX = const(0x3FFFFFFF)  # ms, about 12.4 days: the largest small int


def ticks_step(last, raw):
    """ms from reading `last` to reading `raw` of a wrapping 30-bit tick counter."""
    return (raw - last) & TICKS_MASK


class SessionClock:
    """Session ms from raw ticks_ms readings; stops at SESSION_MAX (never wraps).

    Read it more often than every 12 days (the device does so many times a
    second). After a power cut, start it with the last saved session ms.
    """

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
