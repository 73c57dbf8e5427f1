"""LARP melee duel (a firearms duel is one cycle of it)."""
from dicebox import buttons
from dicebox.larp import common as larp
from dicebox.larp import duel as larp_duel
from dicebox.core import record as _record
from dicebox.ui import draw, text
from dicebox.ui.app import Menu
from dicebox.ui.fight import FightScreen
from dicebox.larp.menu import larp_label, code_label
from dicebox.larp.fights import big_line, last_event, offer_wounds, roll_before


def duel_start(app):
    """Melee duel first (one OK); a firearms duel is one cycle of it."""
    app.push(DuelMenu(app))


class DuelMenu(Menu):
    """Melee duel, firearms duel, and who shoots in a firearms duel: the coin
    (default: either duellist may win) or the challenger (the literal reading)."""

    def __init__(self, app):
        Menu.__init__(self, app, larp_label("duel"), [])
        self.shooter = larp_duel.fair_first("firearms")
        self.build()

    def build(self):
        self.items = [(larp_label("melee"), self.start("melee")), (larp_label("gun_duel"), self.start("firearms")),
                      (larp_label("shoots_" + self.shooter), self.toggle)]

    def toggle(self):
        self.shooter = "challenger" if self.shooter == "coin" else "coin"
        self.build()
        self.app.redraw()

    def start(self, weapon):
        def go():
            first = self.shooter if weapon == "firearms" else larp_duel.fair_first(weapon)
            app = self.app
            app.replace(DuelScreen(app, _record.Record("duel", {"weapon": weapon, "first": first}, app.new_seed())))

        return go





class DuelScreen(FightScreen):
    """The challenge (UP/DOWN accept/refuse, OK), then OK rolls each cycle."""

    SET_UP = 1  # the challenge's answer: a duel left before its first roll is not kept

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.refuse = False

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if g.method is not None:
            if ev == buttons.CLICK and b in (buttons.OK, buttons.BACK):
                self.leave()
            return
        if not g.answered and b in (buttons.UP, buttons.DOWN) and ev == buttons.PRESS:
            self.refuse = not self.refuse
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if not g.answered:
                self.give(0 if self.refuse else 1)
            else:
                self.give(0)
                app.beep(1500, 40)
        else:
            FightScreen.button(self, b, ev, now)

    def summary(self):
        # History's row, in words: "Melee duel: WINNER 2 (head wound)"
        g = self.game
        title = larp_label("melee") if g.options["weapon"] == "melee" else larp_label("gun_duel")
        if g.method == "refused":
            return "%s: %s" % (title, larp_label("no_duel"))
        if not g.winner:
            return "%s: %s" % (title, larp_label("nobody"))
        return "%s: %s (%s)" % (title, larp_label("wins") % g.winner, larp_label("m_" + g.method))

    def progress(self):
        # as the screen's title (melee or firearms), then each duellist's wounds
        g = self.game
        w = [g.limbs[i] + g.bodies[i] + g.heads[i] for i in (1, 2)]
        return "%s, %s %d: %d-%d" % (larp_label("duel") if g.options["weapon"] == "melee" else larp_label("shoot"), larp_label("cycle"), g.cycles + 1,
                                     w[0], w[1])

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self, self.game.result()["wounds"], True)

    def draw(self, c):
        g = self.game
        title = larp_label("duel") if g.options["weapon"] == "melee" else larp_label("shoot")
        if not g.answered:
            draw.header(c, title)
            lines = draw.wrap(larp_label("challenge"))
            for i in range(len(lines)):
                text.draw_center(c, lines[i], 12 + i * 9)
            for i in range(2):
                y = 34 + i * 14
                word = larp_label("refuse") if i else larp_label("accept")
                if (i == 1) == self.refuse:
                    c.fill_rect(0, y - 2, 128, 12, 1)
                    text.draw_center(c, word, y, text.SMALL, 0)
                else:
                    text.draw_center(c, word, y)
            return
        over = g.method is not None
        last = last_event(g, ("cycle",))
        if over:
            draw.seed_header(c, title, self.session.rec.seed)
        else:
            # the cycle whose roll is shown (the next one's number before its roll)
            draw.header(c, title, "%s %d" % (larp_label("cycle"), max(1, g.cycles) if last is not None else g.cycles + 1))
        if over:
            if g.method == "refused":
                big_line(c, larp_label("no_duel"), 14)
            elif g.winner:
                big_line(c, larp_label("wins") % g.winner, 12)
                text.draw_center(c, larp_label("m_" + g.method), 29)
            else:
                big_line(c, larp_label("no_winner"), 12)  # "nobody wins" only fits cut
        elif last is None:
            if g.options["first"] == "coin":
                text.draw_center(c, larp_label("coin_shoots" if g.options["weapon"] == "firearms" else "coin_attacks") % g.attacker, 14)
            else:
                text.draw_center(c, "%s %d" % (larp_label("attack"), g.attacker), 14)
            big_line(c, larp_label("roll_ok"), 24)
        if last is not None:
            i, _, a, diff, hit = last
            dice = "%d-%d=%d" % (roll_before(g, i, 2), roll_before(g, i, 1), diff)
            if not over:
                text.draw_center(c, "%s %d > %d" % (larp_label("attack"), a, 3 - a), 11)  # the cycle shown
                text.draw_center(c, dice, 20, text.MEDIUM)
            if hit != larp.MISS:
                note = "%d: %s" % (3 - a, code_label("h", hit))
            elif g.options["weapon"] == "firearms":
                note = code_label("h", hit)  # a shot misses; "attack fails" is the melee's word
            else:
                note = larp_label("fails")
            # the end keeps its dice in view: a firearms duel's one roll shows only here
            text.draw_center(c, dice + "  " + note if over else note, 37)
        if g.method == "refused":
            return
        for d in (1, 2):
            text.draw_center(c, "%d: %s%d/4 %s%d/2 %s%d/1" % (d, larp_label("L"), g.limbs[d], larp_label("B"), g.bodies[d], larp_label("H"), g.heads[d]),
                             38 + d * 9)
