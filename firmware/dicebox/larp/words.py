"""LARP labels in both languages: (English, Russian) pairs, picked by index.

The UI takes the language from Settings (ENGLISH = 0, RUSSIAN = 1); transcripts use
English. Codes index these tuples, so the rules core only stores small ints.
"""
from dicebox.core.compat import const

ENGLISH = const(0)
RUSSIAN = const(1)

# Boxing zones, in the order of the rules text; a zone code is its index.
ZONES = (
    ("head", "голова"),
    ("jaw", "челюсть"),
    ("ear", "ухо"),
    ("body", "корпус"),
    ("ribs", "рёбра"),
    ("stomach", "живот"),
)
# Boxing reactions: reaction code is the index (HA = 0, OH = 1, OOOF = 2, BLOCK = 3).
REACTIONS = (
    ("HA!", "ХА!"),
    ("OH!", "ОХ!"),
    ("OOOF!", "УУУХ!"),
    ("BLOCK!", "БЛОК!"),
)
# Where a firearm or duel hit lands (hit codes of larp/common.py).
HITS = (
    ("miss", "промах"),
    ("left arm", "левая рука"),
    ("right arm", "правая рука"),
    ("left leg", "левая нога"),
    ("right leg", "правая нога"),
    ("body", "корпус"),
    ("head", "голова"),
    ("limb", "конечность"),
)


def label(table, code, lang=ENGLISH):
    """Text of a code in a table (ZONES, REACTIONS, ...) in the language."""
    return table[code][lang]

