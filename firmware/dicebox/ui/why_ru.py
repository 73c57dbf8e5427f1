"""Why the table rolls, in Russian (the table-dice picker's line, ui/fight.py), imported only while
Russian is chosen: the cores' words stay English (transcripts). A purpose not listed shows as it is."""

# Packed as ui/lang.py packs its labels, "\npurpose\tRussian" a line; a fighter's letter at the
# end ("initiative a") is listed without it: the fighter's name is put in its place.
_TABLE = (
    # arena/rules.py, arena/cup.py
    "\ninitiative\tинициатива"
    "\nattacker move\tприём атакующего"
    "\ndefender move\tприём защитника"
    "\nattacker test\tпроверка атакующего"
    "\ndefender test\tпроверка защитника"
    "\ndamage D3\tурон D3"
    "\ndamage D3+1\tурон D3+1"
    "\ndamage D6\tурон D6"
    "\nknock-back D3\tотброс D3"
    "\nroll-off\tдоп. бросок"
    "\nmine D3\tмина D3"
    "\ncrystal D3\tкристалл D3"
    "\nplace d8\tклетка предмета"
    "\nrandom event\tслучайное событие"
    "\ntime slip D3\tскачок времени D3"
    "\nevent test\tпроверка события"
    "\nopposed test\tвстречная проверка"
    "\nsudden death\tвнезапная смерть"
    "\ncup roll-off\tдоп. бросок"
    # larp/*.py
    "\nfirst attacker\tкто атакует первым"
    "\nattack\tатака"
    "\ndefence\tзащита"
    "\naccuracy\tметкость"
    "\n"
)
# Title Bout (titlebout/rules.py W_*): "[AGG tie ]<corner> <rating or chart>", each English
# piece replaced in this order; ratings (CF, PL, HP, KI, KDR1, KOR) stay as the cards print them.
_TB = (
    "\nAGG tie \tничья AGG: "
    "\nred \tкрасн. "
    "\nblue \tсин. "
    "\n punch chart\t удар"
    "\n injury chart\t травма"
    "\n foul chart\t фол"
    "\n cut chart\t рассечение"
    "\n count chart\t счёт"
    "\n chart\t"
    "\n"
)
_WIDTH = 21  # the picker's line, in characters


def names(game):
    """The two fighters' names of an arena game or a cup's match, else None."""
    game = getattr(game, "match", game)  # a cup: its match
    return game.names if getattr(game, "RULESET", None) == "arena" else None


def _russian(purpose):
    """The Russian of a purpose in _TABLE, or None."""
    at = _TABLE.find("\n" + purpose + "\t")
    if at < 0:
        return None
    at += len(purpose) + 2
    return _TABLE[at : _TABLE.find("\n", at)]


def say(why, fighters=None):
    """why in Russian; fighters (a's name, b's) replace a trailing fighter letter (else A or B)."""
    if why.startswith(("AGG tie ", "red ", "blue ")):
        for line in _TB[1:-1].split("\n"):
            english, russian = line.split("\t")
            why = why.replace(english, russian)
        return why
    who = ""
    if len(why) > 2 and why[-2] == " " and why[-1] in "ab" and _russian(why[:-2]) is not None:
        who = fighters[0 if why[-1] == "a" else 1] if fighters else why[-1].upper()
        why = why[:-2]
    said = _russian(why)
    if said is None:
        return why
    if not who:
        return said
    return "%s: %s" % (said, who[: max(1, _WIDTH - len(said) - 2)])
