"""The wound kinds' words (codes of larp/common.py) and the alert's, Russian in kinds_ru.py:
apart from the LARP menu's tables, as the alert shows them over any mode."""
from dicebox.ui.lang import table_label

_TABLE = (
    "\n0\tnone"
    "\n1\tlight"
    "\n2\theavy"
    "\n3\tmortal"
    "\n4\tdead"
    "\n5\theavy to end"
    "\nalert\tALERT"
    "\nalert_ack\tOK: acknowledge"
    "\nwound\twound"
    "\n"
)


def kind_label(key):
    """A wound kind's label (key: its code), or the alert's words, in the Settings language."""
    return table_label(str(key), _TABLE, "dicebox.larp.kinds_ru")
