"""Arena play screens: one duel or a cup's matches on the 1x8 grid, and the bracket.

OK resolves one step, a long OK plays the match to its end (stopping if the table must roll);
UP/DOWN scroll the last step's words. In a cup a finished match goes into History at once, so
undo stops there.
"""
from dicebox import buttons
from dicebox import load
from dicebox.arena import rules as arena
from dicebox.core.compat import const
from dicebox.core.log import EVENT, ROLL
from dicebox.ui import draw, text
from dicebox.ui.app import Message
from dicebox.arena.text import arena_label
from dicebox.arena import words
from dicebox.ui.fight import FightScreen
from dicebox.arena.marker import SetUpMarker  # noqa: F401  (where the set-ups find it)

_CUP_EVENTS = const(("match", "cup_tie", "cup_rolloff", "advance", "champion"))
_STORY_EVENTS = const(("rival", "beat", "verdict", "reward", "story_end"))  # arena/story.py words its own
_QUIET = const(("moment", "time", "moved"))  # the header and the grid show these
_WORDS_Y = const(32)
_WORDS_ROWS = const(4)
_WRAP = const(20)  # characters a line: clear of the scroll bar
_CELL = const(16)
_GRID_Y = const(17)
_GRID_H = const(14)


def screen_for(app, rec):
    screen = ArenaFight(app, rec)
    if screen.cup:
        _bracket().log_missed_match(screen)
    return screen


def _bracket():
    return load("dicebox.arena.bracket")  # a cup's only: a duel's frames do without it


def _short(name, n):
    return name if len(name) <= n else name[:n]


