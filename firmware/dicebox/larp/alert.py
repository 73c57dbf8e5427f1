"""The wound alert, rung by the running session (larp/tracker.py) over any mode; apart from
the tracker's screens, which bring the LARP menu's labels: too much heap over another mode."""
from dicebox import buttons
from dicebox.larp import wounds
from dicebox.core.compat import const
from dicebox.larp.kinds import kind_label
from dicebox.ui import text
from dicebox.ui.app import Screen
from dicebox import drop_new
from dicebox.ui.lang import LANG

_FLASH_MS = const(400)  # the screen inverts and beeps at this half-period


def line(game, name_of, i, ru):
    """Wound i's alert line in 21 characters, "40 Boris mortal (2nd wound)": which wound, as two alike
    lines read as one alert shown twice; the name is left out first when it does not fit."""
    p = game.who[i]
    name = name_of(p)
    kind = kind_label(game.kind[i])
    if ru and kind.endswith(" рана"):
        kind = kind[:-5]  # "40 смертельная (2-я)": the alert is of wounds, and the line has 21 characters
    n, of = game.nth(i)
    if of < 2:
        return ("%d %s %s" % (p, name, kind) if name else "%d %s" % (p, kind))[:21]
    nth = "%d-я" % n if ru else wounds.ordinal(n)
    word = kind_label("wound")
    for s in (("%d %s %s (%s %s)" % (p, name, kind, nth, word), "%d %s %s (%s)" % (p, name, kind, nth)) if name else ()) + (
            "%d %s (%s %s)" % (p, kind, nth, word), "%d %s (%s)" % (p, kind, nth)):
        if len(s) <= 21:
            return s
    return s[:21]


class AlertScreen(Screen):
    """An escalation: the screen flashes and beeps until the judge presses OK."""

    keep_awake = True

    def __init__(self, app, tr, loaded=None):
        Screen.__init__(self, app)
        self.tr = tr
        self.alert_for = tr  # the Tracker pushes one alert at a time
        self.phase = -1
        self.loaded = loaded  # sys.modules before the alert loaded its code

    def button(self, b, ev, now):
        if b == buttons.OK and ev == buttons.CLICK:
            self.tr.give(wounds.ACK)
            app = self.app
            if app.top is self:
                app.pop()
            else:
                app.stack.remove(self)
                app.redraw()
            if self.loaded is not None:
                # this code leaves the heap now: kept to the next Home, it held a full heap's room
                drop_new(self.loaded)
            self.tr.doze()  # woken over another mode: asleep again

    def tick(self, now):
        phase = (now // _FLASH_MS) & 1
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
        ru = 1 if LANG[0] == "ru" else 0
        text.draw_center(c, kind_label("alert"), 1, text.MEDIUM, ink)
        game = self.tr.game
        y = 19
        for i in game.alerts()[-3:]:
            text.draw_center(c, line(game, self.tr.name, i, ru), y, text.SMALL, ink)
            y += 10
        text.draw_center(c, kind_label("alert_ack"), 55, text.SMALL, ink)
