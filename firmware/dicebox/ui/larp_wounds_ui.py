"""LARP wound tracker: live timers for the whole game, alerts, the judge's list.

The session is a `wounds` record (core/larp_wounds.py) kept bounded on flash:
  wounds.rec  the record without inputs (options, roster), written once
  wounds.jnl  one input a line, appended as it comes (never re-serialised)
  wounds.clk  the session clock in ms, rewritten every SAVE_MS
The inputs live only on flash: the heap holds the game's state (a few bytes a
wound); its log is emptied after each input (nothing reads it). Undo replays the journal's first lines and cuts
the rest; the History record is streamed from it. A power cut loses at most a
torn last journal line (dropped on load) and at most SAVE_MS of session time
(docs/rules/larp.md W7).

The Tracker is no screen: Home ticks it whatever is on top, so the timers run
and the alert rings in every mode, and it resumes at boot.
"""
from dicebox import buttons as B
from dicebox import journal
from dicebox.core import larp
from dicebox.core import larp_text as LT
from dicebox.core import larp_wounds as W
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.core.game import RecordError
from dicebox.store import WOUNDS
from dicebox.ui import draw, text
from dicebox.ui.app import Confirm, Menu, Message, NumberPicker, Screen
from dicebox.ui.lang import t
from dicebox.ui.larp_ui import KIND_SHORT, L, ParticipantPicker, label, tracker

HEADER, JOURNAL, CLOCK = WOUNDS
SAVE_MS = const(10000)
FLASH_MS = const(400)  # alert: screen inverts and beeps at this half-period


def _ignore(line):
    pass


def _nothing():
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

    def __init__(self, app, rec, resume_ms=0):
        self.app = app
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
        if value[1] != W.TICK:
            self.last_judge = self.n
        self.n += 1

    def _after(self):
        self.due = self.game.next_due()
        self.alerting = False
        for f in self.game.flags:
            if f & W.ALERT:
                self.alerting = True
                break

    def give(self, op, p=0, arg=0):
        """One input now; ValueError (a short reason) if the rules refuse it."""
        value = [self.ms, op, p, arg]
        self._feed(value)
        journal.add(self.app.store, JOURNAL, "[%d,%d,%d,%d]" % (value[0], op, p, arg))
        self._after()

    def give_wound(self, p, kind):
        self.give(W.WOUND, p, kind)

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
        if ms - self.saved_ms >= SAVE_MS:
            self.saved_ms = ms
            self.app.store.write_text(CLOCK, str(ms))
        if 0 <= self.due <= ms and not self.game.ended:
            self.give(W.TICK)
        if self.alerting:
            app = self.app
            if getattr(app.top, "counting", False):
                return  # a stealth count is running: the alert rings right after it
            for s in app.stack:
                if isinstance(s, AlertScreen):
                    return
            app.wake()
            app.push(AlertScreen(app, self))

    # the end --------------------------------------------------------------------------
    def _chunks(self):
        """The History record, a piece at a time: the journal is never whole in the heap."""
        head = _record.Record(self.rec.ruleset, self.rec.options, self.rec.seed).dumps()
        cut = head.index('"inputs":[') + 10
        yield head[:cut]
        sep = False
        for line in journal.lines(self.app.store, JOURNAL):
            if sep:
                yield ","
            yield line
            sep = True
        yield head[cut:]

    def end(self):
        """END into the journal, the whole record into History, then the session
        files go. A power cut before History has the record: the next boot's load
        ends it again (END already in); after it: the boot's store check removes
        what is left of the files."""
        if not self.game.ended:
            self.give(W.END)
        s = self.game.summary()
        summary = "wounds %s dead %d heavy-to-end %d" % (larp.clock_text(self.game.now), len(s["dead"]), len(s["heavy to end"]))
        store = self.app.store
        chunks = self._chunks()
        store.add_history(next(chunks), summary, chunks)
        for name in (HEADER, JOURNAL, CLOCK):  # the header first: without it there is no session
            store.remove(name)
        for home in self.app.stack[:1]:  # none while Home itself loads the session at boot
            home.remove_task(self)


def load(app):
    """The saved session (at boot), or None. Resumes the clock at the saved time."""
    store = app.store
    head = store.read_text(HEADER)
    if head is None:
        return None
    try:
        rec = _record.loads(head, HEADER)
        tr = Tracker(app, rec)
    except (RecordError, ValueError) as e:
        # kept for inspection, and out of the way: the notice shows once, not every boot
        store.set_aside(HEADER, "unreadable: %s" % e)
        return None
    journal.read(store, JOURNAL, tr._load_line)
    if tr.bad_line >= 0:
        journal.read(store, JOURNAL, _ignore, tr.bad_line)
    clk = store.read_text(CLOCK)
    saved = int(clk) if clk and clk.isdigit() else 0
    tr.resume_ms = tr.saved_ms = max(saved, tr.game.now)
    tr._after()
    if tr.game.ended:  # ended, and the power went before History had it: file it now
        tr.end()
        return None
    return tr


