"""History: finished fights and the small procedures of each power-on; open one to page its transcript."""
import gc
from array import array

from dicebox import buttons
from dicebox import call_once
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.core.game import RecordError
from dicebox.ui import draw, lang, text
from dicebox.ui.app import Menu, Screen
from dicebox.ui.lang import label

_LINES = const(6)  # transcript lines on screen
_PAGE = const(30)  # entries listed at a time: a full flash holds hundreds


class History(Menu):
    """Newest first; a fold opens to its items. Long OK: pin (never deleted to make room) or delete."""

    def __init__(self, app, start=0):
        self.start = start  # the first entry listed (a name the box has already)
        Menu.__init__(self, app, label("history"), [])
        self.build()

    def build(self):
        app = self.app
        items = []
        self.entries = []
        got = app.store.entries(self.start, _PAGE + 1)
        for ident, summary, pinned, n in got[:_PAGE]:
            label = "%s \u00d7%d" % (summary, n) if n > 1 else summary
            items.append((("\u2713" + label) if pinned else label, self._opener(ident, n)))
            self.entries.append((ident, pinned, label))
        if len(got) > _PAGE:
            older = "Старее\u2026" if lang.LANG[0] == "ru" else "Older entries\u2026"  # long enough not to be interned
            items.append((older, lambda: app.push(History(app, self.start + _PAGE))))
        self.items = items
        self.sel = min(self.sel, max(0, len(items) - 1))
        app.redraw()

    def _opener(self, ident, n):
        if n > 1:  # a fold: its items' list (in ui/unfinished.py with the other rare screens, loaded for the call)
            return lambda: call_once("dicebox.ui.unfinished", "open", self.app, ident)
        return lambda: self.app.push(Transcript(self.app, ident))

    def button(self, b, ev, now):
        if b == buttons.OK and ev == buttons.LONG and self.sel < len(self.entries):
            call_once("dicebox.ui.unfinished", "ask", self, self.entries[self.sel])  # pin or delete
        else:
            Menu.button(self, b, ev, now)

    def resumed(self):
        self.build()

    def draw(self, c):
        if self.items:
            Menu.draw(self, c)
        else:
            draw.header(c, label("history"))
            text.draw_center(c, label("empty"), 30)


class Transcript(Screen):
    """Pages through a record's transcript: UP/DOWN a line, OK a page. Only where each record line
    starts is kept, the lines on screen made again as the page moves: a long session has over a thousand."""

    def __init__(self, app, ident, i=-1):
        Screen.__init__(self, app)
        self.game = None
        self.summary = ""
        for hid, summary in app.store.history():
            if hid == ident:
                self.summary = summary
        self.shown = ()  # the wrapped lines on screen, from screen line self.shown_at
        self.shown_at = -1
        try:
            record_text = app.store.history_record(ident, i) or ""
            gc.collect()  # the read's garbage goes before the parse, which wants a big block for a long record
            self.rec = _record.loads(record_text, "history")
            record_text = None  # the text goes before the replay
            self.game = _record.replay(self.rec)
            n = _record.line_count(self.game)
            # starts[i]: the screen line where record line i begins; sized once
            # (no copy), 16-bit until a session passes 65,535 screen lines
            wide = n > 0xFFFF
            starts = array("I" if wide else "H", range(n + 1))
            total = 0
            for i in range(n + 1):
                if total > 0xFFFF and not wide:
                    starts = array("I", starts)
                    wide = True
                starts[i] = total
                if i < n:
                    s = self.line(i)
                    total += len(draw.wrap(s)) if s is not None else 0
            self.starts = starts
            self.count = total
            self.title = "%s %d" % (label("seed"), self.rec.seed)  # the mode is on the History row opened
        except (RecordError, ValueError) as e:
            self.game = None
            self.shown = draw.wrap(str(e))
            self.shown_at = 0
            self.count = len(self.shown)
            self.title = label("error")
        self.first = 0

    def line(self, i):
        """Record line i as the box shows it (None: no line): an input as "▶ what was given" (none for a
        wound list's: its events say it), the result as its History row."""
        s = _record.line(self.game, self.rec, i)
        if s.startswith("> input "):
            s = s[s.find(": ") + 2:]
            return None if s.startswith("[") else "\u25b6 " + s
        if s.startswith("result: "):
            return "= " + self.summary
        return s

    def window(self):
        """The screen lines from self.first on (at most _LINES of them)."""
        if self.game is None or self.shown_at == self.first:
            return self.shown, self.first - self.shown_at
        starts = self.starts
        lo, hi = 0, len(starts) - 2  # the record line holding screen line first
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= self.first:
                lo = mid
            else:
                hi = mid - 1
        shown = []
        i = lo
        while len(shown) < _LINES + self.first - starts[lo] and i < len(starts) - 1:
            s = self.line(i)
            if s is not None:
                shown.extend(draw.wrap(s))
            i += 1
        self.shown = shown[self.first - starts[lo]:]
        self.shown_at = self.first
        return self.shown, 0

    def button(self, b, ev, now):
        last = max(0, self.count - _LINES)
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.first = max(0, min(last, self.first + (1 if b == buttons.DOWN else -1)))
            self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            self.first = 0 if self.first >= last else min(last, self.first + _LINES)
            self.app.redraw()
        else:
            Screen.button(self, b, ev, now)

    def draw(self, c):
        page = "%d/%d" % (min(self.count, self.first + _LINES), self.count)
        title = self.title
        if text.width(title) + text.width(page) + 10 > draw.WIDTH:
            title = title[title.find(" ") + 1:]  # the seed alone, whole
        draw.header(c, title, page)
        shown, skip = self.window()
        for i in range(_LINES):
            if skip + i < len(shown):
                text.draw(c, shown[skip + i], 1, 11 + i * 9)
