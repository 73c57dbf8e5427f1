"""LARP firearms: one shot at a participant."""
from dicebox import buttons
from dicebox.larp import common as larp
from dicebox.larp.kinds import kind_label
from dicebox.core import record as _record
from dicebox.ui import draw, text
from dicebox.ui.fight import FightScreen
from dicebox.larp.menu import larp_label, code_label
from dicebox.larp.fights import _ask_target, big_line, last_event, offer_wounds, roll_before


def shoot_start(app):
    s = ShootScreen(app, _record.Record("shoot", {}, app.new_seed()))
    app.push(s)
    s.ask_target()


class ShootScreen(FightScreen):
    """OK: the target (0 = not on the tracker), the die, then the shooter's choice."""

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.pick = 0

    def ask_target(self):
        _ask_target(self)

    def choices(self):
        p = self.game.prompt()
        if p is None or p[0] == "target":
            return None
        return range(p[1], p[2] + 1)

    def changed(self):
        self.pick = 0
        FightScreen.changed(self)

    def button(self, b, ev, now):
        app = self.app
        if self.done:
            if ev == buttons.CLICK and b in (buttons.OK, buttons.BACK):
                self.leave()
            return
        ch = self.choices()
        if ch is not None and b in (buttons.UP, buttons.DOWN) and ev == buttons.PRESS:
            self.pick = (self.pick + (1 if b == buttons.DOWN else -1)) % len(ch)
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if ch is None:
                self.ask_target()
            else:
                self.give(ch[self.pick])
        else:
            FightScreen.button(self, b, ev, now)

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self, self.game.result()["wounds"], False)

    def summary(self):
        g = self.game
        # History's row, in words: "Firearms 12: left leg"
        return "%s %s: %s" % (larp_label("shoot"), g.target or "-", code_label("h", g.hits[-1]) if g.hits else "")

    def draw(self, c):
        g = self.game
        if self.done:
            draw.seed_header(c, larp_label("shoot"), self.session.rec.seed)
        else:
            draw.header(c, larp_label("shoot"))
        if not g.shots:
            big_line(c, larp_label("target"), 20)
            text.draw_center(c, "OK", 40)
            return
        i = last_event(g, ("shot",))
        # the die at left, big; what it means beside it; the hit across the foot
        die = str(roll_before(g, len(g.log), 1))
        text.draw(c, die, 4, 12, text.BIG)
        x = 10 + text.width(die, text.BIG)
        who = ("%d" % g.target) if g.target else "-"
        ch = self.choices()
        if ch is not None:
            # the shooter's choice: one row each, the chosen one inverted
            text.draw(c, larp_label("choose_limb") if len(ch) == 4 else larp_label("choose_bh"), x, 12)
            for k in range(len(ch)):
                y = 22 + k * 10
                word = code_label("h", ch[k])
                if k == self.pick:
                    c.fill_rect(x - 2, y - 1, 128 - x + 2, 10, 1)
                    text.draw(c, word, x, y, text.SMALL, 0)
                else:
                    text.draw(c, word, x, y)
            return
        text.draw(c, "%s %s" % (larp_label("target"), who), x, 14)
        hit = i[4] if i is not None else larp.MISS
        if hit != larp.MISS:
            text.draw(c, kind_label(larp.hit_wound(hit)), x, 26)
        big_line(c, code_label("h", hit), 44)
