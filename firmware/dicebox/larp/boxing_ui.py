"""LARP vulnerability boxing: the set-up, the reveal and the bout; a blocked reaction reads
BLOCK! and the seed shows only after the end, so the secrets stay secret."""
from dicebox import buttons
from dicebox.larp import boxing
from dicebox.core import record as _record
from dicebox.ui import draw, text
from dicebox.ui.app import Confirm, Menu, Screen
from dicebox.ui.fight import FightScreen
from dicebox.ui.lang import LANG, label
from dicebox.larp.menu import larp_label, code_label
from dicebox.larp.fights import big_line, last_event


def boxing_setup(app):
    app.push(BoxingSetup(app))


class BoxingSetup(Menu):
    """Start (OK at once: defaults), cards per boxer, the reigning Champion."""

    def __init__(self, app):
        Menu.__init__(self, app, larp_label("boxing"), [])
        self.cards = 3
        self.champion = 0
        self.build()

    def build(self):
        champ = larp_label("none") if not self.champion else "%s %d" % (larp_label("boxer"), self.champion)
        self.items = [
            (larp_label("start"), self.start),
            ("%s: %d" % (larp_label("cards"), self.cards), self.more_cards),
            ("%s: %s" % (larp_label("champion"), champ), self.next_champion),
        ]

    def more_cards(self):
        self.cards = self.cards % 6 + 1
        self.build()
        self.app.redraw()

    def next_champion(self):
        self.champion = (self.champion + 1) % 3
        self.build()
        self.app.redraw()

    def start(self):
        app = self.app
        rec = _record.Record("boxing", {"cards": self.cards, "champion": self.champion}, app.new_seed())
        bout = BoxingScreen(app, rec)
        app.replace(bout)
        app.push(Reveal(app, bout))


