"""Arena labels, out of ui/lang.py so they load only in this mode; Russian in text_ru.py."""
from dicebox.core.compat import const
from dicebox.ui import lang

# packed as larp/menu.py packs its labels (one string, "\nkey\tlabel" a label): a fight
# step's clock first, as a lookup costs time for every character before its line
_TABLE = (
    "\nclock\tM%d T%d"
    "\nok_step\tOK step  hold OK auto"
    "\ndice_rolled\tdice"
    "\nwins\t%s wins"
    "\ntie\tTie"
    "\nok_bracket\tOK: bracket"
    "\nround\tRound %d"
    "\nchampion\tChampion"
    "\ncup\tTournament"
    "\nin_history\tThat match is in History."
    "\nduel\tDuel"
    "\nhealth\tHealth"
    "\nrules\tRulings"
    "\nstart\tStart"
    "\nfighters\tFighters"
    "\nnew\t+ New fighter"
    "\nedit\tEdit"
    "\ndelete\tDelete"
    "\ndelete_q\tDelete fighter?"
    "\nname\tName"
    "\nsave\tSave"
    "\nname_hint\tUP/DN letter  OK next"
    "\nname_hint2\thold OK: end here"
    "\nleft\tpoints: %d"
    "\nsum_bad\tStats must sum to 24: %d left."
    "\nname_taken\tThe name %s is taken."
    "\nfull\tThe roster is full (%d)."
    "\nsize\tFighters"
    "\npick\tPick %d/%d"
    "\npick_more\tPick %d fighters."
    "\nroster_error\tFighters file"
    "\nstory\tStory"
    "\nfighter\tFighter"
    "\nround_letter\tR"
    "\ndie_letter\td"
    "\n"
)
_STATS = const(("Power", "Toughness", "Agility", "Special"))


def _labels():
    if lang.LANG[0] == "ru":
        from dicebox.arena import text_ru as arena_text_ru

        return arena_text_ru
    return None


def arena_label(key):
    s = lang.table_label(key, _TABLE, "dicebox.arena.text_ru")
    return lang.label(key) if s is None else s


def stat(i):
    ru = _labels()
    return (ru.STATS if ru else _STATS)[i]
