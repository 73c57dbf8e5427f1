"""History: finished fights and roll sessions; open one to page its transcript."""
from dicebox import buttons as B
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.ui import draw, text
from dicebox.ui.app import Menu, Screen
from dicebox.ui.lang import t

_LINES = 6  # transcript lines on screen


class History(Menu):
    def __init__(self, app):
        items = []
        for ident, summary in app.store.history():
            items.append((summary, self._opener(ident)))
        Menu.__init__(self, app, t("history"), items)

    def _opener(self, ident):
        return lambda: self.app.push(Transcript(self.app, ident))

    def draw(self, c):
        if self.items:
            Menu.draw(self, c)
        else:
            draw.header(c, t("history"))
            text.draw_center(c, t("empty"), 30)


class Transcript(Screen):
    """Pages through a record's transcript: UP/DOWN a line (held: fast), OK a page."""

    def __init__(self, app, ident):
        Screen.__init__(self, app)
        self.lines = []
        raw = app.store.history_record(ident)
        try:
            rec = _record.loads(raw or "", "history")
            game = _record.replay(rec)
            for line in _record.lines(game, rec):
                self.lines.extend(draw.wrap(line))
            self.title = "%s %d" % (rec.ruleset, rec.seed)
        except (RecordError, ValueError) as e:
            self.lines = draw.wrap(str(e))
            self.title = t("error")
        self.first = 0

    def button(self, b, ev, now):
        last = max(0, len(self.lines) - _LINES)
        if b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            self.first = max(0, min(last, self.first + (1 if b == B.DOWN else -1)))
            self.app.redraw()
        elif b == B.OK and ev == B.CLICK:
            self.first = 0 if self.first >= last else min(last, self.first + _LINES)
            self.app.redraw()
        else:
            Screen.button(self, b, ev, now)

    def draw(self, c):
        draw.header(c, self.title, "%d/%d" % (min(len(self.lines), self.first + _LINES), len(self.lines)))
        for i in range(_LINES):
            k = self.first + i
            if k < len(self.lines):
                text.draw(c, self.lines[k], 1, 11 + i * 9)
