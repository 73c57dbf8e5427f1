"""The Arena's log in words: arena/rules.py and arena/cup.py log codes and
numbers; this words them for the fight screen (say, cup_say) and, with
arena/describe.py, for the transcript (Game.describe).

English here, packed as the house packs labels ("\\nkey\\tformat"); Russian in
words_ru.py in the same order, imported only while Russian is chosen. A format's
%s fields take the event's values in the order say() gives them, in every language
(% is several times quicker than str.format on the Pico, and a step words many lines). A
transcript is English in every language, as its record is.
Sentences put a name first and use the present tense, so they read right
whatever the fighter's name or sex (docs/rules/arena.md, U12).
"""
from dicebox import IN_ROM, load
from dicebox.ui import lang

_RU = "dicebox.arena.words_ru"
# the events whose fields are numbers only; every other names fighter a first
_NUMBERS = ("init_tie", "moment", "time", "crumble", "crumble_none")

# A str's search, slice and count pass every character before the place they start or
# stop (its indices count characters, not bytes), so the table is four short strings,
# a step's frequent formats first; words_ru.LABELS follows them in this order.
_TABLE = (
    "\nmoves\t%s v %s"
    "\ntest\t%s %s/%s %s"
    "\npass\tpass"
    "\nfail\tfail"
    "\ndamage\t%s -%s health: %s"
    "\nknock\t%s knocked back %s"
    "\nknock1\t%s knocked back %s"
    "\ninit\t%s attacks (%s against %s)"
    "\nlower\t%s: lower roller"
    "\nswitch\tswitch: %s attacks"
    "\nstun\t%s is stunned"
    "\nstunned_test\t%s stunned: -1"
    "\nopposed\t%s scores %s, %s scores %s"
    "\nevent\trandom event %s: %s"
    "\nplaced\t%s placed on space %s"
    "\nheal\t%s regains %s health, health %s"
    "\nringout\t%s is out of the ring (space %s)"
    "\ncrystal_used\t%s lands on the healing crystal on space %s"
    "\nmine_blast\t%s sets off the mine on space %s"
    "\nswap\tthe fighters swap places: %s on %s, %s on %s"
    "\nno_space\tno free space for the %s"
    "\ncrumble\tthe arena is now spaces %s..%s"
    "\ncrumble_none\tthe arena has crumbled already: nothing more falls"
    "\ninit_tie\tinitiative tied at %s: roll again"
    "\nmoment\tmoment %s (time %s)"
    "\ntime\ttime track %s"
    "\nmoved\t%s to space %s, %s follows to %s"
    "\nwon\t%s wins (%s)"
    "\ntied\tthe fight is a tie (%s)"
    "\nmatch\tround %s: %s v %s"
    "\ncup_tie\t%s v %s tied: they fight again (tie %s)"
    "\ncup_rolloff\tthird tie: roll-off %s against %s"
    "\nadvance\t%s goes through round %s"
    "\nchampion\t%s wins the tournament"
    "\n"
)
# the move table by die face (arena/rules.py ATTACK, DEFEND): a step names two
_MOVES = (
    "\na1\tStrike"
    "\na2\tHeavy Strike"
    "\na3\tKick"
    "\na4\tHeavy Kick"
    "\na5\tGrapple"
    "\na6\tSpecial"
    "\nd1\tBlock"
    "\nd2\tCounter"
    "\nd3\tDodge"
    "\nd4\tShield"
    "\nd5\tGrapple"
    "\nd6\tSpecial"
    "\n"
)
# the random events 1..20
_EVENTS = (
    "\ne1\tMine"
    "\ne2\tSpirits of the Slain"
    "\ne3\tFlare"
    "\ne4\tShifting Ground"
    "\ne5\tArcane Strikes"
    "\ne6\tBlood Spores"
    "\ne7\tCrumbling Stone"
    "\ne8\tSudden Surge"
    "\ne9\tCheat"
    "\ne10\tTime Slip"
    "\ne11\tThe Switch"
    "\ne12\tClash"
    "\ne13\tGive and Take"
    "\ne14\tDouble Dash"
    "\ne15\tEnergy War"
    "\ne16\tHealing Crystal"
    "\ne17\tEnergy Vampire"
    "\ne18\tSuper Counter"
    "\ne19\tSuper Combo"
    "\ne20\tSudden Death"
    "\n"
)
# how a fight ended, by arena/rules.py's method code (the record keeps METHODS), then
# the items by grid cell bit (arena/rules.py MINE, CRYSTAL)
_ENDS = (
    "\nm1\tko"
    "\nm2\tringout"
    "\nm3\ttime"
    "\nm4\tsudden-death"
    "\nm5\ttie"
    "\ni1\tmine"
    "\ni2\thealing crystal"
    "\n"
)
_SECTIONS = (_TABLE, _MOVES, _EVENTS, _ENDS)
MOVES = 1  # a section, for in_english()
EVENTS = 2
ENDS = 3

