"""Title Bout's scoresheet, opened from the end of a bout (bout.py): loaded when it is first opened,
so a bout in play runs without it."""
from dicebox import buttons
from dicebox.core.compat import const
from dicebox.titlebout import rules as bout_rules
from dicebox.titlebout.text import titlebout_label
from dicebox.ui import draw, text
from dicebox.ui.app import Screen

_SHEET_ROWS = const(5)  # scoresheet rows on screen
_CELL = const(9)  # characters of a corner's round on the scoresheet


def _cell(g, rnd, side):
    """A corner's round: points, then D a knockdown he suffered, C a cut, F a foul (F-2: two points
    off): "12 DC", "7 F-1"."""
    out = str(g.score[side][rnd - 1])
    letters = titlebout_label("marks")  # D C F, in the screen's language
    m = ""
    for k, letter in ((bout_rules.SHEET_DOWN, letters[0]), (bout_rules.SHEET_CUT, letters[1])):
        n = g.marks(rnd, side, k)
        if n:
            m += letter if n == 1 else "%s%d" % (letter, n)
    off = g.marks(rnd, side, bout_rules.SHEET_OFF)
    if off:
        m += "%s-%d" % (letters[2], off)
    elif g.marks(rnd, side, bout_rules.SHEET_FOUL):
        m += letters[2]
    if not m:
        return out
    if len(out) + 1 + len(m) <= _CELL:
        return out + " " + m
    if len(out) + len(m) > _CELL:  # the widest rounds: the letters without their counts
        m = letters[0] * (g.marks(rnd, side, bout_rules.SHEET_DOWN) > 0) + letters[1] * (g.marks(rnd, side, bout_rules.SHEET_CUT) > 0) + \
            (("%s-%d" % (letters[2], off)) if off else letters[2] * (g.marks(rnd, side, bout_rules.SHEET_FOUL) > 0))
    return out + m


class Scoresheet(Screen):
    """Each round's points and marks, the totals and the cards' extra ratings; UP/DOWN scroll."""

    def __init__(self, app, fight):
        Screen.__init__(self, app)
        g = fight.game
        self.heads = (fight.name(0), fight.name(1))
        self.game = g
        self.rounds = g.round  # rows 0 .. rounds - 1: the rounds, their cells made as drawn
        rows = []
        a, b = g.totals()
        rows.append((titlebout_label("total"), a, b))
        a, b = g.rounds_won()
        rows.append((titlebout_label("won"), a, b))
        rows.append((titlebout_label("downs"), g.knockdowns[0], g.knockdowns[1]))
        if g.options["decision"] == "ten":
            a, b = g.ten_point()
            rows.append((titlebout_label("ten"), a, b))
        # a real card's extra ratings (kdr2, a cut rating...): kept on the card, shown here, not played
        cards = (g.options["red"] or {}, g.options["blue"] or {})
        extra = []
        for card in cards:
            for key in card:
                if (" " + key + " ") not in " name note agg cf pl hp kdr1 kor ki punches " and key not in extra:
                    extra.append(key)
        extra.sort()
        for key in extra:
            rows.append((key, cards[0].get(key, ""), cards[1].get(key, "")))
        rows.append((titlebout_label("legend"), "", ""))
        self.rows = rows
        self.first = 0
        self.seed = fight.session.rec.seed

    def row(self, k):
        """Row k as drawn: (label, red, blue)."""
        if k < self.rounds:
            return str(k + 1), _cell(self.game, k + 1, 0), _cell(self.game, k + 1, 1)
        return self.rows[k - self.rounds]

    def button(self, b, ev, now):
        last = max(0, self.rounds + len(self.rows) - _SHEET_ROWS)
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            self.first = max(0, min(last, self.first + (1 if b == buttons.DOWN else -1)))
            self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            self.first = 0 if self.first >= last else min(last, self.first + _SHEET_ROWS)
            self.app.redraw()
        else:
            Screen.button(self, b, ev, now)

    def draw(self, c):
        draw.seed_header(c, titlebout_label("sheet"), self.seed)
        text.draw(c, "#", 1, 10)
        self._cols(c, self.heads[0], self.heads[1], 10)
        c.hline(0, 18, 128, 1)
        for i in range(_SHEET_ROWS):
            k = self.first + i
            if k >= self.rounds + len(self.rows):
                break
            label, a, b = self.row(k)
            y = 20 + i * 9
            text.draw(c, label, 1, y)
            self._cols(c, str(a), str(b), y)

    def _cols(self, c, a, b, y):
        # each corner's column holds _CELL characters ("10 D2C2F"): red's ends at 70
        text.draw(c, a, 70 - text.width(a), y)
        text.draw(c, b, 126 - text.width(b), y)
