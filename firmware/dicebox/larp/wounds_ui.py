"""LARP wound tracker screens (the session list, a participant, a new session), loaded only while
one is open; the running session is tracker.py's."""
from dicebox import buttons
from dicebox.larp import common as larp
from dicebox.larp import wounds
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.ui import draw, text
from dicebox.ui.app import Confirm, Menu, Message, Screen
from dicebox.ui.pickers import NumberPicker
from dicebox.ui.lang import label
from dicebox.larp.tracker import CLOCK, HEADER, JOURNAL, SAVE_MS, Tracker  # noqa: F401  (SAVE_MS: tests)
from dicebox.larp.timer import Timer
from dicebox.larp.kinds import kind_label
from dicebox.larp.menu import larp_label, code_label, tracker
from dicebox.larp.picker import ParticipantPicker

_ROW = const(8)  # list rows 8 px high: six on the glass (the font's 7 px and a gap)
_VISIBLE = const(6)



def _nothing():
    pass


def open_tracker(app):
    tr = tracker(app)
    if tr is not None:
        app.push(TrackerScreen(app, tr))
    else:
        screen = NewSession(app)
        app.push(screen)
        if screen.problem is not None:  # over the set-up, read before a session starts without the names
            app.push(Message(app, larp_label("roster"), screen.problem))


# --- screens -----------------------------------------------------------------------
class NewSession(Menu):
    """Start a wound session: numbered participants, or the names of roster.txt."""

    def __init__(self, app):
        Menu.__init__(self, app, larp_label("new_session"), [])
        self.names = ()
        self.people = 30
        self.light = 30
        self.heavy = 15
        self.aid = "light"  # what first aid stops (docs/rules/larp.md W2)
        self.problem = None  # why roster.txt was refused
        try:
            open(_roster().PATH).close()
            has_roster = True
        except OSError:
            has_roster = False
        if has_roster:
            try:
                self.names = _roster().load()
            except ValueError as e:
                self.problem = str(e)
        self.build()

    def build(self):
        who = ("%s: %d" % (larp_label("roster"), len(self.names))) if self.names else ("%s: %d" % (larp_label("participants"), self.people))
        self.items = [
            (larp_label("start"), self.start),
            (who, self.pick_people),
            ("%s: %d" % (larp_label("light_min"), self.light), lambda: self.pick("light")),
            ("%s: %d" % (larp_label("heavy_min"), self.heavy), lambda: self.pick("heavy")),
            (larp_label("aid_" + self.aid), self.next_aid),
        ]

    def next_aid(self):
        self.aid = "any" if self.aid == "light" else "light"
        self.build()
        self.app.redraw()

    def pick_people(self):
        if not self.names:
            self.app.push(NumberPicker(self.app, larp_label("participants"), self.people, 1, larp.MAX_PARTICIPANTS, self._set_people))

    def _set_people(self, v):
        self.people = v
        self.build()

    def pick(self, which):
        def done(v):
            setattr(self, which, v)
            self.build()

        self.app.push(NumberPicker(self.app, larp_label(which + "_min"), getattr(self, which), 1, 600, done))

    def start(self):
        options = {"light_min": self.light, "heavy_min": self.heavy, "first_aid": self.aid}
        if self.names:
            options["roster"] = list(self.names)
        else:
            options["participants"] = self.people
        rec = _record.Record("wounds", options, 0)
        store = self.app.store
        store.remove(JOURNAL)
        store.remove(CLOCK)
        store.write_text(HEADER, rec.dumps())
        tr = Tracker(self.app, rec, Timer)
        tr.clock = larp.SessionClock(self.app.last_input)  # from the press: a busy box reads it late
        self.app.stack[0].add_task(tr)
        self.app.replace(TrackerScreen(self.app, tr))


def _roster():
    from dicebox.larp import roster

    return roster