_BASES = (0, 34, 46, 66)  # each section's first line in words_ru.LABELS (tests/test_lang.py counts them)


def _find(table, needle):
    at = table.find(needle)
    if at < 0:
        return None
    at += len(needle)
    return table[at : table.find("\n", at)]


def in_english(needle, section=0):
    """The English words on needle's line ("\\nkey\\t") in a section (MOVES...), whatever the
    Settings language."""
    return _find(_SECTIONS[section], needle)


# the formats and move names found, by needle, in the language they were found in: a step
# words the same few lines, and a dict lookup is quicker than a search and a slice. Only with
# the code in ROM: on the stock firmware a duel's heap has no room for them, and needs no speed
_FOUND = {}
_FOUND_IN = [None]


def _word(needle, section=0):
    language = lang.LANG[0]
    kept = IN_ROM and section < 2
    if kept:
        if _FOUND_IN[0] != language:
            _FOUND.clear()
            _FOUND_IN[0] = language
        got = _FOUND.get(needle)
        if got is not None:
            return got
    table = _SECTIONS[section]
    if language == "ru":
        at = table.find(needle)
        got = None if at < 0 else load(_RU).LABELS[_BASES[section] + table.count("\n", 0, at)]
    else:
        got = _find(table, needle)
    if kept:
        _FOUND[needle] = got
    return got


def say(who, name, a, b, c, face=0, get=_word, form=_word):
    """A duel's event in words, for the fight screen in the Settings language: get(needle, section)
    words a name's code, form(needle) gives the line's
    format (arena/describe.py's for a transcript, which may leave out or add a value: its
    fields' count says which).
    The frequent lines first. who: the fighters' names (Game.names); face: the last die
    rolled (a test shows roll/target)."""
    if name == "moves":
        fmt = form("\nmoves\t")
        x = get("\na%d\t" % b, MOVES)
        y = get("\nd%d\t" % c, MOVES)
        return fmt % ((x, y) if fmt.count("%") == 2 else (who[a], x, who[1 - a], y))
    if name == "test":
        fmt = form("\ntest\t")
        x = get("\npass\t" if c else "\nfail\t")
        return fmt % ((who[a], face, b, x) if fmt.count("%") == 4 else (who[a], b, x))  # roll/target
    if name == "damage":
        return form("\ndamage\t") % (who[a], b, c)
    if name == "knock":
        return form("\nknock1\t" if b == 1 else "\nknock\t") % (who[a], b)  # a language may word one space apart
    if name == "event":
        return form("\nevent\t") % (a, get("\ne%d\t" % a, EVENTS))
    if name == "init":
        return form("\ninit\t") % (who[a], b if a == 0 else c, c if a == 0 else b)
    if name == "end":
        if a < 0:
            return form("\ntied\t") % get("\nm%d\t" % b, ENDS)
        return form("\nwon\t") % (who[a], get("\nm%d\t" % b, ENDS))
    if name == "moved" or name == "opposed":
        return form("\n" + name + "\t") % (who[a], b, who[1 - a], c)
    if name == "swap":
        return form("\nswap\t") % (who[0], a, who[1], b)
    fmt = form("\n" + name + "\t")
    if fmt is None:  # an event this table does not know yet
        return "%s %d %d %d" % (name, a, b, c)
    if name == "placed" or name == "no_space":
        values = (get("\ni%d\t" % a, ENDS), b)
    elif name in _NUMBERS:
        values = (a, b, c)
    else:
        values = (who[a], b, c)
    return fmt % values[:fmt.count("%")]  # the first one, two or three


def cup_say(cup, name, a, b, c, form=_word):
    """One of a cup's own events (arena/cup.py) in words, in the Settings language by default."""
    fmt = form("\n" + name + "\t")
    if fmt is None:
        return "%s %d %d %d" % (name, a, b, c)
    names = cup.fighters
    if name == "match":
        return fmt % (a + 1, names[b][0], names[c][0])
    if name == "cup_tie":
        return fmt % (names[a][0], names[b][0], c)
    if name == "advance":
        return fmt % (names[a][0], b + 1)
    if name == "champion":
        return fmt % names[a][0]
    return fmt % (b, c)  # cup_rolloff


def method(m):
    """How match m (an arena.Game that ended) ended, in the Settings language."""
    return _word("\nm%d\t" % m.method, ENDS)
