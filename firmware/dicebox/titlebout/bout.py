"""Title Bout with dice on the box: the fight, between rounds, the result. The core takes one input
an exchange; with Settings "OK steps: one roll" the screen shows its rolls one OK at a time (the
clock and points follow the shown rolls), with "exchange" all at once; hold OK: the rest of the round."""
from dicebox import buttons
from dicebox import deferred
from dicebox.core import dice as _dice
from dicebox.titlebout import rules as bout_rules
from dicebox.core.compat import const
from dicebox.core.log import EVENT, ROLL
from dicebox.ui import draw, lang, text
from dicebox.ui.fight import FightScreen
from dicebox import drop
from dicebox.ui.lang import label
from dicebox.titlebout.text import titlebout_label

_PLAY = const(0)  # what the fight screen shows
_ROUND = const(1)
_END = const(2)
_SHORT = const(6)  # characters of a name beside the big digits
_TRACK = const(1)  # pixels a click on the time track (the seed fits beside it)
_STOP = bout_rules.STOP_PICK
# What only the set-up and the start of a record need: the fight runs without them
# (a rebuild, on undo or table dice, unloads what it loads: ui/session.py).
_SETUP_MODULES = const(("dicebox.titlebout.setup", "dicebox.titlebout.cards", "dicebox.titlebout.data", "dicebox.titlebout.demo",
                        "dicebox.core.errtext"))


def screen_for(app, rec):
    """The fight screen for a saved record; one that still owes the table's AGG tie roll-off (made
    elsewhere) asks for those dice first; BACK leaves it saved for the next boot."""
    from dicebox import call_once

    # where the screen stood when the bout was left (ruling 17), looked up before the replay: its
    # file and code are off the heap again by then
    view = call_once("dicebox.titlebout.memo", "shown", app.store, rec)
    try:
        screen = TitleBoutScreen(app, rec, None, view)
    except _dice.NeedDie as need:

        def given(value):
            rec.dice.append(value)
            app.replace(screen_for(app, rec))

        screen = roll_off(app, need, given, True)
    drop(_SETUP_MODULES)  # built, or the table rolls (the card checks go, as at the set-up)
    return screen


def _picker(*args):
    from dicebox.ui.pickers import NumberPicker  # table dice and own cards' questions only: heap a bout rarely needs

    return NumberPicker(*args)


def roll_off(app, need, given, stays=False):
    """The picker for a die the table rolls before the bout opens (the AGG tie); it stays on top as
    OK hands the value on: popped first, it would uncover Home, which unloads the fight's code."""
    lo, hi = _dice.span(need.die)
    why = need.why
    if lang.LANG[0] == "ru":  # the core's words are English
        from dicebox.ui import why_ru

        why = why_ru.say(why)
    picker = _picker(app, "%s %s" % (label("roll_for"), _dice.name(need.die)), lo, lo, hi, given, why)
    picker.stays = stays
    return picker


def open_bout(app, rec, replace=None, session=None, memo=None):
    """The fight screen for a new record (session: its game, built by the set-up, an AGG tie's table
    dice in it); memo: the set-up's choices, kept once this frame is on the panel."""
    screen = TitleBoutScreen(app, rec, session)
    if replace is not None:
        app.replace(screen)
    else:
        app.push(screen)
    drop(_SETUP_MODULES)
    if memo is not None:
        app.later(deferred("dicebox.titlebout.memo", "remember", app.store, memo))
    screen.ask_if_needed()


def surname(name):
    i = name.rfind(" ")
    return name[i + 1 :] if i >= 0 else name


# formats for the pickers of assisted play --------------------------------
def _fmt_kind(v):
    return titlebout_label(("plain", "kd", "cut", "kd_cut")[v])


def _fmt_k(v):
    return "K" if v == _STOP else str(v)


def _fmt_stop(v):
    return titlebout_label("stop") if v == _STOP else str(v)


def _fmt_dq(v):
    return titlebout_label("DQ") if v == _STOP else str(v)


def _fmt_kor(v):
    return "K" if v else titlebout_label("number")


def _fmt_which(v):
    return titlebout_label("injury") if v else titlebout_label("foul")


