"""The story mode's screens between the fights: a rival's card, a fight's tale, the reward, the
whole story at the end. They and story_fight.StoryFight hand the one session over (app.replace).
The fight screen's code loads while a card is read; it leaves for the tale on the stock firmware
(code is heap there), and in ROM for the whole story's end only. Views are not inputs: OK on a
card starts the fight, on a finished fight shows its tale, on the tale the reward or next card."""
from dicebox import buttons
from dicebox import IN_ROM, load, preload
from dicebox.arena import story
from dicebox.arena import story_text
from dicebox.core.compat import const
from dicebox.ui import draw, text
from dicebox.ui.app import Menu
from dicebox.ui.fight import FightScreen
from dicebox import drop

_ROWS = const(6)
_WRAP = const(20)  # characters a line, clear of the scroll bar
TOLD = const(1)
CARD = const(2)
END = const(3)
# the fight screen's code, dropped for the tale on the stock firmware, for the story's end in ROM
FIGHT_CODE = ("dicebox.arena.story_fight", "dicebox.arena.play", "dicebox.arena.words", "dicebox.arena.words_ru")
# loaded while a card is read, one module a tick, so OK on it only starts the fight
_FIGHT_LOAD = ("dicebox.arena.words", "dicebox.arena.play", "dicebox.arena.story_fight")
_CARD_READ_MS = const(100)  # after the last press: a card is read, not moved through as a menu is


def screen_for(app, rec, session=None):
    """The story's screen for its state: a fight under way on the fight screen, else this one."""
    if session is None:
        from dicebox.ui.session import Session

        session = Session(app, rec)
    if session.game.between():
        return StoryScreen(app, rec, session)
    return load("dicebox.arena.story_fight").StoryFight(app, rec, session)


class StoryScreen(FightScreen):
    def __init__(self, app, rec, session=None):
        FightScreen.__init__(self, app, rec, session)
        self.view = CARD
        self.page = []
        self.top = 0
        self.changed(False)

    # ---- which view, and its lines
    def changed(self, redraw=True):
        g = self.game
        if not g.between():  # a fight began (a table die given, an undo): the fight screen plays it
            self.app.replace(screen_for(self.app, self.session.rec, self.session))
            drop(("dicebox.arena.story_text", "dicebox.arena.story_ru", "dicebox.arena.story_play"))
            return
        inputs = self.session.rec.inputs
        if g.road.pending or g.match is not None and inputs and inputs[-1] == 0 and self.view != END:
            self.view = TOLD  # a fight just ended (or resumed after one): its tale
        elif g.result() is not None:
            self.view = END
        else:
            self.view = CARD
        self._lines()
        if redraw:
            self.app.redraw()

    def _lines(self):
        g = self.game
        out = []
        if self.view == END:
            drop(FIGHT_CODE)
        if self.view == CARD:
            road = g.road
            for s in story_text.card(g, road.rung, road.tries, road.hp, road.build, False):
                out.extend(draw.wrap(s, _WRAP))
            out.extend(draw.wrap(story_text.story_label("chances") % road.chances, _WRAP))
            out.append(story_text.story_label("ok_fight"))
        else:
            # the story's own events only (the game keeps where they are): not the
            # fights' many entries between them
            log = g.log
            said = g.said
            first = 0
            if self.view == TOLD:  # from the last fight's rival on, named by that fight
                first = len(said) - 1
                while first > 0 and log.entry(said[first])[1] != "rival":
                    first -= 1
                g._teller = None
            for i in range(first, len(said)):
                name, a, b, c = log.entry(said[i])[1:]
                if name == "rival":
                    if self.view == TOLD:
                        continue
                    g.describe(name, a, b, c)  # the names of this fight's rival
                    if out:
                        out.append("")
                for s in story_text.sentences(g, name, a, b, c):
                    out.extend(draw.wrap(s, _WRAP))
            if self.view == TOLD:
                out.append(story_text.story_label("ok_reward") if g.road.pending else story_text.story_label("ok_on"))
        self.page = out
        self.top = 0

    def title(self):
        road = self.game.road
        if self.view == END:
            return story_text.story_label("the_end"), ""
        return story_text.story_label("rival") % (road.rung + 1, story.RUNGS), "%d/%d" % (road.chances, story.CHANCES)

    def tick(self, now):
        if self.view == CARD and self.waiting(now, _CARD_READ_MS):
            preload(_FIGHT_LOAD)
        return False

    # ---- FightScreen hooks
    def summary(self):
        return story_text.summary(self.game)

    def progress(self):
        return progress(self.game)

    # ---- buttons
    def button(self, b, ev, now):
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            last = max(0, len(self.page) - _ROWS)
            self.top = max(0, min(last, self.top + (1 if b == buttons.DOWN else -1)))
            self.app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if self.view == CARD:
                self.give(0)  # the fight's initiative: changed() hands over to the fight screen
            elif self.view == END:
                self.leave()
            elif self.game.road.pending:
                self.app.push(Reward(self.app, self))
            else:
                self.view = END if self.done else CARD
                self._lines()
                self.app.redraw()
        else:
            FightScreen.button(self, b, ev, now)

    def draw(self, c):
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


def progress(game):
    """Home's label for a story left unfinished: "Story: Even 3/5"."""
    return "%s: %s %d/%d" % (story_text.story_label("story"), game.name, game.road.rung + 1, story.RUNGS)


def told(app, session):
    """The fight screen's finished fight, left for its tale: this screen in its place."""
    screen = StoryScreen(app, session.rec, session)
    app.replace(screen)
    if not IN_ROM:
        drop(FIGHT_CODE)  # on the stock firmware code is heap, which the tale needs
    return screen


class Reward(Menu):
    """The reward for an objective met: +1 to a stat under 9, or all health back."""

    def __init__(self, app, teller):
        road = teller.game.road
        items = []
        for i in range(4):
            if road.build[i] < 9:
                items.append((story_text.story_label("plus") % (story_text.stat(i), road.build[i]), self._taker(teller, i + 1)))
        items.append((story_text.story_label("health_back") % road.hp, self._taker(teller, story.HEALTH)))
        Menu.__init__(self, app, story_text.story_label("pick"), items)

    def _taker(self, teller, value):
        def take():
            self.app.pop()
            teller.give(value)

        return take
