"""A LARP wound session asleep: what Home ticks while another mode is played.

The whole session (tracker.py) holds much heap, and between its timers only the clock changes:
a Timer stands in, with the clock, the next timer's due time and whether an alert waits, and
wakes the session then. At boot the clock resumes at the clock file (journal.py) plus the time
off by the clock chip; without one, the judge is asked to add the time off (paused.py).
"""

from dicebox.larp import journal
from dicebox.larp.journal import JOURNAL, MODE, SAVE_MS, read_clock_file, wall_now, write_clock
from dicebox.core.clock import SESSION_MAX, SessionClock


class Timer:
    """The session asleep: its clock, its next timer, a waiting alert."""

    def __init__(self, app, ms, stamp):
        self.app = app
        self.resume_ms = self.saved_ms = ms
        self.stamp = stamp
        self.clock = None
        self.paused = False  # the time off is not known: the judge is asked (paused.ring)
        self.roster = None  # (count, names) kept by the session as it dozed: a target picker's, no wake

    @property
    def ms(self):
        return self.clock.ms if self.clock is not None else self.resume_ms

    def tick(self, now):
        if self.clock is None:
            self.clock = SessionClock(now, self.resume_ms)
        ms = self.clock.update(now)
        if self.paused:
            from dicebox.larp.paused import ring

            ring(self)
            return
        due = self.stamp[0]
        if self.stamp[1] or 0 <= due <= ms:
            self.wake(now)
        elif ms - self.saved_ms >= SAVE_MS:
            self.suspend()

    def suspend(self):
        """The clock to flash (every SAVE_MS)."""
        if self.ms != self.saved_ms:
            self.saved_ms = self.ms
            write_clock(self.app.store, self.ms, self.stamp, wall_now(self.app))

    def mode_opens(self, module):
        """Home opens `module`: the LARP screens use the whole session, loaded now while the heap is whole."""
        if module == MODE:
            self.wake(for_good=True)

    def wake(self, now=None, for_good=False):
        """The whole session in this Timer's place among Home's tasks, ticked at `now`, asleep again
        after unless for_good; the Tracker, or None if it had ended (then filed in History)."""
        from dicebox.larp import tracker as larp_tracker

        home = self.app.stack[0]
        tr = larp_tracker.load(self.app, Timer, self.ms)
        if tr is None:
            home.remove_task(self)
            return None
        tr.clock = self.clock  # no time lost between the two
        tr.paused = self.paused
        home.replace_task(self, tr)
        tr.woken = not for_good
        if now is not None:
            tr.tick(now)
        return tr


def load(app):
    """At boot: the saved session, asleep if its clock stamp still holds, else whole (tracker.load),
    its clock past the time off when the clock chip tells it."""
    store = app.store
    ms, stamp, wall = read_clock_file(store)
    now = None if getattr(app.platform, "wall_lost", False) else wall_now(app)
    paused = False
    if wall is not None and now is not None and now >= wall:
        ms = min(ms + (now - wall) * 1000, SESSION_MAX)
    else:  # a power cut or an error's restart, with no clock chip to count the time off
        paused = True
    if stamp is not None and stamp[2] == journal.size(store, JOURNAL):
        task = Timer(app, ms, stamp)
        due = stamp[0]
    else:
        from dicebox.larp import tracker as larp_tracker

        task = larp_tracker.load(app, Timer, ms)
        due = task.due if task is not None else -1
    if task is not None:
        task.paused = paused and due >= 0  # only a running timer is late by the time off: else nothing to ask
    return task
