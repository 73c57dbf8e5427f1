"""A story's fight on the Arena's own fight screen (play.py), loaded for the fight only: its tale
takes its place (story_play.py)."""
from dicebox import load
from dicebox.arena.play import ArenaFight


class StoryFight(ArenaFight):
    def __init__(self, app, rec, session=None):
        ArenaFight.__init__(self, app, rec, session)
        self.fight = self.game.fights  # the fight this screen plays

    def match(self):
        return self.game.match

    def full(self, m, f):
        return m.start_hp if f == 0 else self.game.rival_hp  # the rival's bar is full at its own start

    def changed(self):
        g = self.game
        if g.fights != self.fight or g.between() and g.match is None:
            self._between()  # an undo took the fight's start back: its card
            return
        ArenaFight.changed(self)

    def _between(self):
        return load("dicebox.arena.story_play").told(self.app, self.session)

    def step(self):
        if self.game.between():
            self._between()  # a finished fight: its tale
        else:
            self.give(0)

    def auto(self):
        """The fight to its end (stops when a table die is asked)."""
        while not self.game.between():
            if not self.give(0):
                return

    def summary(self):
        from dicebox.arena import story_text

        return story_text.summary(self.game)

    def progress(self):
        """Home's label, as story_play.progress words it: the word from the Arena's table
        (loaded with the mode), so leaving a fight loads none of the story's words."""
        from dicebox.arena.story import RUNGS
        from dicebox.arena.text import arena_label

        g = self.game
        return "%s: %s %d/%d" % (arena_label("story"), g.name, g.road.rung + 1, RUNGS)
