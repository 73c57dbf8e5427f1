"""The running LARP wound session: Home ticks it whatever is on top, so the timers run and the
alert rings in every mode. Apart from its screens (wounds_ui.py): while it runs only this, the
rules (wounds.py) and the journal stay on the heap.

A `wounds` record kept bounded on flash, the inputs only there:
  wounds.rec  the record without inputs (options, roster), written once
  wounds.jnl  one input a line, appended as it comes (never re-serialised)
  wounds.clk  the session clock in ms, every SAVE_MS and as it goes to sleep (journal.py)
Undo replays the journal's first lines and cuts the rest; History's record is streamed from it.
A power cut loses at most a torn last line and SAVE_MS of session time (docs/rules/larp.md W7).
"""
import sys

from dicebox.larp import journal
from dicebox.larp import common as larp
from dicebox.larp import wounds
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox import drop, pinned
from dicebox.ui.lang import LANG
from dicebox.larp.journal import CLOCK, HEADER, JOURNAL, MODE, SAVE_MS, read_clock, stamp_of, wall_now, write_clock  # noqa: F401


def _ignore(line):
    pass


def _int_line(line):
    """[t, op, p, arg] from a journal line, or None if it is not one."""
    if len(line) < 9 or line[0] != "[" or line[-1] != "]":
        return None
    parts = line[1:-1].split(",")
    if len(parts) != 4:
        return None
    try:
        return [int(x) for x in parts]
    except ValueError:
        return None


