"""The Arena cup's bracket: who is in, who went through, and the fight screen's cup-only steps.
Loaded for a cup only (arena/play.py's fight screen shows it between matches): a duel's frames
and heap do without it."""
from dicebox import buttons
from dicebox.ui import draw, text
from dicebox.ui.app import Screen
from dicebox.arena.text import arena_label


class Bracket(Screen):
    """Who is in, who went through; OK starts the next match, long OK plays the rest."""

    def __init__(self, app, fight):
        Screen.__init__(self, app)
        self.fight = fight

    def button(self, b, ev, now):
        if b == buttons.OK and ev in (buttons.CLICK, buttons.LONG):
            fight = self.fight
            self.app.pop()
            if not fight.done:
                next_match(fight, ev == buttons.LONG)
        else:
            Screen.button(self, b, ev, now)

    def draw(self, c):
        paint(c, self.fight.game, self.app)


def next_match(fight, all_matches=False):
    """Start the cup's next match on the fight screen; all_matches plays the rest of the cup."""
    if not fight.give(0):
        return
    if all_matches:
        while not fight.done:
            fight.auto()
            if fight.app.top is not fight or fight.done:
                return  # a table die is asked
            if not fight.give(0):
                return


def log_missed_match(fight):
    """After a power cut between saving the cup and writing the match that step finished: that
    match into History unless it is there already."""
    g = fight.game
    if not g.results or not g.between() or g.match is None:
        return
    text_ = g.match_record(fight.session.rec.seed).dumps()
    store = fight.app.store
    for ident, _ in store.history(0, 12):
        if store.history_record(ident) == text_:
            return
    store.add_history(text_, fight.match_summary(None))


def paint(c, game, app):
    """The bracket of a cup's game on canvas c (the fight screen's own before its first match)."""
    rounds = game.bracket()
    n = len(game.fighters)
    cols = 3 if n == 4 else 4
    top = 10 if n == 4 else 0
    slot = 13 if n == 4 else 8
    width = 128 // cols
    chars = (width - 2) // 6
    if n == 4:
        r = len(game.rounds) - 1
        title = arena_label("champion") if game.champion >= 0 else arena_label("round") % (r + 1)
        draw.header(c, arena_label("cup"), title)
    now = (-1, -1) if game.champion >= 0 else _next_pair(game)
    for r in range(len(rounds)):
        entrants = rounds[r]
        span = 1 << r
        x = r * width
        for k in range(len(entrants)):
            i = entrants[k]
            y = top + slot * span * k + slot * (span - 1) // 2
            name = game.fighters[i][0][:chars]
            out = r + 1 < len(rounds) and (k >> 1) < len(rounds[r + 1]) and rounds[r + 1][k >> 1] != i
            if i in now and r == len(game.rounds) - 1:
                c.fill_rect(x, y, text.width(name) + 2, 8, 1)
                text.draw(c, name, x + 1, y, text.SMALL, 0)
            else:
                text.draw(c, name, x + 1, y)
            if out:  # lost: struck through
                c.hline(x, y + 4, text.width(name) + 2, 1)
            elif game.champion == i and r == len(rounds) - 1:  # framed
                c.rect(x - 1, y - 2, text.width(name) + 4, 11, 1)


def _next_pair(game):
    """The two fighters of the match being fought or about to start."""
    if not game.between():
        return game.pair
    entrants = game.rounds[-1]
    k = 2 * game.slot
    if k + 1 < len(entrants):
        return (entrants[k], entrants[k + 1])
    return (-1, -1)
