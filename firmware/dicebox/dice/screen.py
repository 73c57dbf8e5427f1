"""Dice mode: pick a die or an expression, OK rolls; the session is a "dice" record, saved after
each roll and put in History when the user leaves."""
from dicebox import buttons
from dicebox.core import expr
from dicebox.dice import rules as dicemode
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.core.log import EVENT
from dicebox.ui import draw, text
from dicebox.ui.app import Screen
from dicebox.ui.lang import label
from dicebox.ui.session import Session

_DIES = const((3, 4, 6, 8, 10, 12, 20, 100))
_CUSTOM = len(dicemode.PRESETS)  # index of the free expression in the pick list
_HISTORY = const(5)  # last results listed


def start(app):
    rec = _record.Record("dice", seed=app.new_seed())
    return DiceScreen(app, rec)


def screen_for(app, rec):
    return DiceScreen(app, rec)


class DiceScreen(Screen):
    def __init__(self, app, rec):
        Screen.__init__(self, app)
        self.session = Session(app, rec)
        self.custom = "2d6+1"
        self.pick = 0
        last = rec.inputs[-1] if rec.inputs else None
        if last in dicemode.PRESETS:
            self.pick = dicemode.PRESETS.index(last)
        elif last is not None:
            self.custom = last
            self.pick = _CUSTOM
        self.results = []
        self._collect()

    def _collect(self):
        """Last totals from the log (a resumed session shows its history too)."""
        log = self.session.game.log
        out = []
        for i in range(len(log)):
            kind, name, a, b, c = log.entry(i)
            if kind == EVENT:
                out.append((name, a))
        self.results = out[-_HISTORY:]

    def choice(self):
        return self.custom if self.pick == _CUSTOM else dicemode.PRESETS[self.pick]

    def button(self, b, ev, now):
        app = self.app
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.pick = (self.pick + (1 if b == buttons.DOWN else -1)) % (_CUSTOM + 1)
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            self.session.give(self.choice())
            self._collect()
            app.beep(2000, 30)
            app.redraw()
        elif b == buttons.OK and ev == buttons.LONG:
            app.push(ExprEditor(app, self.custom, self._set_custom))
        elif b == buttons.BACK and ev == buttons.CLICK:
            self.leave()

    def _set_custom(self, text_):
        self.custom = text_
        self.pick = _CUSTOM
        self.app.redraw()

    def leave(self):
        s = self.session
        if s.rec.inputs:
            g = s.game
            s.finish("%s=%d (%d)" % (g.last, g.total, g.count))
        else:
            s.abandon()
        self.app.pop()

    def draw(self, c):
        draw.seed_header(c, label("dice"), self.session.rec.seed)
        # the pick, with arrows saying UP/DOWN change it
        pick = self.choice()
        text.draw(c, "\u25b2", 0, 12)
        text.draw_center(c, label("coin") if pick == "coin" else pick, 12, text.SMALL, 1, 8, 80)
        text.draw(c, "\u25bc", 82, 12)
        inputs = self.session.rec.inputs
        if not self.results or inputs[-1] != pick:
            # nothing rolled yet with this pick: the last result was another die's
            if self.results:
                text.draw_center(c, label("roll_hint"), 30, text.SMALL, 1, 0, 88)
                self._earlier(c, 0)
            else:
                text.draw_center(c, label("roll_hint"), 30)
                text.draw_center(c, label("edit_hint"), 42)
            return
        name, value = self.results[-1]
        if name == "coin":
            shown = label("heads") if value == 1 else label("tails")
            text.draw_center(c, shown, 34, text.MEDIUM, 1, 0, 88)
        else:
            text.draw_center(c, str(value), 24, text.BIG, 1, 0, 88)
        self._earlier(c, 1)
        text.draw(c, "#%d" % self.session.game.count, 1, 56)

    def _earlier(self, c, skip):
        """Earlier results, newest first, in the right column."""
        y = 12
        shown_results = self.results[:-1] if skip else self.results
        for name, value in reversed(shown_results):
            shown = label("heads")[0] if value == 1 and name == "coin" else label("tails")[0] if name == "coin" else str(value)
            text.draw(c, shown, 128 - text.width(shown) - 1, y)
            y += 9
        c.vline(90, 11, 53, 1)


class ExprEditor(Screen):
    """Build NdM+K with four buttons: three fields, UP/DOWN change, OK next, BACK back."""

    def __init__(self, app, current, on_done):
        Screen.__init__(self, app)
        self.on_done = on_done
        self.count, self.die, self.mod = 2, 6, 1
        try:
            terms = expr.parse(current)
            sign, count, die, name = terms[0]
            if die in _DIES and name is None:
                self.count, self.die = count, die
                self.mod = sum(s * n for s, n, d, w in terms[1:] if d == 0 and w is None)
        except (expr.ExprError, IndexError):
            pass
        self.field = 0

    def text(self):
        s = "%dd%s" % (self.count, "%" if self.die == 100 else self.die)
        if self.mod:
            s += "%+d" % self.mod
        return s

    def button(self, b, ev, now):
        app = self.app
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            step = 1 if b == buttons.UP else -1
            if self.field == 0:
                self.count = (self.count - 1 + step) % 20 + 1
            elif self.field == 1:
                i = _DIES.index(self.die)
                self.die = _DIES[(i + step) % len(_DIES)]
            else:
                self.mod = (self.mod + 20 + step) % 41 - 20
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if self.field < 2:
                self.field += 1
                app.redraw()
            else:
                app.pop()
                self.on_done(self.text())
        elif b == buttons.BACK and ev == buttons.CLICK:
            if self.field:
                self.field -= 1
                app.redraw()
            else:
                app.pop()

    def draw(self, c):
        draw.header(c, label("expr"))
        parts = ("%d" % self.count, "d%s" % ("%" if self.die == 100 else self.die), "%+d" % self.mod)
        x = (128 - text.width("".join(parts), text.MEDIUM)) // 2
        for i in range(3):
            x0 = x
            x = text.draw(c, parts[i], x, 22, text.MEDIUM)
            if i == self.field:
                c.fill_rect(x0, 40, x - x0 - 2, 2, 1)
        lo, hi = expr.bounds(expr.parse(self.text()))
        text.draw_center(c, "%d..%d" % (lo, hi), 45)
        text.draw_center(c, label("expr_hint"), 55)