class Reveal(Screen):
    """Each boxer sees his own order while he holds OK, one hold each before the first blow, so
    whoever holds the box later cannot read the other's; then only the judge's override shows it."""

    def __init__(self, app, bout):
        Screen.__init__(self, app)
        self.bout = bout
        self.game = bout.game
        self.boxer = 1
        self.showing = False
        self.override = 0  # the boxer whose next hold the judge allowed

    def locked(self):
        b = self.boxer
        return self.override != b and (self.game.blows > 0 or self.bout.seen[b])

    def _hide(self):
        if self.showing:
            self.showing = False
            if self.override == self.boxer:
                self.override = 0
                self.bout.judged[self.boxer] += 1
            else:
                self.bout.seen[self.boxer] = True

    def button(self, b, ev, now):
        app = self.app
        if b == buttons.OK:
            if ev == buttons.PRESS and not self.locked():
                self.showing = True
                app.redraw()
            elif ev == buttons.RELEASE and self.showing:
                self._hide()
                app.redraw()
            elif ev == buttons.LONG and not self.showing and self.locked():
                app.push(Confirm(app, larp_label("judge_q") % self.boxer, larp_label("judge_note"), self._allow))
        elif self.showing:
            return  # other buttons wait until the order is hidden again
        elif b in (buttons.UP, buttons.DOWN) and ev == buttons.PRESS:
            self.boxer = 3 - self.boxer
            app.redraw()
        elif b == buttons.BACK and ev == buttons.CLICK:
            app.pop()

    def _allow(self):
        self.override = self.boxer

    def resumed(self):
        # back from a screen pushed over a hold (a wound alert), which took the release: the
        # order must not stay on screen with nobody holding (the look counts)
        self._hide()

    def draw(self, c):
        b = self.boxer
        judge = self.override == b
        if judge:
            draw.header(c, "%s: %s %d" % (larp_label("judge"), larp_label("boxer"), b))
        else:
            draw.header(c, "%s %d" % (larp_label("boxer"), b))
        if not self.showing:
            if self.locked():
                text.draw_center(c, larp_label("in_bout") if self.game.blows else larp_label("seen_once"), 16)
                text.draw_center(c, larp_label("judge_hold"), 30)
            elif judge:  # the whole sentence under the judge's note ("держи ОК," goes on)
                text.draw_center(c, larp_label("judge_note"), 12)
                text.draw_center(c, larp_label("hold"), 22)
                text.draw_center(c, larp_label("shows"), 31)
            else:
                text.draw_center(c, larp_label("hold"), 20)
                text.draw_center(c, larp_label("shows"), 30)
            if self.bout.judged[b]:
                text.draw_center(c, larp_label("judged") % self.bout.judged[b], 42)
            text.draw_center(c, larp_label("next_boxer"), 55)
            return
        order = self.game.order(self.boxer)
        if len(order) <= 3:
            for i in range(len(order)):
                text.draw(c, "%d.%s" % (i + 1, code_label("z", order[i])), 4, 12 + i * 17, text.MEDIUM)
        else:
            for i in range(len(order)):
                text.draw(c, "%d.%s" % (i + 1, code_label("z", order[i])), 1 + (i // 3) * 64, 14 + (i % 3) * 12)
            text.draw_center(c, larp_label("release"), 55)


class BoxingScreen(FightScreen):
    """UP/DOWN pick the target zone, OK enters the blow, hold OK: the
    Champion's BLOCK!, hold UP: the reveal screen again."""

    TABLE_DICE = False  # the deal is secret: never from the table

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.zone = 0
        self.seen = [False, False, False]  # per boxer: his one look was had
        self.judged = [0, 0, 0]  # per boxer: looks the judge allowed since

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if g.over:
            if ev == buttons.CLICK and b in (buttons.OK, buttons.BACK):
                self.leave()
            return
        if b in (buttons.UP, buttons.DOWN) and ev == buttons.PRESS:
            self.zone = (self.zone + (1 if b == buttons.DOWN else -1)) % boxing.ZONE_COUNT
            app.redraw()
        elif b == buttons.UP and ev == buttons.LONG:
            self.zone = (self.zone + 1) % boxing.ZONE_COUNT  # the press of this hold moved it
            app.push(Reveal(app, self))
        elif b == buttons.OK and ev == buttons.CLICK:
            self.blow(self.zone)
        elif b == buttons.OK and ev == buttons.LONG and g.can_block():
            self.blow(self.zone + boxing.ZONE_COUNT)
        else:
            FightScreen.button(self, b, ev, now)

    def blow(self, value):
        self.give(value)
        self.app.beep(1500, 40)

    def progress(self):
        g = self.game
        return "%s %s%d %d-%d" % (larp_label("boxing"), "Р" if LANG[0] == "ru" else "R", g.round, g.score(1), g.score(2))  # Cyrillic Р: раунд

    def summary(self):
        g = self.game
        r = g.result()
        s = r["score"]
        # History's row, in words: "Boxing 3-1: WINNER 1 (KNOCKOUT)"
        who = (larp_label("wins") % r["winner"]) if r["winner"] else larp_label("draw")
        return "%s %d-%d: %s (%s)" % (larp_label("boxing"), s[0], s[1], who, larp_label(r["method"]))

    def draw(self, c):
        g = self.game
        if g.over:
            self.draw_end(c)
            return
        draw.header(c, "%s %d" % (larp_label("round"), g.round), "%d>%d  %d/2" % (g.attacker, 3 - g.attacker, g.blow + 1))
        for z in range(boxing.ZONE_COUNT):
            x = (z // 3) * 64
            y = 11 + (z % 3) * 9
            if z == self.zone:
                c.fill_rect(x, y, 63, 9, 1)
                text.draw(c, code_label("z", z), x + 2, y + 1, text.SMALL, 0)
            else:
                text.draw(c, code_label("z", z), x + 2, y + 1)
        last = last_event(g, ("blow", "block"))
        if last is None:
            coin = label("heads") if g.first == 1 else label("tails")
            text.draw_center(c, coin, 39, text.MEDIUM)
            note = "%d %s" % (g.first, larp_label("first"))
        else:
            _, name, a, zone, reaction = last
            big_line(c, code_label("r", boxing.BLOCK if name == "block" else reaction), 39)
            note = larp_label("hold_block") if g.can_block() else "%d: %s" % (a, code_label("z", zone))
        text.draw_center(c, note, 56)

    def draw_end(self, c):
        g = self.game
        draw.seed_header(c, larp_label("boxing"), self.session.rec.seed)
        big_line(c, larp_label(g.method), 11)
        s1 = g.score(1)
        s2 = g.score(2)
        line = ("%s  %d-%d" % (larp_label("wins") % g.winner, s1, s2)) if g.winner else "%d-%d" % (s1, s2)
        text.draw_center(c, line, 28)
        blk = last_event(g, ("block",))
        y = 37
        if blk is not None:
            text.draw_center(c, "%s %s %s" % (code_label("r", boxing.BLOCK), larp_label("was"), code_label("r", blk[4])), y)
            y += 9
        for b in (1, 2):
            if y > 56:
                break
            names = [code_label("z", z) for z in g.order(b)]
            line = "%d: %s" % (b, " ".join(names))
            if len(line) > 21:
                line = "%d: %s" % (b, " ".join(n[:3] for n in names))
            text.draw(c, line[:21], 1, y)
            y += 9