class ArenaFight(FightScreen):
    def finish_resumed(self):
        self.finished()  # a cup files its last match and the cup itself

    def __init__(self, app, rec, session=None):
        FightScreen.__init__(self, app, rec, session)
        self.cup = rec.ruleset == "arena_cup"
        self.logged = len(self.game.results) if self.cup else 0
        # every step's two labels, looked up once: a packed table's lookup is slow on the Pico
        self.clock = arena_label("clock")
        self.rolled = arena_label("dice_rolled")
        self.die_letter = arena_label("die_letter")  # d20, or к20 in Russian
        self.lines = []
        self.first = 0
        self.read_step()

    def match(self):
        return self.game.match if self.cup else self.game

    # ---- what the last step did
    def read_step(self):
        game = self.game
        log = game.log
        lines = []
        dice = []
        m = self.match()
        face = 0
        die = 0
        for k in range(log.after_input(), len(log)):
            kind, name, a, b, c = log.entry(k)
            if kind == ROLL:
                face = b
                if a != die:  # the die's name once for a run of the same die: "d20:17,20"
                    dice.append(" %s%d:" % (self.die_letter, a))  # the Arena rolls plain dice: d20, d6, d3, d8
                    die = a
                else:
                    dice.append(",")
                dice.append(str(b))  # quicker than a format on the Pico: a step rolls many
            elif kind == EVENT and name not in _QUIET:
                if name in _STORY_EVENTS:
                    continue  # a story tells them between its fights (arena/story_play.py)
                if name in _CUP_EVENTS:
                    said = words.cup_say(game, name, a, b, c)
                else:
                    said = words.say(m.names, name, a, b, c, face)
                if len(said) > _WRAP:
                    lines.extend(draw.wrap(said, _WRAP))
                else:  # a line that fits as it is: no list of its own to make
                    lines.append(said)
        if not lines:
            lines = draw.wrap(arena_label("ok_step"))  # alone: no scroll bar
        if dice:
            lines = draw.wrap(self.rolled + "".join(dice), _WRAP) + lines
        if self.cup and game.between() and game.match is not None:
            lines.append(arena_label("ok_bracket"))
        self.lines = lines
        self.first = 0

    # ---- FightScreen hooks
    def changed(self):
        if self.cup:
            results = self.game.results
            while self.logged < len(results):
                self.logged += 1
                if self.logged == len(results):
                    self._add_match(self.game.match_record(self.session.rec.seed))
            self.logged = len(results)
        self.read_step()
        self.app.redraw()

    def _add_match(self, rec):
        self.app.store.add_history(rec.dumps(), self.match_summary(rec))

    def match_summary(self, rec):
        """One History line: winner>loser and how (a cup match leads with its round)."""
        m = self.match()
        res = m.result()
        if res is None:
            return ""
        w = res["winner"]
        names = m.names
        if w is None:
            said = "%s=%s %s" % (names[0], names[1], arena_label("tie"))
        else:
            k = 0 if w == "a" else 1
            said = "%s>%s %s" % (names[k], names[1 - k], words.method(m))
        if self.cup:
            return "%s%d %s" % (arena_label("round_letter"), self.game.results[-1][0] + 1, said)
        return "%s: %s" % (arena_label("arena"), said)

    def progress(self):
        if self.cup:
            g = self.game
            return "%s %d: %s%d, %d/%d" % (arena_label("cup"), len(g.fighters), arena_label("round_letter"), len(g.rounds),
                                           len(g.results), len(g.fighters) - 1)
        from dicebox.ui.unfinished import kept_label  # loaded already: the leave runs in it

        g = self.game
        return kept_label(arena_label("arena"), g.names[0], g.names[1], "%d-%d" % (g.hp[0], g.hp[1]))  # health, in order

    def summary(self):
        if self.cup:
            g = self.game
            return "%s %d: %s" % (arena_label("cup"), len(g.fighters), g.fighters[g.champion][0])
        return self.match_summary(None)

    def undo(self):
        g = self.game
        if self.cup and not self.done and g.between() and g.results:
            self.app.push(Message(self.app, arena_label("notice"), arena_label("in_history")))
            return
        FightScreen.undo(self)

    # ---- buttons
    def step(self):
        if self.cup and self.game.between() and self.game.match is not None:
            self.app.push(_bracket().Bracket(self.app, self))
        elif not self.done:
            self.give(0)

    def auto(self):
        """The current match to its end; stops when a table die is asked."""
        if self.cup and self.game.between() and self.game.match is not None:
            return
        while not self.done:
            if not self.give(0):
                return
            if self.cup and self.game.between():
                return

    def button(self, b, ev, now):
        if b == buttons.BACK and ev == buttons.LONG and self.cup and not self.done and self.game.between() and self.game.results:
            self.undo()  # says why not, without asking first
        elif b == buttons.OK and ev == buttons.CLICK:
            self.step()
        elif b == buttons.OK and ev == buttons.LONG:
            self.auto()
        elif b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            last = max(0, len(self.lines) - _WORDS_ROWS)
            self.first = max(0, min(last, self.first + (1 if b == buttons.DOWN else -1)))
            self.app.redraw()
        else:
            FightScreen.button(self, b, ev, now)

    # ---- drawing
    def draw(self, c):
        m = self.match()
        if m is None:  # a cup before its first match
            _bracket().paint(c, self.game, self.app)
            return
        names = m.names
        text.draw(c, _short(names[0], 7), 0, 0)
        right = _short(names[1], 7)
        text.draw(c, right, 128 - text.width(right), 0)
        clock = self.clock % (m.moment, m.time)
        text.draw_center(c, clock, 0)
        self._health(c, m, 0)
        self._health(c, m, 1)
        self._grid(c, m)
        res = m.result()
        rows = _WORDS_ROWS
        y = _WORDS_Y
        if res is not None:  # the result takes the first row
            c.fill_rect(0, y, 128, 8, 1)
            w = res["winner"]
            name = "" if w is None else names[0 if w == "a" else 1]
            shown = arena_label("tie") if w is None else arena_label("wins") % name
            said = "%s: %s" % (shown, words.method(m))
            if len(said) > 21:  # too wide for the row: the words below say how
                said = shown
            if len(said) > 21:  # a 12-letter name in "Победа за %s": the name cut
                said = arena_label("wins") % name[:len(name) + 21 - len(said)]
            text.draw_center(c, said, y, text.SMALL, 0)
            rows -= 1
            y += 8
        for i in range(rows):
            k = self.first + i
            if k < len(self.lines):
                text.draw(c, self.lines[k], 0, y + i * 8)
        if len(self.lines) > rows:
            span = 64 - y
            h = max(3, span * rows // len(self.lines))
            top = y + (span - h) * self.first // max(1, len(self.lines) - rows)
            c.fill_rect(127, top, 1, h, 1)

    def full(self, m, f):
        """Fighter f's full health on the bar (a story's rival has its own)."""
        return m.start_hp

    def _health(self, c, m, f):
        hp = m.hp[f]
        full = self.full(m, f)
        shown = str(hp)
        width = 42
        x = 15 if f == 0 else 128 - 15 - width  # clear of a two-digit health
        if f == 0:
            text.draw(c, shown, 0, 9)
        else:
            text.draw(c, shown, 128 - text.width(shown), 9)
        c.rect(x, 10, width, 5, 1)
        fill = (width - 2) * min(hp, full) // full
        if f == 0:
            c.fill_rect(x + 1, 11, fill, 3, 1)
        else:
            c.fill_rect(x + width - 1 - fill, 11, fill, 3, 1)

    def _grid(self, c, m):
        y = _GRID_Y
        for s in range(1, arena.GRID + 1):
            x = (s - 1) * _CELL
            if s < m.lo or s > m.hi:
                for yy in range(y + 1, y + _GRID_H, 3):  # crumbled: loose stones
                    for xx in range(x + 1 + (yy % 2), x + _CELL - 1, 4):
                        c.pixel(xx, yy, 1)
                continue
            c.rect(x, y, _CELL + 1, _GRID_H, 1)
            cell = m.cells[s]
            if cell & arena.MINE:  # an x low at the left
                for d in range(3):
                    c.pixel(x + 2 + d, y + 9 + d, 1)
                    c.pixel(x + 4 - d, y + 9 + d, 1)
            if cell & arena.CRYSTAL:  # a diamond low at the right
                c.pixel(x + 13, y + 9, 1)
                c.hline(x + 12, y + 10, 3, 1)
                c.pixel(x + 13, y + 11, 1)
        for f in (0, 1):
            if arena.METHODS[m.method] == "ringout" and m.winner != f:
                continue  # fell into the abyss: no longer on the strip
            s = m.pos[f]
            x = (s - 1) * _CELL
            letter = m.names[f][:1]
            if f == m.attacker:  # the attacker drawn inverted
                c.fill_rect(x + 4, y + 2, 9, 10, 1)
                text.draw(c, letter, x + 6, y + 3, text.SMALL, 0)
            else:
                c.rect(x + 4, y + 2, 9, 10, 1)
                text.draw(c, letter, x + 6, y + 3)
            if m.stun[f]:  # stunned: a dot above the head
                c.fill_rect(x + 7, y + 1, 3, 1, 1)