class Tracker:
    """The running wound session: the game, its session clock, the journal."""

    def __init__(self, app, rec, asleep, resume_ms=0):
        self.app = app
        # the class that holds the session while it sleeps (timer.Timer), given by
        # the code that loads or starts the session: doze() makes one
        self.asleep = asleep
        self.rec = rec  # inputs stay [] here: they live in the journal
        self.game = _record.start(rec)
        self.n = 0  # inputs given (lines in the journal)
        self.last_judge = -1  # index of the last input that is not the clock's TICK
        self.clock = None  # started by the first tick (the App's time base)
        self.resume_ms = resume_ms
        self.saved_ms = resume_ms
        self.due = -1
        self.alerting = False
        self.bad_line = -1
        self.stamped = False  # the clock file says when this session wakes (larp_timer)
        self.woken = False  # True: asleep again (a Timer) once nothing is left to ring
        self.paused = False  # the time off is not known: the judge is asked (paused.ring)
        self.last_op = -1
        self.last_p = 0
        self.last_arg = 0

    @property
    def pins(self):
        """Home keeps the Timer's module loaded with this one's: the session dozes into it."""
        return (self.asleep.__module__,)

    @property
    def ms(self):
        return self.clock.ms if self.clock is not None else self.resume_ms

    def count(self):
        return self.game.count

    def name(self, p):
        return self.game.name(p) if self.game.names else ""

    # inputs ---------------------------------------------------------------------
    def _feed(self, value):
        game = self.game
        game.check(value)  # ValueError: refused, nothing changed
        game.apply(value)
        # Nothing here reads the log (History replays the record): keeping it
        # would grow one contiguous array for hours, so it is emptied each input.
        game.log.truncate(0)
        if value[1] != wounds.TICK:
            self.last_judge = self.n
            self.last_op = value[1]  # what an undo takes back, for its question
            self.last_p = value[2]
            self.last_arg = value[3]
        self.n += 1

    def _after(self):
        self.due = self.game.next_due()
        self.alerting = False
        for f in self.game.flags:
            if f & wounds.ALERT:
                self.alerting = True
                break

    def give(self, op, p=0, arg=0):
        """One input now; ValueError (a short reason) if the rules refuse it."""
        value = [self.ms, op, p, arg]
        self._feed(value)
        self._unstamp()
        journal.add(self.app.store, JOURNAL, "[%d,%d,%d,%d]" % (value[0], op, p, arg))
        self._after()

    def give_wound(self, p, kind):
        self.give(wounds.WOUND, p, kind)

    def _load_line(self, line):
        if self.bad_line >= 0:
            return
        value = _int_line(line)
        try:
            if value is None:
                raise ValueError("not [t, op, participant, arg]")
            self._feed(value)
        except ValueError as e:
            self.bad_line = self.n
            self.app.store.notices.append("%s line %d: %s; later lines dropped" % (JOURNAL, self.bad_line + 1, e))

    def undo(self):
        """Drop the judge's last input (and the clock's TICKs after it); True if one was."""
        k = self.last_judge
        if k < 0:
            return False
        self._unstamp()
        self.game = None  # the old game goes first: one on the heap, not two
        self.game = _record.start(self.rec)
        self.n = 0
        self.last_judge = -1
        journal.read(self.app.store, JOURNAL, self._load_line, k)
        self._after()
        return True

    # time -------------------------------------------------------------------------
    def tick(self, now):
        if self.clock is None:
            self.clock = larp.SessionClock(now, self.resume_ms)
        ms = self.clock.update(now)
        if self.paused:
            from dicebox.larp.paused import ring

            ring(self)
            return
        if ms - self.saved_ms >= SAVE_MS:
            self._save_clock(ms)
        if 0 <= self.due <= ms and not self.game.ended:
            self.give(wounds.TICK)
        if self.alerting:
            app = self.app
            if getattr(app.top, "counting", False):
                return  # a stealth count is running: the alert rings right after it
            for s in app.stack:
                if getattr(s, "alert_for", None) is self:
                    return
            loaded = tuple(sys.modules)  # the alert's code goes once it is acknowledged
            from dicebox.larp.alert import AlertScreen

            app.wake()
            app.push(AlertScreen(app, self, loaded))
        else:
            self.doze()

    def suspend(self):
        """The session dozes: its clock and when it wakes to flash now, so a power cut loses none of
        its time and the next power-on keeps it asleep; returns the stamp written."""
        if self.game.ended:
            return None
        stamp = stamp_of(self.app.store, self.due, self.alerting)
        self.saved_ms = self.ms
        write_clock(self.app.store, self.ms, stamp, wall_now(self.app))
        self.stamped = True
        return stamp

    def doze(self, spare=()):
        """Asleep again (woken over another mode, or a LARP fight opens) with nothing to ring: the
        rules, the game and this code leave the heap, not the modules in `spare`."""
        if not self.woken or self.alerting or self.game.ended:
            return
        timer = self.asleep(self.app, self.ms, self.suspend())
        timer.clock = self.clock
        timer.roster = (self.game.count, self.game.names)
        home = self.app.stack[0]
        before = pinned()
        home.replace_task(self, timer)
        # what only the whole session pinned; not the mode's code, loaded meanwhile
        drop([n for n in before if n not in pinned() and n not in spare])

    def mode_opens(self, module):
        """Home opens `module`: in another mode the session sleeps, once any alert is acknowledged."""
        if module != MODE:
            self.woken = True
            self.doze()

    def _unstamp(self):
        """Before the journal changes: a stamp no longer says when the session wakes."""
        if self.stamped:
            self._save_clock(self.ms)

    def _save_clock(self, ms):
        self.saved_ms = ms
        self.stamped = False
        write_clock(self.app.store, ms, None, wall_now(self.app))

    # the end --------------------------------------------------------------------------
    def end(self):
        """END into the journal, the whole record into History, then the session
        files go. A power cut before History has the record: the next boot's load
        ends it again (END already in); after it: the boot's store check removes
        what is left of the files."""
        if not self.game.ended:
            self.give(wounds.END)
        s = self.game.summary()
        summary = "wounds %s dead %d heavy-to-end %d"
        if LANG[0] == "ru":
            summary = "ранения %s: мертвы %d, тяжёлых до конца %d"
        summary = summary % (larp.clock_text(self.game.now), len(s["dead"]), len(s["heavy to end"]))
        self.game = s = None  # done with: its heap is the History write's
        store = self.app.store
        before, after = self.rec.around_inputs()
        # apart: the journal is read between pieces, never whole in the heap
        store.add_history(before, summary, journal.joined(store, JOURNAL, bytearray(512), after), True)
        for name in journal.FILES:  # the header first: without it there is no session
            store.remove(name)
        for home in self.app.stack[:1]:  # none while Home itself loads the session at boot
            home.remove_task(self)


def load(app, asleep, ms=0):
    """The saved session (at boot, or woken at session time `ms`), or None.
    Resumes the clock at the saved time. `asleep`: Tracker's."""
    store = app.store
    head = store.read_bytes(HEADER)
    if head is None:
        return None
    try:
        rec = _record.loads(head, HEADER)  # bytes: one that is not UTF-8 is refused, not taken for none
        tr = Tracker(app, rec, asleep)
    except (RecordError, ValueError) as e:
        # kept for inspection with the journal its lines need, and out of the
        # way: the notice shows once, not every boot
        why = str(e)
        store.set_aside(HEADER, "unreadable: " + (why[len(HEADER) + 2:] if why.startswith(HEADER + ": ") else why), (JOURNAL,))
        return None
    journal.read(store, JOURNAL, tr._load_line)
    if tr.bad_line >= 0:
        journal.read(store, JOURNAL, _ignore, tr.bad_line)
    saved, stamp = read_clock(store)
    tr.stamped = stamp is not None
    tr.saved_ms = max(saved, tr.game.now)  # what the flash has: the next save is due from there
    tr.resume_ms = max(tr.saved_ms, ms)
    tr._after()
    if tr.game.ended:  # ended, and the power went before History had it: file it now
        tr.end()
        return None
    return tr
