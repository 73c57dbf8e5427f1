"""Why the table rolls, in Russian: the table-dice picker's line (ui/fight.py)
for each roll purpose the arena and LARP cores name. The cores' words stay
English (transcripts); this is imported only while Russian is chosen. A
purpose not listed (a dice expression in Dice mode) is shown as it is.
"""
from dicebox.core.compat import const

# Purposes with a fighter's letter at the end ("initiative a") are listed
# without it: the fighter's name is put in its place.
_EN = const((
    # arena/rules.py, arena/cup.py
    "initiative", "attacker move", "defender move", "attacker test", "defender test",
    "damage D3", "damage D3+1", "damage D6", "knock-back D3", "roll-off", "mine D3", "crystal D3",
    "place d8", "random event", "time slip D3", "event test", "opposed test", "sudden death", "cup roll-off",
    # larp/*.py
    "first attacker", "attack", "defence", "accuracy",
))
_RU = const((
    "инициатива", "приём атакующего", "приём защитника", "проверка атакующего", "проверка защитника",
    "урон D3", "урон D3+1", "урон D6", "отброс D3", "доп. бросок", "мина D3", "кристалл D3",
    "клетка предмета", "случайное событие", "скачок времени D3", "проверка события", "встречная проверка",
    "внезапная смерть", "доп. бросок",
    "кто атакует первым", "атака", "защита", "меткость",
))
_WIDTH = 21  # the picker's line, in characters


def names(game):
    """The two fighters' names of an arena game or a cup's match, else None."""
    game = getattr(game, "match", game)  # a cup: its match
    return game.names if getattr(game, "RULESET", None) == "arena" else None


# Title Bout (titlebout/rules.py W_*): "[AGG tie ]<corner> <rating or chart>";
# ratings (CF, PL, HP, KI, KDR1, KOR) stay as the cards print them.
_TB_EN = const(("AGG tie ", "red ", "blue ", " punch chart", " injury chart", " foul chart", " cut chart", " count chart", " chart"))
_TB_RU = const(("ничья AGG: ", "красн. ", "син. ", " удар", " травма", " фол", " рассечение", " счёт", ""))


def say(why, fighters=None):
    """why in Russian; fighters (a's name, b's) replace a trailing fighter
    letter (without them: A or B)."""
    if why.startswith(_TB_EN[:3]):
        for k in range(len(_TB_EN)):
            why = why.replace(_TB_EN[k], _TB_RU[k])
        return why
    who = ""
    if len(why) > 2 and why[-2] == " " and why[-1] in "ab" and why[:-2] in _EN:
        who = fighters[0 if why[-1] == "a" else 1] if fighters else why[-1].upper()
        why = why[:-2]
    if why not in _EN:
        return why
    said = _RU[_EN.index(why)]
    if not who:
        return said
    return "%s: %s" % (said, who[: max(1, _WIDTH - len(said) - 2)])
