"""The story mode's screens: a rival's card, the fights (the Arena's own fight
screen), the tale of each fight, the reward, and the whole story at the end.

Loaded when a story opens or resumes (arena/play.screen_for), dropped with the
fight's code when it is left. The record is the story (arena/story.py); the
views are not inputs: OK on a finished fight shows its tale, OK on the tale
the reward to choose or the next rival's card, OK on the card starts the fight.
"""
from dicebox import buttons as B
from dicebox.arena import story as S
from dicebox.arena import story_text as W
from dicebox.arena.play import ArenaFight
from dicebox.core.compat import const
from dicebox.core.log import EVENT
from dicebox.ui import draw, text
from dicebox.ui.app import Menu

_ROWS = const(6)
_WRAP = const(20)  # characters a line, clear of the scroll bar
FIGHT = const(0)
TOLD = const(1)
CARD = const(2)
END = const(3)


class StoryFight(ArenaFight):
    def __init__(self, app, rec):
        ArenaFight.__init__(self, app, rec)
        g = self.game
        if g.result() is not None:
            self.view = END
        elif g.road.pending or (g.between() and g.match is not None):
            self.view = TOLD  # resumed between fights: the last fight's tale first
        elif g.match is None:
            self.view = CARD
        else:
            self.view = FIGHT
        self.page = []
        self.top = 0
        self._lines()

    def match(self):
        return self.game.match

    def full(self, m, f):
        return m.start_hp if f == 0 else self.game.rival_hp  # the rival's bar is full at its own start

    # ---- what a text view shows
    def _lines(self):
        g = self.game
        out = []
        if self.view == CARD:
            road = g.road
            g._teller = None
            for s in W.card(g, road.rung, road.tries, road.hp, road.build, False):
                out.extend(draw.wrap(s, _WRAP))
            out.extend(draw.wrap(W.t("chances") % road.chances, _WRAP))
            out.append(W.t("ok_fight"))
        elif self.view != FIGHT:
            log = g.log
            start = 0
            if self.view == TOLD:
                for k in range(len(log) - 1, -1, -1):
                    e = log.entry(k)
                    if e[0] == EVENT and e[1] == "rival":
                        start = k
                        break
            for k in range(start, len(log)):
                kind, name, a, b, c = log.entry(k)
                if kind == EVENT and name in ("rival", "beat", "verdict", "reward", "story_end"):
                    if name == "rival":
                        g.describe(name, a, b, c)  # the names of this fight's rival
                    said = W.sentences(g, name, a, b, c)  # in order: "rival" sets the names
                    if name == "rival":
                        if self.view == TOLD:
                            continue
                        if out:
                            out.append("")
                    for s in said:
                        out.extend(draw.wrap(s, _WRAP))
            if self.view == TOLD:
                out.append(W.t("ok_reward") if g.road.pending else W.t("ok_on"))
        self.page = out
        self.top = 0

    def title(self):
        g = self.game
        road = g.road
        if self.view == END:
            return W.t("the_end"), ""
        return W.t("rival") % (road.rung + 1, S.RUNGS), "%d/%d" % (road.chances, S.CHANCES)

    # ---- FightScreen hooks
    def changed(self):
        g = self.game
        if not g.between() or g.match is not None and self.session.rec.inputs and self.session.rec.inputs[-1] == 0:
            self.view = FIGHT  # a fight on, or just ended: its result shows first
        elif g.road.pending:
            self.view = TOLD
        else:
            self.view = CARD
        self._lines()
        ArenaFight.changed(self)

    def summary(self):
        return W.summary(self.game)

    def progress(self):
        g = self.game
        return "%s: %s %d/%d" % (W.t("story"), g.name, g.road.rung + 1, S.RUNGS)

    # ---- buttons
    def step(self):
        if self.view == FIGHT:
            if self.game.between():
                self._show(TOLD)
            else:
                self.give(0)
        elif self.view == CARD:
            self.give(0)
        elif self.view == TOLD:
            if self.game.road.pending:
                self.app.push(Reward(self.app, self))
            elif self.done:
                self._show(END)
            else:
                self._show(CARD)

    def _show(self, view):
        self.view = view
        self._lines()
        self.app.redraw()

    def auto(self):
        """The fight to its end (stops when a table die is asked)."""
        if self.view != FIGHT:
            return
        while not self.game.between():
            if not self.give(0):
                return

    def button(self, b, ev, now):
        if self.view != FIGHT and b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            last = max(0, len(self.page) - _ROWS)
            self.top = max(0, min(last, self.top + (1 if b == B.DOWN else -1)))
            self.app.redraw()
        elif self.view == END and b == B.OK and ev == B.CLICK:
            self.leave()
        else:
            ArenaFight.button(self, b, ev, now)

    # ---- drawing
    def draw(self, c):
        if self.view == FIGHT:
            ArenaFight.draw(self, c)
            return
        left, right = self.title()
        draw.header(c, left, right)
        page = self.page
        for i in range(_ROWS):
            k = self.top + i
            if k < len(page):
                text.draw(c, page[k], 1, 11 + i * 9)
        if len(page) > _ROWS:
            span = 53
            h = max(3, span * _ROWS // len(page))
            c.fill_rect(127, 11 + (span - h) * self.top // (len(page) - _ROWS), 1, h, 1)


class Reward(Menu):
    """The reward for an objective met: +1 to a stat under 9, or all health back."""

    def __init__(self, app, fight):
        road = fight.game.road
        items = []
        for i in range(4):
            if road.build[i] < 9:
                items.append((W.t("plus") % (W.stat(i), road.build[i]), self._taker(fight, i + 1)))
        items.append((W.t("health_back") % road.hp, self._taker(fight, S.HEALTH)))
        Menu.__init__(self, app, W.t("pick"), items)

    def _taker(self, fight, value):
        def take():
            self.app.pop()
            fight.give(value)

        return take
