"""Labels in English and Russian, only the language in use loaded: Russian in lang_ru.py, in the
table's order (tests/test_lang.py checks they line up)."""
from dicebox import load

# The labels packed in one string, "\nkey\tlabel" a label: far less heap than tuples of strings.
# A lookup costs time for every character before its line: a Dice frame's labels come first.
_TABLE = (
    "\ndice\tDice"
    "\ncoin\tcoin"
    "\nroll_hint\tOK: roll"
    "\nedit_hint\thold OK: expression"
    "\nheads\tHEADS"
    "\ntails\tTAILS"
    "\nyes_no\tOK yes  BACK no"
    "\nback_hint\tBACK: leave"
    "\nexpr\tExpression"
    "\nexpr_hint\tUP/DN change  OK next"
    "\nnotice\tNotice"
    "\nerror\tError"
    "\ntitlebout\tTitle Bout"
    "\nlarp\tLARP judge"
    "\narena\tArena"
    "\nhistory\tHistory"
    "\nsettings\tSettings"
    "\nresume\tResume fight"
    "\nwounds_on\t\u25b6 wounds"
    "\nseed\tseed"
    "\nempty\t(nothing yet)"
    "\nseed_source\tSeed"
    "\nhardware\thardware"
    "\nfixed\tfixed"
    "\ndice_source\tDice"
    "\nbox\tbox rolls"
    "\ntable\ttable dice"
    "\ncontrast\tBrightness"
    "\nsleep_s\tSleep"
    "\nsound\tSound"
    "\nlang\tLanguage"
    "\nstep\tOK steps"
    "\nroll\tone roll"
    "\nexchange\texchange"
    "\non\ton"
    "\noff\toff"
    "\nnever\tnever"
    "\nen\tEnglish"
    "\nru\tРусский"
    "\nfixed_seed\tFixed seed"
    "\nundo_q\tUndo last input?"
    "\nleave_q\tLeave the fight?"
    "\nleave_note\tIt stays saved."
    "\nundone\tUndone"
    "\nroll_for\tRoll"
    "\nrolls\trolls"
    "\nsec\ts"
    "\nundo_rolls\ttakes back %d dice"
    "\nsides\tAB"
    "\ndim_s\tDim"
    "\ndaylight\tdaylight"
    "\n"
)

LANG = ["en"]
_RU = [None]  # lang_ru.LABELS while Russian is chosen: held here, so Home's unloading keeps it


def set_lang(code):
    LANG[0] = code
    if code == "ru":
        from dicebox.ui import lang_ru

        _RU[0] = lang_ru.LABELS
    else:
        _RU[0] = None


def label(key):
    at = _TABLE.find("\n" + key + "\t")
    return key if at < 0 else _line(_TABLE, at, key, _RU[0])


def _line(table, at, key, ru):
    """The label on key's line of a packed table (at `at`): English, or ru's in the table's order."""
    if ru is not None:
        return ru[table.count("\n", 0, at)]
    at += len(key) + 2
    return table[at : table.find("\n", at)]


def table_label(key, table, ru_module, missing=None):
    """key's label in a game's own table, packed as _TABLE is, or ru_module's LABELS while Russian
    is chosen (imported only then: on the stock firmware bytecode is heap); when the table has no
    key, missing(key) (label: the shared words; str: the key itself), else None."""
    at = table.find("\n" + key + "\t")
    if at < 0:
        return None if missing is None else missing(key)
    return _line(table, at, key, load(ru_module).LABELS if LANG[0] == "ru" else None)