_SETUP_Q = const(("q_agg", "q_cf", "q_pl", "q_hp", "q_ki"))
# assisted chart questions: (the core's prompt, label, how a value reads)
_CHART_Q = (
    (bout_rules.P_KIND, "q_kind", _fmt_kind),
    (bout_rules.P_KDR, "q_kdr", _fmt_k),
    (bout_rules.P_KOR, "q_kor", _fmt_kor),
    (bout_rules.P_COUNT_PTS, "q_count_pts", None),
    (bout_rules.P_FOUL, "q_foul", _fmt_dq),
    (bout_rules.P_INJURY, "q_injury", _fmt_stop),
    (bout_rules.P_CUT, "q_cut", _fmt_stop),
)
_SETUP_START = const((10, 10, 45, 10, 5))  # pickers start mid-range: fewer presses


class TitleBoutScreen(FightScreen):
    def __init__(self, app, rec, session=None, view=None):
        """view: a resumed bout's log entries on screen when left (-1: not known); None: a new bout."""
        FightScreen.__init__(self, app, rec, session)
        self.step_exchange = app.settings["step"] == "exchange"
        self.rush = False  # hold OK: show the rest of the round at once
        self.undoing = False
        if view is None or self.step_exchange:
            self._rebuild()  # a new bout; or OK steps exchanges: each input showed all it played
        else:
            self._rebuild(view if 0 <= view <= len(self.game.log) else self._last_exchange_end())

    def _last_exchange_end(self):
        """Where the exchange of the last input ends in the log: an answer mid-round plays on to the next
        question, whose exchanges were never on screen (ruling 17)."""
        log = self.game.log
        # an exchange opens with its CF roll: right after an input, that input's; later, the next one's
        for k in range(log.after_input() + 1, len(log)):
            kind, why = log.entry(k)[:2]
            if kind == ROLL and why in bout_rules.W_CF:
                return k
        return len(log)

    def kept(self):
        """The bout is left: the frame on screen is kept once Home's frame is on the panel, unless a
        resume would come back on it anyway; a power cut before that resumes at its last exchange."""
        if not self.step_exchange and self.shown != self._last_exchange_end():
            self.app.later(deferred("dicebox.titlebout.memo", "leave", self.app.store, self.session.rec, self.shown))

    # what is on screen: the log up to `shown`, with the clock and points at that point
    def _rebuild(self, upto=None):
        """Everything in the log shown (an undo, a replay), or its first `upto` entries (a resume)."""
        self.seen = self.session.built  # not the game: it would outlive its rebuild
        self.shown = 0
        self.round = 1
        self.click = 0
        self.pts = [0, 0]
        self.control = -1
        self.free = False
        self.roll_at = -1
        self.event_at = -1
        self.panel = _PLAY
        self._reveal(True, upto)

    def _reveal(self, to_end, upto=None):
        """Show the next roll and what followed it (to_end: all that is left, or up to entry `upto`),
        stopping at the end of a round so its score is seen."""
        log = self.game.log
        n = len(log) if upto is None else upto
        got = False
        while self.shown < n:
            kind, name, a, b, c = log.entry(self.shown)
            if kind == ROLL:
                if got and not to_end:
                    break
                got = True
                self.panel = _PLAY
                self.roll_at = self.shown
                self.event_at = -1
                self._clock(name)
            elif kind == EVENT:
                self.event_at = self.shown
                self._event(name, a, b, c)
            self.shown += 1
            if kind == EVENT and name == "round" and not to_end:
                # a new round's "start" (option round_start) goes with the score shown: the next OK starts it
                while self.shown < n and log.entry(self.shown)[1] == "start":
                    self._event(*log.entry(self.shown)[1:])
                    self.shown += 1
                break
        if self.shown >= len(log):
            self._sync()

    def _clock(self, why):
        # as rules._roll: every die moves the clock, but the AGG roll-off and (ki_clock off) the
        # rolls after a Killer Instinct event
        if why in bout_rules.W_TIE:
            return
        if why in bout_rules.W_CF:
            self.free = False  # a new exchange
        if not self.free:
            self.click += 1

    def _event(self, name, a, b, c):
        # as the core's _score calls, read back from the events
        pts = self.pts
        if name == "start" or name == "control":
            self.control = a
        elif name == "punch":
            pts[a] += c & 255
        elif name == "down":
            pts[1 - a] += c
        elif name == "foul":
            if 0 < b < _STOP:
                pts[a] -= b
        elif name == "injury" or name == "cut":
            if 0 < b < _STOP:
                pts[1 - a] += b
        elif name == "ki":
            self.free = not self.game.options["ki_clock"]
        elif name == "round":
            self.panel = _ROUND
            self.ended = a
            self.free = False
            if a < self.game.rounds:
                self.round = a + 1
                self.click = 0
        elif name == "end":
            self.panel = _END

    def _sync(self):
        """All shown: the game's own numbers (they agree; tests check it)."""
        g = self.game
        self.round = g.round
        self.click = g.click
        self.pts[0], self.pts[1] = g.totals()
        self.control = g.control

    def shown_state(self):
        return self.round, self.click, self.pts[0], self.pts[1], self.control

    # the game moved ---------------------------------------------------------
    def changed(self):
        if self.session.built != self.seen:
            self._rebuild()  # a replay: undo, or the table's dice went in
        else:
            self._reveal(self.step_exchange or self.rush)
            self._sound()
        self.rush = False
        if not self.undoing:
            self.ask_if_needed()
        self.undoing = False
        self.app.redraw()

    def _sound(self):
        # a tick a step; the bell at a round's end; a long tone at the end
        if self.panel == _END:
            self.app.beep(880, 400)
        elif self.panel == _ROUND:
            self.app.beep(1320, 150)
        else:
            self.app.beep(2000, 15)

    def undo(self):
        self.undoing = True
        FightScreen.undo(self)
        self.undoing = False

    def ask_if_needed(self):
        """All shown and the game asks a question: its picker."""
        p = self.game.prompt()
        if self.shown < len(self.game.log) or p is None or p is bout_rules.NEXT:
            return
        title, fmt, value = self._question(p)
        self.app.push(_picker(self.app, title, value, p[1], p[2], self.give, self._roll_label(), fmt))

    def _question(self, p):
        if p is bout_rules.P_TIE:
            return titlebout_label("q_tie"), self._side_name, 0
        if p is bout_rules.P_WHICH:
            return titlebout_label("q_which"), _fmt_which, 0
        for side in (0, 1):
            q = bout_rules.P_SETUP[side]
            for i in range(len(q)):
                if p is q[i]:
                    return "%s %s" % (titlebout_label(bout_rules.SIDES[side]), titlebout_label(_SETUP_Q[i])), None, _SETUP_START[i]
            if p is bout_rules.P_PUNCH[side]:
                return titlebout_label("q_punch"), None, 0
        if p is bout_rules.P_COUNT:
            return titlebout_label("q_count"), None, p[1]
        for prompt, key, fmt in _CHART_Q:
            if p is prompt:
                return titlebout_label(key), fmt, 0
        return p[0], None, p[1]  # a prompt this screen does not know: the core's own words

    # names and words ---------------------------------------------------------
    def name(self, side, short=True):
        f = self.game.fighters[side]
        # no card, or the card the box asks the questions of: the corner's name
        if f is not None and f.name != ("Red", "Blue")[side]:
            n = surname(f.name)
            return n[:_SHORT] if short else n
        n = titlebout_label(bout_rules.SIDES[side])
        if short and len(n) > _SHORT:
            return n[: _SHORT - 1] + "."  # "Красн.", not "Красны"
        return n

    def _side_name(self, side):
        return self.name(side, False)

    def _roll_side(self, why):
        """(side, what) of a roll's purpose: "red PL" -> (0, "PL")."""
        if why in bout_rules.W_TIE:
            return bout_rules.W_TIE.index(why), "AGG tie"
        i = why.find(" ")
        return (0 if why[:i] == "red" else 1), why[i + 1 :]

    def _roll_label(self):
        if self.game.prompt() in bout_rules.P_SETUP[0] or self.game.prompt() in bout_rules.P_SETUP[1]:
            return titlebout_label("own")  # a rating read off the player's own card
        if self.roll_at < 0:
            return None
        kind, why, die, value, _ = self.game.log.entry(self.roll_at)
        side, _ = self._roll_side(why)
        return "%s %s=%d" % (self.name(side), _dice.name(die), value)

    def _for_line(self):
        """What the big number was for: "Hagler PL 48"."""
        kind, why, die, value, _ = self.game.log.entry(self.roll_at)
        side, what = self._roll_side(why)
        f = self.game.fighters[side]
        rating = ""
        if f is not None and what in ("CF", "PL", "HP"):
            rating = " %d" % getattr(f, what.lower())
        return "%s %s%s" % (self.name(side), titlebout_label(what), rating)

    def _event_line(self):
        if self.event_at < 0:
            # a roll with no event of its own: a kept control or a landed punch
            if self.roll_at >= 0:
                why = self.game.log.entry(self.roll_at)[1]
                if why in bout_rules.W_CF:
                    return titlebout_label("keeps")
                if why in bout_rules.W_PL or why in bout_rules.W_KI:
                    # 99/100 goes to the foul or injury chart (or, assisted, a question)
                    return titlebout_label("lands") if self.game.log.entry(self.roll_at)[3] < 99 else "99/100!"
            return ""
        kind, name, a, b, c = self.game.log.entry(self.event_at)
        n = self.name
        if name == "start":
            return "%s %s" % (n(a), titlebout_label("starts"))
        if name == "control":
            return "%s %s" % (titlebout_label("control"), n(a))
        if name == "miss":
            return "%s %s" % (n(a), titlebout_label("misses"))
        if name == "punch":
            f = self.game.fighters[a]
            what = _punch(f.punch_names[b]) if b >= 0 and f.punch_names else titlebout_label("lands")
            return "%s %s +%d" % (n(a), what, c & 255)
        if name == "down":
            return "%s %s %d" % (n(a), titlebout_label("down"), b)
        if name == "ko":
            return titlebout_label("ko")
        if name in ("foul", "injury", "cut"):
            if b == 0:
                return titlebout_label("no_cut") if name == "cut" else titlebout_label("nothing")
            if b == _STOP:
                return "%s %s" % (titlebout_label(name), titlebout_label("dq") if name == "foul" else titlebout_label("stopped"))
            if b < 0:
                return "%s %s" % (titlebout_label("foul"), titlebout_label("warning"))
            if name == "foul":
                return "%s %s -%d" % (n(a), titlebout_label("foul"), b)
            return "%s %s, %s +%d" % (n(a), titlebout_label(name), n(1 - a), b)
        if name == "ki":
            return "%s%d" % (titlebout_label("killer"), b)
        if name == "bell":
            return titlebout_label("bell")
        if name == "round":
            return "%s %d" % (titlebout_label("end_round"), a)
        if name == "end":
            return self._result_words()
        return name

    def _result_words(self, r=None):
        r = r or self.game.result()  # a dict with the scoresheet: made once a frame
        if r["winner"] is None:
            return titlebout_label("draw")
        side = 0 if r["side"] == "red" else 1
        s = "%s %s" % (self.name(side, False), titlebout_label("wins"))
        if text.width(s) > draw.WIDTH - 2:  # a long name: as beside the big digits
            s = "%s %s" % (self.name(side), titlebout_label("wins"))
        return s

    def _method(self, r):
        return titlebout_label(r["method"]) if r["method"] != "draw" else titlebout_label("draw")

    def progress(self):
        """Home's label for a bout left unfinished: "TB R3 Hagler-Antuof 18-12", red's corner first."""
        from dicebox.ui.unfinished import kept_label  # loaded already: the leave runs in it

        g = self.game
        pts = g.totals()
        return kept_label(titlebout_label("tb_round") % g.round, self.name(0), self.name(1), "%d-%d" % (pts[0], pts[1]))

    def summary(self):
        """History's line, what matters first as the list shows ~20 characters: "Hagler KO r7 v Antuofermo"."""
        r = self.game.result()
        w = 1 if r["side"] == "blue" else 0
        score = ""
        if r["method"] in ("decision", "draw"):
            rule = self.game.options["decision"]
            key = "totals" if rule == "points" else "ten_point" if rule == "ten" else "rounds_won"
            score = " %d-%d" % (r[key][w], r[key][1 - w])  # the winner's first
        if r["winner"] is None:
            return "%s %s%d%s: %s %s %s" % (titlebout_label("drawn"), titlebout_label("r_short"), r["round"], score, self.name(0, False), titlebout_label("versus"), self.name(1, False))
        why = " (%s)" % titlebout_label(r["reason"]) if r["reason"] else ""
        return "%s %s%s %s%d%s %s %s" % (self.name(w, False), titlebout_label(r["method"]), why, titlebout_label("r_short"), r["round"], score, titlebout_label("versus"),
                                         self.name(1 - w, False))

    # buttons -------------------------------------------------------------------
    def button(self, b, ev, now):
        if b == buttons.OK and ev in (buttons.CLICK, buttons.LONG):
            self.ok(ev == buttons.LONG)
        else:
            FightScreen.button(self, b, ev, now)

    def ok(self, rush):
        log = self.game.log
        if self.shown < len(log):
            self._reveal(rush or self.step_exchange)
            self._sound()
            self.app.redraw()
            if not (rush and self.shown >= len(log) and self.game.prompt() is bout_rules.NEXT):
                self.ask_if_needed()
                return
        p = self.game.prompt()
        if p is None:
            from dicebox.titlebout.sheet import Scoresheet  # the bout's end only: loaded then

            self.app.push(Scoresheet(self.app, self))
        elif p is bout_rules.NEXT:
            self.rush = rush
            self.give(bout_rules.ROUND if rush else bout_rules.ONE)
        else:
            self.ask_if_needed()

    # drawing -------------------------------------------------------------------
    def draw(self, c):
        if self.panel == _ROUND:
            self._draw_round(c)
        elif self.panel == _END:
            self._draw_end(c)
        else:
            self._draw_play(c)

    def _names(self, c, y, mark):
        for side in (0, 1):
            s = self.name(side)
            w = text.width(s)
            x = 1 if side == 0 else 127 - w
            if side == mark:
                c.fill_rect(x - 1, y - 1, w + 2, 9, 1)
                text.draw(c, s, x, y, text.SMALL, 0)
            else:
                text.draw(c, s, x, y)

    def _draw_play(self, c):
        g = self.game
        used = min(self.click, bout_rules.CLICKS)
        draw.header(c, "%s %d/%d" % (titlebout_label("round"), self.round, g.rounds), "%d %s" % (bout_rules.CLICKS - used, titlebout_label("left")))
        # the time track: 40 clicks, filled as they go, a notch every 10
        c.rect(0, 12, bout_rules.CLICKS * _TRACK + 2, 5, 1)
        c.fill_rect(1, 13, used * _TRACK, 3, 1)
        for k in range(10, bout_rules.CLICKS, 10):
            c.pixel(k * _TRACK, 11, 1)
        # (the seed is on the end screen, the scoresheet and History)
        self._names(c, 20, self.control)
        text.draw(c, str(self.pts[0]), 1, 30, text.MEDIUM)
        s = str(self.pts[1])
        text.draw(c, s, 128 - text.width(s, text.MEDIUM), 30, text.MEDIUM)
        if self.roll_at >= 0:
            value = g.log.entry(self.roll_at)[3]
            if value < 100:
                text.draw_center(c, str(value), 17, text.BIG, 1, 37, 91)
            else:  # three big digits would touch the names: 100 in the 16-px font
                text.draw_center(c, str(value), 23, text.MEDIUM, 1, 37, 91)
            text.draw_center(c, self._for_line(), 48)
        elif g.prompt() is bout_rules.NEXT:
            text.draw_center(c, titlebout_label("ok_hint"), 48)
        if g.prompt() not in (None, bout_rules.NEXT) and self.shown >= len(g.log):
            line = titlebout_label("answer")  # a question waits (its picker was closed)
        else:
            line = self._event_line()
        text.draw_center(c, line, 56)

    def _draw_round(self, c):
        g = self.game
        r = self.ended - 1
        draw.header(c, "%s %d" % (titlebout_label("end_round"), self.ended))
        self._names(c, 12, -1)
        text.draw_center(c, "%d-%d" % (g.score[0][r], g.score[1][r]), 23, text.MEDIUM)
        text.draw_center(c, self._totals(), 43)
        if self.shown < len(g.log):
            hint = titlebout_label("ok_on")  # the result comes next
        elif g.prompt() is bout_rules.NEXT:
            hint = "%s %d" % (titlebout_label("next_round"), self.ended + 1)
        else:
            hint = titlebout_label("answer")
        text.draw_center(c, hint, 56)

    def _totals(self):
        a, b = self.game.totals()
        won = self.game.rounds_won()
        return "%s %d-%d %s %d-%d" % (titlebout_label("pts"), a, b, titlebout_label("rds"), won[0], won[1])

    def _draw_end(self, c):
        g = self.game
        r = g.result()
        draw.seed_header(c, "%s %d/%d" % (titlebout_label("round"), r["round"], g.rounds), self.session.rec.seed)
        # a draw: the method line says it once
        text.draw_center(c, self._result_words(r) if r["winner"] is not None else titlebout_label("decision"), 13)
        text.draw_center(c, self._method(r), 22, text.MEDIUM)
        text.draw_center(c, titlebout_label(r["reason"]), 38)
        text.draw_center(c, self._totals(), 47)
        text.draw_center(c, titlebout_label("sheet_hint"), 56)


def _punch(name):
    """A card's punch in the screen's language: the usual ones translated, a card's own as written."""
    s = titlebout_label("p_" + name)
    return name if s.startswith("p_") else s
