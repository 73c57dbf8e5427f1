"""A layout checker for the simulated box: every text run the firmware draws is
heard through dicebox.ui.text.draw (wrapped here), with its inked box, and each frame is checked:

- ink leaves the glass (128 x 64);
- white-on-black text (a header, a selected row) leaves the bar it sits on;
- two runs overlap, or sit closer than GAP px side by side on one line (they
  read as one word: "left armleft leg");
- big digits come within BIG_GAP px of other text.

Runs a later fill_rect covers (a dialog over the screen below) are gone and not
checked. A Menu's rows may run past the right edge: the selected one scrolls.
CPython only (the sink sees the host canvas).
"""
import re

from dicebox.ui import draw as _draw
from dicebox.ui import text as _text

W = 128
H = 64
GAP = 3  # px between two runs on one line
BIG_GAP = 2  # big digits: at least this much clear around them (more than 2 px)

_ink_cache = {}


_REAL_DRAW = [_text.draw]  # text.draw as the firmware has it (Checker wraps it while it listens)


def ink(s, font):
    """(x0, y0, x1, y1) of the inked pixels of s drawn at 0,0, exclusive ends; None if blank."""
    key = (s, id(font))
    box = _ink_cache.get(key)
    if box is None and key not in _ink_cache:
        from host_sim.fb import Canvas

        w = max(1, _text.width(s, font) + 2)
        h = font.height
        c = Canvas(None, w, h)
        _REAL_DRAW[0](c, s, 0, 0, font)
        xs = []
        ys = []
        for y in range(h):
            for x in range(w):
                if c.pixel(x, y):
                    xs.append(x)
                    ys.append(y)
        box = (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None
        _ink_cache[key] = box
    return box


class Run:
    __slots__ = ("ox", "oy", "x0", "y0", "x1", "y1", "s", "font", "color", "row", "bar")

    def __repr__(self):
        return "%r@(%d,%d)-(%d,%d)%s" % (self.s, self.x0, self.y0, self.x1, self.y1,
                                         {id(_text.BIG): " BIG", id(_text.MEDIUM): " MEDIUM"}.get(id(self.font), ""))


def _meets(a, b):
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _near(a, b, gap):
    """Closer than gap px (or overlapping) in both directions' sense: boxes grown by gap meet."""
    return a.x0 - gap < b.x1 and b.x0 - gap < a.x1 and a.y0 - gap < b.y1 and b.y0 - gap < a.y1


def _spelled(a, b):
    """b goes on where a's pen stopped (or a where b's did): one text drawn in pieces."""
    if a.font is not b.font or a.oy != b.oy:
        return False
    adv = a.font.advance
    return b.ox == a.ox + len(a.s) * adv or a.ox == b.ox + len(b.s) * adv


class Checker:
    def __init__(self, device):
        self.device = device
        self.runs = []
        self.bars = []  # filled rects (x, y, w, h) this frame
        self.problems = {}  # message with its numbers as # -> message and where
        self.latin = {}  # Latin words on a Russian screen -> where first seen
        self.shots = None  # a list: (problem, frame bytes) kept for each
        self.screens = {}  # screen class name -> frames checked
        self.frames = 0
        self.where = ""
        self.in_rows = False
        canvas = device.display
        fill_rect = canvas.fill_rect
        checker = self

        def traced_fill_rect(x, y, w, h, c):
            checker.covered(x, y, w, h, c)
            return fill_rect(x, y, w, h, c)

        canvas.fill_rect = traced_fill_rect
        rect = canvas.rect

        def traced_rect(x, y, w, h, c, f=False, **k):
            if f or k.get("fill"):
                checker.covered(x, y, w, h, c)
            return rect(x, y, w, h, c, f, **k)

        canvas.rect = traced_rect
        fill = canvas.fill

        def traced_fill(c):
            checker.covered(0, 0, W, H, c)
            return fill(c)

        canvas.fill = traced_fill
        list_rows = _draw.list_rows

        def traced_list_rows(*a, **k):
            checker.in_rows = True
            try:
                return list_rows(*a, **k)
            finally:
                checker.in_rows = False

        self._list_rows = list_rows
        _draw.list_rows = traced_list_rows
        real = _REAL_DRAW[0]
        heard = self.heard

        def traced_draw(canvas, s, x, y, font=_text.SMALL, color=1):
            heard(x, y, s, font, color)
            return real(canvas, s, x, y, font, color)

        _text.draw = traced_draw  # the module's global too: draw_center's calls are heard
        device.on_frame = self.frame

    def close(self):
        _text.draw = _REAL_DRAW[0]
        _draw.list_rows = self._list_rows
        self.device.on_frame = None

    def heard(self, x, y, s, font, color):
        box = ink(s, font)
        if box is None:
            return
        r = Run()
        r.ox = x
        r.oy = y
        r.x0 = x + box[0]
        r.y0 = y + box[1]
        r.x1 = x + box[2]
        r.y1 = y + box[3]
        r.s = s
        r.font = font
        r.color = color
        r.row = self.in_rows
        r.bar = None
        if not color:
            for bar in reversed(self.bars):
                bx, by, bw, bh = bar
                if bx <= r.x0 and r.x1 <= bx + bw and by <= r.y0 and r.y1 <= by + bh:
                    r.bar = bar
                    break
            else:
                r.bar = False
        self.runs.append(r)

    def covered(self, x, y, w, h, c):
        if x == 0 and y == 0 and w >= W and h >= H:
            self.runs = []
            self.bars = []
            if c == 0:
                return
        keep = []
        for r in self.runs:
            if r.x0 < x + w and x < r.x1 and r.y0 < y + h and y < r.y1:
                continue  # drawn over
            keep.append(r)
        self.runs = keep
        if c:
            self.bars.append((x, y, w, h))

    def problem(self, what):
        """Kept once per kind: the same message with other numbers is the same problem."""
        key = re.sub(r"[0-9]+", "#", what)
        if key in self.problems:
            return
        app = self.device.app
        where = "%s [%s] %s" % (self.where, app.settings["lang"], "/".join(type(s).__name__ for s in app.stack[1:]) or "Home")
        self.problems[key] = "%s  (at %s)" % (what, where)
        if self.shots is not None:
            self.shots.append((self.problems[key], bytes(self.device.glass())))

    def frame(self, device):
        self.frames += 1
        name = type(device.app.top).__name__
        self.screens[name] = self.screens.get(name, 0) + 1
        runs = self.runs
        big = id(_text.BIG)
        for i, a in enumerate(runs):
            if not a.row and (a.x0 < 0 or a.y0 < 0 or a.x1 > W or a.y1 > H):
                self.problem("%s: %r leaves the glass" % (name, a))
            if a.bar is False and not (a.row and (a.x0 < 0 or a.x1 > W - 3)):
                self.problem("%s: %r, white on black, leaves its bar" % (name, a))
            for b in runs[i + 1:]:
                if a.row and b.row:
                    continue  # a menu's rows are laid out by list_rows (a scrolled one may pass under the next)
                if id(a.font) == big or id(b.font) == big:
                    if (id(a.font) != big or id(b.font) != big) and _near(a, b, BIG_GAP + 1):
                        self.problem("%s: big digits %r and %r are within %d px" % (name, a, b, BIG_GAP))
                    elif _meets(a, b):
                        self.problem("%s: %r and %r overlap" % (name, a, b))
                elif _meets(a, b):
                    self.problem("%s: %r and %r overlap" % (name, a, b))
                elif a.y0 < b.y1 and b.y0 < a.y1 and _near(a, b, GAP) and a.color == b.color and not _spelled(a, b):
                    self.problem("%s: %r and %r run together (less than %d px apart)" % (name, a, b, GAP))
        if device.app.settings["lang"] == "ru":
            for a in runs:
                for word in re.findall(r"[A-Za-z][A-Za-z0-9]*", a.s):
                    self.latin.setdefault(word, "%s: %r" % (name, a.s))
        self.runs = []
        self.bars = []

    def report(self):
        return sorted(self.problems.values())
