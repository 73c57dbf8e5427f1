"""The marker a fight started from an Arena set-up leaves under itself
(arena/setup.py launch): apart from the fight screens' code, so it holds
none of it while a story hands its screens over (arena/story_play.py)."""
from dicebox import load
from dicebox.ui.app import Screen


class SetUpMarker(Screen):
    """Under a fight started from a set-up: when the fight is left, the menu and the set-up come
    back as they were through module `back`'s restore(app, state), imported again by name, so the
    set-up's code leaves the heap while the fight runs."""

    def __init__(self, app, back, state):
        Screen.__init__(self, app)
        self.back = back
        self.state = state

    def resumed(self):
        load(self.back).restore(self.app, self.state)