class TrackerScreen(Screen):
    """Rows "+ wound", the wounded nearest to escalation first with mm:ss left, "End session";
    long BACK undoes the judge's last input, BACK leaves (the session runs on)."""

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
        # a mortal wound waiting for the player's choice first: it needs the judge now
        rows = self.rows
        k = 0
        for i in range(self.n):
            if rows[i][2] == larp.MORTAL and rows[i][0] < 0:
                if i != k:
                    rows.insert(k, rows.pop(i))  # the same lists, moved: nothing new
                k += 1
        if self.sel_p:
            for i in range(self.n):
                if self.rows[i][1] == self.sel_p:
                    self.sel = i + 1
                    break
        self.sel = min(self.sel, self.n + 1)
        self.first = draw.scroll_first(self.sel, self.first, self.n + 2, _VISIBLE)

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
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.sel = (self.sel + (1 if b == buttons.DOWN else -1)) % n
            self.sel_p = self.rows[self.sel - 1][1] if 0 < self.sel < n - 1 else 0
            self.first = draw.scroll_first(self.sel, self.first, n, _VISIBLE)
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            tr = self.tr
            if self.sel == 0:
                app.push(ParticipantPicker(app, larp_label("add"), self.sel_p or 1, 1, tr.count(), self.open_person, tr.name))
            elif self.sel == n - 1:
                app.push(Confirm(app, larp_label("end_q"), "", self.end))
            else:
                self.open_person(self.rows[self.sel - 1][1])
        elif b == buttons.BACK and ev == buttons.LONG:
            app.push(Confirm(app, label("undo_q"), self.undo_note(), self.undo))
        elif b == buttons.BACK and ev == buttons.CLICK:
            app.pop()

    def open_person(self, p):
        self.sel_p = p
        self.app.push(Person(self.app, self.tr, p))

    def undo_note(self):
        """Who and what the undo takes back: "7 Anna: + heavy"."""
        tr = self.tr
        op = tr.last_op
        if op < 0:
            return ""
        if op == wounds.WOUND:
            what = "+ " + kind_label(tr.last_arg)
        elif op == wounds.HELP:
            what = larp_label("helped")
        elif op == wounds.AID:
            what = larp_label("aid")
        elif op == wounds.MEDIC:
            what = larp_label("medic")
        elif op == wounds.HEAL:
            what = larp_label("heal")
        elif op == wounds.CHOOSE:
            what = larp_label("w_dies") if tr.last_arg == wounds.DIES else larp_label("w_stays")
        else:
            what = larp_label("ack")
        if not tr.last_p:
            return what
        return ("%d %s" % (tr.last_p, tr.name(tr.last_p))).strip()[:9] + ": " + what

    def undo(self):
        self.tr.undo()
        self.refresh()

    def end(self):
        self.tr.end()
        self.app.pop()

    def draw(self, c):
        tr = self.tr
        draw.header(c, larp_label("wounds"), larp.clock_text(tr.ms))
        rows = self.rows
        n = self.n + 2
        vis = _VISIBLE
        for i in range(vis):
            k = self.first + i
            if k >= n:
                break
            if k == 0:
                line = larp_label("add")
            elif k == n - 1:
                line = larp_label("end_session")
            else:
                left, p, kind, count = rows[k - 1]
                who = tr.name(p)[:4]
                if count > 1:  # his wounds on one row: how many, in the name's last characters
                    times = "\u00d7%d" % count
                    who = who[:4 - len(times)] + times
                if left >= 0:
                    line = "%2d %-4s %5s %s" % (p, who, larp.mmss(left), code_label("s", kind))
                elif kind == larp.MORTAL:
                    line = "%2d %-4s %s %s" % (p, who, larp_label("choose")[:5], code_label("s", kind))
                else:
                    line = "%2d %-4s %s" % (p, who, code_label("s", kind))
            y = draw.HEADER + i * _ROW
            if k == self.sel:
                c.fill_rect(0, y, draw.WIDTH - 3, _ROW, 1)
                text.draw(c, line, 1, y, text.SMALL, 0)
            else:
                text.draw(c, line, 1, y)
        if n > vis:
            span = draw.HEIGHT - draw.HEADER
            h = max(4, span * vis // n)
            c.fill_rect(draw.WIDTH - 2, draw.HEADER + (span - h) * self.first // (n - vis), 2, h, 1)


class Person(Menu):
    """One participant: the choice after a mortal wound, first aid, medical help,
    new wounds, heal; his wounds (OK on a running one: help for that wound alone)."""

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
            info.append(("  " + wound_line(game, i, now), self._wound_help(i)))
        items = []
        if kinds & (1 << larp.DEAD):
            self.items = info
            return
        if kinds & (1 << larp.MORTAL):
            items.append((larp_label("w_dies"), lambda: self.act(wounds.CHOOSE, wounds.DIES)))
            items.append((larp_label("w_stays"), lambda: self.act(wounds.CHOOSE, wounds.STAYS)))
        for op, key in ((wounds.AID, "aid"), (wounds.MEDIC, "medic")):
            if game.helpable(op, self.p, now):
                items.append((larp_label(key), self._help(op)))
        for k in (larp.LIGHT, larp.HEAVY, larp.MORTAL):
            items.append(("+ " + kind_label(k), self._wound(k)))
        if kinds & ((1 << larp.LIGHT) | (1 << larp.HEAVY)):
            items.append((larp_label("heal"), lambda: self.act(wounds.HEAL)))
        self.items = items + info

    def _wound(self, kind):
        return lambda: self.act(wounds.WOUND, kind)

    def _help(self, op, w=0):
        """Help asked for: the box names whom and which wounds before it is entered."""
        def ask():
            app = self.app
            game = self.tr.game
            ids = game.helpable(op, self.p, self.tr.ms, w)
            if not ids:  # a wound row no help stops now: say why
                try:
                    game.check([self.tr.ms, op, self.p, w])
                except ValueError as e:
                    app.push(Message(app, larp_label("wounds"), str(e)))
                return
            app.push(HelpConfirm(app, self, op, ids, lambda: self.act(op, w)))

        return ask

    def _wound_help(self, i):
        def choose():
            game = self.tr.game
            ops = [(larp_label(key), self._help(op, i + 1)) for op, key in ((wounds.AID, "aid"), (wounds.MEDIC, "medic"))
                   if game.helpable(op, self.p, self.tr.ms, i + 1)]
            if ops:
                self.app.push(Menu(self.app, "%s %d" % (larp_label("wound_n"), i + 1), ops))

        return choose

    def act(self, op, arg=0):
        app = self.app
        try:
            self.tr.give(op, self.p, arg)
        except ValueError as e:
            app.push(Message(app, larp_label("wounds"), str(e)))
            return
        app.beep(1800, 40)
        while app.top is not self:  # the wound's own menu, if help came from there
            app.pop()
        app.pop()


def wound_line(game, i, now):
    """'light 12:30', 'heavy aid', 'light med': a wound, its time left or the help that stopped it."""
    kind, due = game._project(i, now)
    flags = game.flags[i]
    if due >= 0:
        note = larp.mmss(due - now)
    elif flags & wounds.TREATED:
        note = larp_label("medic_short")
    elif flags & wounds.AIDED:
        note = larp_label("aid_short")
    elif flags & 1 and kind in (larp.LIGHT, larp.HEAVY):
        note = larp_label("helped")
    else:
        note = ""
    return "%s %s" % (kind_label(kind), note)


class HelpConfirm(Confirm):
    """First aid / medical help: the participant and the wounds it stops, OK enters it."""

    def __init__(self, app, person, op, ids, on_yes):
        game = person.tr.game
        now = person.tr.ms
        self.line2 = ""
        if len(ids) == 1:
            # the wound on a line of its own: "ранение 1: лёгкое 28:53" is wider than the glass
            what = "%s %d:" % (larp_label("wound_n"), ids[0] + 1)
            self.line2 = wound_line(game, ids[0], now)
        else:
            what = larp_label("wounds_n") % len(ids)
        Confirm.__init__(self, app, larp_label("aid" if op == wounds.AID else "medic"), what, on_yes)
        self.who = person.title

    def draw(self, c):
        c.fill_rect(0, 0, draw.WIDTH, draw.HEIGHT, 0)
        draw.header(c, self.question)
        text.draw_center(c, self.who, 16)
        text.draw_center(c, self.note, 27)
        text.draw_center(c, self.line2, 37)
        text.draw_center(c, label("yes_no"), 52)