def open_tracker(app):
    tr = tracker(app)
    if tr is not None:
        app.push(TrackerScreen(app, tr))
    else:
        app.push(NewSession(app))


# --- screens -----------------------------------------------------------------------
class AlertScreen(Screen):
    """An escalation: the screen flashes and beeps until the judge presses OK."""

    keep_awake = True

    def __init__(self, app, tr):
        Screen.__init__(self, app)
        self.tr = tr
        self.phase = -1

    def button(self, b, ev, now):
        if b == B.OK and ev == B.CLICK:
            self.tr.give(W.ACK)
            app = self.app
            if app.top is self:
                app.pop()
            else:
                app.stack.remove(self)
                app.redraw()

    def tick(self, now):
        phase = (now // FLASH_MS) & 1
        if phase == self.phase:
            return False
        self.phase = phase
        if phase == 0:
            self.app.beep(2800, 150)
        return True

    def draw(self, c):
        inv = self.phase == 0
        if inv:
            c.fill(1)
        ink = 0 if inv else 1
        text.draw_center(c, L("alert"), 1, text.MEDIUM, ink)
        game = self.tr.game
        y = 19
        for i in game.alerts()[-3:]:
            p = game.who[i]
            name = self.tr.name(p)
            line = "%d %s%s" % (p, name + " " if name else "", label(LT.WOUNDS, game.kind[i]))
            text.draw_center(c, line[:21], y, text.SMALL, ink)
            y += 10
        text.draw_center(c, L("ack_ok"), 55, text.SMALL, ink)


class NewSession(Menu):
    """Start a wound session: numbered participants, or the names of roster.txt."""

    def __init__(self, app):
        Menu.__init__(self, app, L("new_session"), [])
        self.names = ()
        self.people = 30
        self.light = 30
        self.heavy = 15
        try:
            open(_roster().PATH).close()
            has_roster = True
        except OSError:
            has_roster = False
        if has_roster:
            try:
                self.names = _roster().load()
            except ValueError as e:
                app.push(Message(app, L("roster"), str(e)))
        self.build()

    def build(self):
        who = ("%s: %d" % (L("roster"), len(self.names))) if self.names else ("%s: %d" % (L("participants"), self.people))
        self.items = [
            (L("start"), self.start),
            (who, self.pick_people),
            ("%s: %d" % (L("light_min"), self.light), lambda: self.pick("light")),
            ("%s: %d" % (L("heavy_min"), self.heavy), lambda: self.pick("heavy")),
        ]

    def pick_people(self):
        if not self.names:
            self.app.push(NumberPicker(self.app, L("participants"), self.people, 1, larp.MAX_PARTICIPANTS, self._set_people))

    def _set_people(self, v):
        self.people = v
        self.build()

    def pick(self, which):
        def done(v):
            setattr(self, which, v)
            self.build()

        self.app.push(NumberPicker(self.app, L(which + "_min"), getattr(self, which), 1, 600, done))

    def start(self):
        options = {"light_min": self.light, "heavy_min": self.heavy}
        if self.names:
            options["roster"] = list(self.names)
        else:
            options["participants"] = self.people
        rec = _record.Record("wounds", options, 0)
        store = self.app.store
        store.remove(JOURNAL)
        store.remove(CLOCK)
        store.write_text(HEADER, rec.dumps())
        tr = Tracker(self.app, rec)
        self.app.stack[0].add_task(tr)
        self.app.replace(TrackerScreen(self.app, tr))


def _roster():
    from dicebox import roster

    return roster


class TrackerScreen(Screen):
    """Wounded participants, nearest to escalation first, with mm:ss left.

    Rows: "+ wound", one per wounded participant, "End session". OK opens a
    row; long BACK undoes the judge's last input; BACK leaves (the session
    runs on in the background)."""

    def __init__(self, app, tr):
        Screen.__init__(self, app)
        self.tr = tr
        self.rows = []  # 4-item lists reused every refresh (larp_wounds.views_into)
        self.n = 0
        self.sel = 0
        self.sel_p = 0  # the participant the selection follows as the list re-sorts
        self.first = 0
        self.sec = -1
        self.refresh()

    def refresh(self):
        self.n = self.tr.game.views_into(self.tr.ms, self.rows)
        if self.sel_p:
            for i in range(self.n):
                if self.rows[i][1] == self.sel_p:
                    self.sel = i + 1
                    break
        self.sel = min(self.sel, self.n + 1)
        self.first = draw.scroll_first(self.sel, self.first, self.n + 2, draw.rows_visible())

    def resumed(self):
        self.refresh()

    def tick(self, now):
        if self.app.top is not self:
            return False
        s = self.tr.ms // 1000
        if s == self.sec:
            return False
        self.sec = s
        self.refresh()
        return True

    def button(self, b, ev, now):
        app = self.app
        n = self.n + 2
        if b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            self.sel = (self.sel + (1 if b == B.DOWN else -1)) % n
            self.sel_p = self.rows[self.sel - 1][1] if 0 < self.sel < n - 1 else 0
            self.first = draw.scroll_first(self.sel, self.first, n, draw.rows_visible())
            app.redraw()
        elif b == B.OK and ev == B.CLICK:
            tr = self.tr
            if self.sel == 0:
                app.push(ParticipantPicker(app, L("add"), self.sel_p or 1, 1, tr.count(), self.open_person, tr.name))
            elif self.sel == n - 1:
                app.push(Confirm(app, L("end_q"), "", self.end))
            else:
                self.open_person(self.rows[self.sel - 1][1])
        elif b == B.BACK and ev == B.LONG:
            app.push(Confirm(app, t("undo_q"), "", self.undo))
        elif b == B.BACK and ev == B.CLICK:
            app.pop()

    def open_person(self, p):
        self.sel_p = p
        self.app.push(Person(self.app, self.tr, p))

    def undo(self):
        self.tr.undo()
        self.refresh()

    def end(self):
        self.tr.end()
        self.app.pop()

    def draw(self, c):
        tr = self.tr
        draw.header(c, L("wounds"), larp.clock_text(tr.ms))
        rows = self.rows
        n = len(rows) + 2
        vis = draw.rows_visible()
        for i in range(vis):
            k = self.first + i
            if k >= n:
                break
            if k == 0:
                line = L("add")
            elif k == n - 1:
                line = L("end_session")
            else:
                left, p, kind, count = rows[k - 1]
                if left >= 0:
                    timer = larp.mmss(left)
                elif kind == larp.MORTAL:
                    timer = L("choose")[:5]
                else:
                    timer = "  -  "
                line = "%2d %-7s %5s %s" % (p, tr.name(p)[:7], timer, label(KIND_SHORT, kind))
            y = draw.HEADER + 1 + i * draw.ROW
            if k == self.sel:
                c.fill_rect(0, y, draw.W - 3, draw.ROW, 1)
                text.draw(c, line, 1, y + 1, text.SMALL, 0)
            else:
                text.draw(c, line, 1, y + 1)
        if n > vis:
            span = draw.H - draw.HEADER - 1
            h = max(4, span * vis // n)
            c.fill_rect(draw.W - 2, draw.HEADER + 1 + (span - h) * self.first // (n - vis), 2, h, 1)


class Person(Menu):
    """One participant: the choice after a mortal wound, help, new wounds, heal; his wounds."""

    def __init__(self, app, tr, p):
        self.tr = tr
        self.p = p
        name = tr.name(p)
        Menu.__init__(self, app, ("%d %s" % (p, name)) if name else "#%d" % p, [])
        self.build()

    def build(self):
        tr = self.tr
        game = tr.game
        now = tr.ms
        kinds = 0
        info = []
        for i, kind in game.wounds_of(self.p):
            kinds |= 1 << kind
            due = game.due[i]
            info.append(("  %s %s" % (label(LT.WOUNDS, kind), larp.mmss(due - now) if due >= 0 else ""), _nothing))
        items = []
        if kinds & (1 << larp.DEAD):
            self.items = info
            return
        if kinds & (1 << larp.MORTAL):
            items.append((L("dies"), lambda: self.act(W.CHOOSE, W.DIES)))
            items.append((L("stays"), lambda: self.act(W.CHOOSE, W.STAYS)))
        if kinds & ((1 << larp.LIGHT) | (1 << larp.HEAVY)):
            items.append((L("help"), lambda: self.act(W.HELP)))
        for k in (larp.LIGHT, larp.HEAVY, larp.MORTAL):
            items.append(("+ " + label(LT.WOUNDS, k), self._wound(k)))
        if kinds & ((1 << larp.LIGHT) | (1 << larp.HEAVY)):
            items.append((L("heal"), lambda: self.act(W.HEAL)))
        self.items = items + info

    def _wound(self, kind):
        return lambda: self.act(W.WOUND, kind)

    def act(self, op, arg=0):
        app = self.app
        try:
            self.tr.give(op, self.p, arg)
        except ValueError as e:
            app.push(Message(app, L("wounds"), str(e)))
            return
        app.beep(1800, 40)
        app.pop()
