"""The Arena's log in words: arena/rules.py and arena/cup.py log codes and
numbers; this words them for the fight screen (say, cup_say) and, with
arena/describe.py, for the transcript (Game.describe).

English here, packed as the house packs labels ("\\nkey\\tformat"; str.format
fields, numbered where a sentence takes them in another order); Russian in
words_ru.py in the same order, imported only while Russian is chosen. A
transcript is English in every language, as its record is.
Sentences put a name first and use the present tense, so they read right
whatever the fighter's name or sex (docs/rules/arena.md, U12).
"""
from dicebox import load
from dicebox.ui import lang

_RU = "dicebox.arena.words_ru"
# the events whose fields are numbers only; every other names fighter a first
_NUMBERS = ("init_tie", "moment", "time", "crumble", "crumble_none")

# a step's frequent lines first: a lookup costs time for every character before its line
_TABLE = (
    "\nmoves\t{1} v {3}"
    "\ntest\t{0} {1}/{2} {3}"
    "\ndamage\t{0} -{1} health: {2}"
    "\npass\tpass"
    "\nfail\tfail"
    # the move table by die face (arena/rules.py ATTACK, DEFEND): a step names two
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
    "\nknock\t{0} is knocked back {1}"
    "\nknock1\t{0} is knocked back {1}"
    "\nstun\t{0} is stunned"
    "\nswitch\tswitch: {0} is now the attacker"
    "\nlower\t{0} counts as the lower roller"
    "\nevent\trandom event {0}: {1}"
    "\nstunned_test\t{0} is stunned: -1 on this test"
    "\ninit\t{0} attacks ({1} against {2})"
    "\ninit_tie\tinitiative tied at {0}: roll again"
    "\nmoment\tmoment {0} (time {1})"
    "\ntime\ttime track {0}"
    "\nheal\t{0} regains {1} health, health {2}"
    "\nmoved\t{0} to space {1}, {2} follows to {3}"
    "\nringout\t{0} is out of the ring (space {1})"
    "\nmine_blast\tthe mine on space {1} explodes under {0}"
    "\ncrystal_used\t{0} lands on the healing crystal on space {1}"
    "\nplaced\t{0} placed on space {1}"
    "\nno_space\tno free space for the {0}"
    "\ncrumble\tthe arena is now spaces {0}..{1}"
    "\ncrumble_none\tthe arena has crumbled already: nothing more falls"
    "\nswap\tthe fighters swap places: {0} on {1}, {2} on {3}"
    "\nopposed\t{0} scores {1}, {2} scores {3}"
    "\nwon\t{0} wins ({1})"
    "\ntied\tthe fight is a tie ({1})"
    "\nmatch\tround {0}: {1} v {2}"
    "\ncup_tie\t{0} v {1} tied: they fight again (tie {2})"
    "\ncup_rolloff\tthird tie: roll-off {1} against {2}"
    "\nadvance\t{0} goes through round {1}"
    "\nchampion\t{0} wins the tournament"
    # the random events 1..20
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
    # how a fight ended, by arena/rules.py's method code (the record keeps METHODS)
    "\nm1\tko"
    "\nm2\tringout"
    "\nm3\ttime"
    "\nm4\tsudden-death"
    "\nm5\ttie"
    # the items by grid cell bit (arena/rules.py MINE, CRYSTAL)
    "\ni1\tmine"
    "\ni2\thealing crystal"
    "\n"
)


def _find(table, needle):
    at = table.find(needle)
    if at < 0:
        return None
    at += len(needle)
    return table[at : table.find("\n", at)]


def in_english(needle):
    """The English words on needle's line ("\\nkey\\t"), whatever the Settings language."""
    return _find(_TABLE, needle)


def word(key):
    """key's words in the Settings language."""
    return _word("\n" + key + "\t")


def _word(needle):
    if lang.LANG[0] == "ru":
        at = _TABLE.find(needle)
        return None if at < 0 else load(_RU).LABELS[_TABLE.count("\n", 0, at)]
    return _find(_TABLE, needle)


def say(who, name, a, b, c, face=0, get=_word, form=_word):
    """A duel's event in words, for the fight screen in the Settings language: get(needle)
    words a name's code, form(needle) gives the line's format (arena/describe.py's for a
    transcript). The frequent lines first. who: the fighters' names (Game.names); face: the
    last die rolled (a test shows roll/target)."""
    if name == "moves":
        return form("\nmoves\t").format(who[a], get("\na%d\t" % b), who[1 - a], get("\nd%d\t" % c))
    if name == "test":
        return form("\ntest\t").format(who[a], face, b, get("\npass\t" if c else "\nfail\t"))  # roll/target
    if name == "damage":
        return form("\ndamage\t").format(who[a], b, c)
    if name == "knock":
        return form("\nknock1\t" if b == 1 else "\nknock\t").format(who[a], b)  # a language may word one space apart
    if name == "event":
        return form("\nevent\t").format(a, get("\ne%d\t" % a))
    if name == "init":
        return form("\ninit\t").format(who[a], b if a == 0 else c, c if a == 0 else b)
    if name == "end":
        if a < 0:
            return form("\ntied\t").format("", get("\nm%d\t" % b))
        return form("\nwon\t").format(who[a], get("\nm%d\t" % b))
    if name == "moved" or name == "opposed":
        return form("\n" + name + "\t").format(who[a], b, who[1 - a], c)
    if name == "placed" or name == "no_space":
        return form("\n" + name + "\t").format(get("\ni%d\t" % a), b)
    if name == "swap":
        return form("\nswap\t").format(who[0], a, who[1], b)
    fmt = form("\n" + name + "\t")
    if fmt is None:  # an event this table does not know yet
        return "%s %d %d %d" % (name, a, b, c)
    if name in _NUMBERS:
        return fmt.format(a, b, c)
    return fmt.format(who[a], b, c)


def cup_say(cup, name, a, b, c, form=_word):
    """One of a cup's own events (arena/cup.py) in words, in the Settings language by default."""
    fmt = form("\n" + name + "\t")
    if fmt is None:
        return "%s %d %d %d" % (name, a, b, c)
    names = cup.fighters
    if name == "match":
        return fmt.format(a + 1, names[b][0], names[c][0])
    if name == "cup_tie":
        return fmt.format(names[a][0], names[b][0], c)
    if name == "advance":
        return fmt.format(names[a][0], b + 1)
    if name == "champion":
        return fmt.format(names[a][0])
    return fmt.format(a, b, c)  # cup_rolloff


def method(m):
    """How match m (an arena.Game that ended) ended, in the Settings language."""
    return _word("\nm%d\t" % m.method)
