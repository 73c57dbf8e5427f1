# The events an arena game logged, each with the last die's face before it (the
# Russian words need it): shared by tests/test_arena_ru.py on CPython and the
# script it runs on MicroPython.
from dicebox.core.log import EVENT, ROLL


def events(game):
    """(name, a, b, c, face) for each event in game's log."""
    face = 0
    for k in range(len(game.log)):
        kind, name, a, b, c = game.log.entry(k)
        if kind == ROLL:
            face = b
        elif kind == EVENT:
            yield name, a, b, c, face
