"""Words of the Arena's story mode (story.py logs codes), packed as ui/lang.py's, Russian in
story_ru.py; a name first and the present tense (docs/rules/arena.md, U12), right for any name."""
from dicebox.ui import lang

# codes as arena/story.py logs them (not imported: story.py's describe() imports
# this module; tests/test_arena_story.py checks they agree)
RUNGS = 5
V_WIN, V_SURVIVED, V_TIE, V_LOSS = 0, 1, 2, 3
HEALTH = 5

_TABLE = (
    "\nstory\tStory"
    "\nrival\tRival %d/%d"
    "\nagain\tRival %d/%d, again"
    "\nbuild\t%s %d,%d,%d,%d, health %d"
    "\nmotive\t%s %s."
    "\ngoal\tGoal: %s."
    "\nyou\t%s %d,%d,%d,%d, health %d"
    "\nchances\tChances: %d"
    "\nm0\twants the title back"
    "\nm1\tpromises the crowd a fall"
    "\nm2\tfights to pay off a debt"
    "\nm3\tswears to avenge a brother"
    "\nm4\tfights for the freedom a win will buy"
    "\nm5\thears the Watchers calling"
    "\nm6\thas never lost in this arena"
    "\nm7\tneeds the purse for a sick mother"
    "\nm8\twants to prove an old master wrong"
    "\nm9\tfights for the glory of the east gate"
    "\nm10\tholds the title and will not give it up"
    "\ng0\twin"
    "\ng1\twin by ring-out"
    "\ng2\twin before moment 6"
    "\ng3\twin, never under half health"
    "\ng4\tsurvive all ten moments"
    "\ng5\twin after two knock-backs"
    "\nb0\tMoment %d: %s draws first blood."
    "\nb1\tMoment %d: %s grabs a healing crystal."
    "\nb2\tMoment %d: %s is blown up by a mine."
    "\nb3\tMoment %d: %s falls into the abyss."
    "\nb4\tMoment %d: sudden death, and the killing blow goes to %s."
    "\nb5\tMoment %d: %s is down to 1 health, and fights on."
    "\nwin1\tVictory for %s by knock-out."
    "\nwin2\tVictory for %s by ring-out."
    "\nwin3\tVictory for %s on health at the bell."
    "\nwin4\tVictory for %s by sudden death."
    "\nsurvived\t%s is still standing at the bell."
    "\ntie\tA tie: they fight again."
    "\nmet\tGoal met!"
    "\nmissed\tGoal missed."
    "\nlost\tA chance lost: %d left."
    "\nno_more\tNo chances left."
    "\nplain\tA plain win: health %d."
    "\nreward_stat\tReward: %s %d, health %d."
    "\nreward_hp\tReward: all health back, %d."
    "\nchampion_end\t%s is the champion of the Arena!"
    "\nfell\t%s's road ends at rival %d of %d."
    "\npick\tReward"
    "\nplus\t+1 %s (%d)"
    "\nhealth_back\tHealth back (%d)"
    "\nok_fight\tOK: fight"
    "\nok_on\tOK: on"
    "\nok_reward\tOK: reward"
    "\nthe_end\tThe story"
    "\nsummary_won\tStory: %s champion"
    "\nsummary_fell\tStory: %s %d/%d"
    "\n"
)


def story_label(key):
    s = lang.table_label(key, _TABLE, "dicebox.arena.story_ru")
    return key if s is None else s


def stat(i):
    from dicebox.arena.text import stat as _stat

    return _stat(i)


def _names(game):
    m = game._teller if game._teller is not None else game.match
    return m.names if m is not None else (game.name, "?")


def card(game, rung, tries, hp, build, head=True):
    """The lines before a fight: who, why, the goal, and the player (head:
    "Rival 2/5" first, which a screen's header shows instead)."""
    name, rb, health, motive, goal = game.rival_of(rung)
    said = story_label("build") % (name, rb[0], rb[1], rb[2], rb[3], health)
    if head:
        said = story_label("again" if tries else "rival") % (rung + 1, RUNGS) + ": " + said
    return [
        said,
        story_label("motive") % (name, story_label("m%d" % motive)),
        story_label("goal") % story_label("g%d" % goal),
        story_label("you") % (game.name, build[0], build[1], build[2], build[3], hp),
    ]


def sentences(game, name, a, b, c):
    """The sentences of one story event (arena/story.py logs them)."""
    if name == "rival":
        return card(game, a, b, c, game._teller.stats[0] if game._teller else game.road.build)[:3]
    if name == "beat":
        return [story_label("b%d" % a) % (c, _names(game)[b])]
    if name == "verdict":
        names = _names(game)
        met = c & 1
        c >>= 1  # chances left
        out = []
        if a == V_TIE:
            out.append(story_label("tie"))
        elif a == V_SURVIVED:
            out.append(story_label("survived") % names[0])
        else:
            w = 0 if a == V_WIN else 1
            method = b if 1 <= b <= 4 else 3
            out.append(story_label("win%d" % method) % names[w])
        if a <= V_SURVIVED:
            out.append(story_label("met") if met else story_label("missed"))
        elif a == V_LOSS:
            out.append(story_label("lost") % c if c else story_label("no_more"))
        return out
    if name == "reward":
        if a == 0:
            return [story_label("plain") % c]
        if a == HEALTH:
            return [story_label("reward_hp") % c]
        return [story_label("reward_stat") % (stat(a - 1), b, c)]
    if name == "story_end":
        if a:
            return [story_label("champion_end") % game.name]
        return [story_label("fell") % (game.name, b + 1, RUNGS)]
    return []


def describe(game, name, a, b, c):
    out = sentences(game, name, a, b, c)
    return " ".join(s if s[-1] in ".!" else s + "." for s in out)


def summary(game):
    """History's line for a finished story."""
    road = game.road
    if road.won:
        return story_label("summary_won") % game.name
    return story_label("summary_fell") % (game.name, road.rung + 1, RUNGS)
