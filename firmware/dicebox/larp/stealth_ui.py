"""LARP stealth: the count."""
from dicebox import buttons
from dicebox.larp import common as larp
from dicebox.larp import stealth
from dicebox.core import record as _record
from dicebox.ui import draw, text
from dicebox.ui.fight import FightScreen
from dicebox.larp.kinds import kind_label
from dicebox.larp.menu import larp_label, code_label
from dicebox.larp.fights import _ask_target, big_line, offer_wounds


def _big_kind(kind):
    """A wound kind for a big line: in Russian the adjective alone ("тяжёлая",
    рана understood), as "тяжёлая рана" is too wide for MEDIUM beside the count."""
    return code_label("b", kind) if larp.LIGHT <= kind <= larp.MORTAL else kind_label(kind)


def stealth_start(app):
    s = StealthScreen(app, _record.Record("stealth", {}, app.new_seed()))
    app.push(s)
    _ask_target(s)


class StealthScreen(FightScreen):
    """OK starts the count (a beep a beat, the display stays on), OK stops it;
    running through four counts completes the attack."""

    SET_UP = 1  # the target: left before the count, nothing happened to keep

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.counting = False
        self.start = 0
        self.elapsed = 0
        self.stop_at = -1  # elapsed ms at the judge's STOP press, until its click

    @property
    def keep_awake(self):
        return self.counting

    def beat(self):
        return self.game.options["beat_ms"]

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if self.done:
            if ev == buttons.CLICK and b in (buttons.OK, buttons.BACK):
                self.leave()
            return
        if b == buttons.OK and ev == buttons.PRESS and g.target is not None:
            if not self.counting:
                self.counting = True
                self.start = now
                self.elapsed = 0
                app.beep(2200, 60)
            else:
                # stopped at the press; entered at its click, so the click
                # cannot answer the screen that the end of the fight opens
                self.counting = False
                self.stop_at = larp.ticks_step(self.start, now)
            app.redraw()
        elif b == buttons.OK and ev in (buttons.CLICK, buttons.LONG) and self.stop_at >= 0:
            elapsed = self.stop_at
            self.stop_at = -1
            self.stop(elapsed)
        elif b == buttons.OK and ev == buttons.CLICK and g.target is None:
            _ask_target(self)
        elif self.counting:
            return  # BACK waits until the count is stopped
        else:
            FightScreen.button(self, b, ev, now)

    def stop(self, elapsed):
        self.counting = False
        self.give(min(elapsed, stealth.COUNTS * self.beat()))
        self.app.beep(900, 200)

    def tick(self, now):
        if not self.counting:
            return False
        beat = self.beat()
        elapsed = larp.ticks_step(self.start, now)
        if elapsed >= stealth.COUNTS * beat:
            self.stop(elapsed)
            return True
        if stealth.beats(self.elapsed, elapsed, beat):
            self.elapsed = elapsed
            self.app.beep(2200, 60)
            return True
        self.elapsed = elapsed
        return False

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self, self.game.result()["wounds"], False)

    def summary(self):
        g = self.game
        # History's row, in words: "Stealth 12: heavy"
        return "%s %s: %s" % (larp_label("stealth"), g.target or "-", kind_label(g.kind))

    def draw(self, c):
        g = self.game
        if self.done:
            draw.seed_header(c, larp_label("stealth"), self.session.rec.seed)
        else:
            draw.header(c, larp_label("stealth"), ("%s %d" % (larp_label("target"), g.target)) if g.target else "")
        if g.target is None:
            big_line(c, larp_label("target"), 20)
            text.draw_center(c, "OK", 40)
            return
        if self.counting:
            # the count big at left, the wound it gives now beside it
            n = str(stealth.count_at(self.elapsed, self.beat()))
            text.draw(c, n, 4, 12, text.BIG)
            big_line(c, _big_kind(stealth.wound_at(self.elapsed, self.beat())), 19, 1, 10 + text.width(n, text.BIG))
            text.draw_center(c, larp_label("stop_ok"), 48, text.MEDIUM)
            return
        if self.stop_at >= 0:
            text.draw_center(c, str(stealth.count_at(self.stop_at, self.beat())), 12, text.BIG)
            return
        if g.elapsed is None:
            big_line(c, larp_label("count_ok"), 26)
            return
        n = stealth.count_at(g.elapsed, self.beat())
        text.draw_center(c, larp_label("completed") if n > stealth.COUNTS else "%s %d" % (larp_label("count"), n), 14)
        big_line(c, _big_kind(g.kind), 30)
