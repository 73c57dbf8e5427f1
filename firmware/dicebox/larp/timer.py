"""A LARP wound session asleep: what Home ticks while another mode is played.

The whole session (larp/tracker.py: the rules, the game, the journal) holds
14 to 18 KB of heap. Between its timers nothing in it changes but the clock, so
where no LARP screen needs it, a Timer stands in: the session clock, when the
next timer runs out and whether an alert is waiting. When that time comes the
Timer wakes the session, which rings its alert and goes back to sleep once the
judge has acknowledged it (Tracker.doze); the LARP mode wakes it for good as
it opens (mode_opens), and so would a LARP screen that finds it asleep
(larp_ui.tracker).

The clock file (wounds.clk) says how much session time has run. Written by a
Tracker as it goes to sleep, it also says when it wakes:
  "MS"                      the Tracker's save every SAVE_MS
  "MS DUE ALERTING SIZE"    a stamp: next timer (-1 none), 1 if an alert waits,
                            and the journal's size in bytes when it was written
either followed by "wS" on a box with a clock chip: its seconds (hw/rtc.py)
as MS was written. A stamp holds only while the journal is as it was: a
Tracker that changes the journal writes the plain form first, and a journal
of another size at boot loads the whole session.

At boot the session clock resumes at MS plus the time the box was off, by the
clock chip. Without one (or a chip that lost its time) that time is not known:
the session rings a notice that the timers were paused, which lets the judge
add the time off (larp_alert).
"""

from dicebox.larp import journal
from dicebox.core.clock import SESSION_MAX, SessionClock
from dicebox.core.compat import const

HEADER, JOURNAL, CLOCK = journal.FILES
SAVE_MS = const(10000)
MODE = "dicebox.larp.menu"  # the mode whose screens use the whole session


def read_clock(store):
    """(session ms, stamp [due, alerting, journal size] or None) from the clock file."""
    return _read(store)[:2]


def _read(store):
    """read_clock's, and the clock chip's seconds as MS was written (or None)."""
    text = store.read_text(CLOCK)
    parts = text.split() if text else ()
    wall = None
    if parts and parts[-1][:1] == "w":
        try:
            wall = int(parts[-1][1:])
        except ValueError:
            return 0, None, None
        parts = parts[:-1]
    try:
        if len(parts) in (1, 4):
            ms = int(parts[0])
            stamp = [int(parts[1]), int(parts[2]), int(parts[3])] if len(parts) == 4 else None
            # out of a session's range is damage too: a time of years would turn every wound mortal
            if 0 <= ms <= SESSION_MAX and (stamp is None or (
                    -1 <= stamp[0] <= SESSION_MAX and 0 <= stamp[1] <= 1 and -1 <= stamp[2] <= SESSION_MAX)):
                return ms, stamp, wall
    except ValueError:
        pass
    return 0, None, None  # none, or damaged: the session's own time (its last input) stands


def wall_now(app):
    """The clock chip's seconds now, or None (no chip, or one that lost its time)."""
    wall_s = getattr(app.platform, "wall_s", None)
    return wall_s() if wall_s is not None else None


def write_clock(store, ms, stamp=None, wall=None):
    """A write the heap has no room for (littlefs's file cache, on a broken-up
    heap) is left to the next one, SAVE_MS on, not the error screen: the next
    replaces it, and a stamp is trusted only with its journal's size."""
    try:
        text = "%d %d %d %d" % (ms, stamp[0], stamp[1], stamp[2]) if stamp else str(ms)
        store.write_text(CLOCK, text if wall is None else "%s w%d" % (text, wall))
    except MemoryError:
        store.unsaved_save = None  # not one for the loop to write after an error


def add_time(task, ms):
    """The judge's time off (the box had no clock for it): the session clock
    jumps; timers due meanwhile escalate at their own session ms."""
    if task.clock is None:
        task.resume_ms = min(task.resume_ms + ms, SESSION_MAX)
    else:
        task.clock.ms = min(task.clock.ms + ms, SESSION_MAX)


def ring_paused(task):
    """At the first tick after a boot that could not count the time off: the notice."""
    task.paused = False
    from dicebox.larp.paused import PausedScreen

    app = task.app
    app.wake()
    app.push(PausedScreen(app, task))


def stamp_of(store, due, alerting):
    return [due, 1 if alerting else 0, journal.size(store, JOURNAL)]


class Timer:
    """The session asleep: its clock, its next timer, a waiting alert."""

    def __init__(self, app, ms, stamp):
        self.app = app
        self.resume_ms = self.saved_ms = ms
        self.stamp = stamp
        self.clock = None
        self.paused = False  # the time off is not known: the judge is asked (ring_paused)
        self.roster = None  # (count, names) kept by the session as it dozed: a target picker's, no wake

    @property
    def ms(self):
        return self.clock.ms if self.clock is not None else self.resume_ms

    def tick(self, now):
        if self.clock is None:
            self.clock = SessionClock(now, self.resume_ms)
        ms = self.clock.update(now)
        if self.paused:
            ring_paused(self)
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
        """Home opens `module` (home._opens): the LARP screens use
        the whole session, loaded now while the heap is whole."""
        if module == MODE:
            self.wake(for_good=True)

    def wake(self, now=None, for_good=False):
        """The whole session in this Timer's place among Home's tasks, ticked at
        `now`; back to sleep after, unless for_good. The Tracker, or None if
        the session was found ended (then filed in History)."""
        from dicebox.larp import tracker as larp_tracker

        home = self.app.stack[0]
        tr = larp_tracker.load(self.app, self.ms)
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
    """At boot: the saved session, asleep if its clock file has a stamp that
    still holds; else the whole session (larp_tracker.load). Its clock resumes
    past the time the box was off, when the clock chip tells it."""
    store = app.store
    ms, stamp, wall = _read(store)
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

        task = larp_tracker.load(app, ms)
        due = task.due if task is not None else -1
    if task is not None:
        task.paused = paused and due >= 0  # only a running timer is late by the time off: else nothing to ask
    return task
