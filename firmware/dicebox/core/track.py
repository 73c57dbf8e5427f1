"""Time tracks: ticks grouped into periods (Title Bout clicks in 40-click
rounds, arena moments counting down from 10, boxing rounds)."""


class Track:
    __slots__ = ("per", "periods", "ticks")

    def __init__(self, per, periods):
        self.per = per  # ticks in one period
        self.periods = periods  # periods before the track runs out
        self.ticks = 0

    def tick(self, n=1):
        """Advance n ticks; returns how many period ends were crossed."""
        before = self.ticks // self.per
        self.ticks += n
        return self.ticks // self.per - before

    @property
    def period(self):
        """1-based period now running (the last one once the track is over)."""
        return min(self.ticks // self.per, self.periods) + (0 if self.over else 1)

    @property
    def left(self):
        """Ticks left in the current period."""
        if self.over:
            return 0
        return self.per - self.ticks % self.per

    @property
    def remaining(self):
        """Ticks left on the whole track (a countdown reads this)."""
        return max(0, self.per * self.periods - self.ticks)

    @property
    def over(self):
        return self.ticks >= self.per * self.periods
