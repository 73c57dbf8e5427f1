"""State invariants of every rule set, checked from outside the game (tests,
button storms, the soak): `problems(game)` lists what is out of range, [] when
all is well. Pure and read-only: only prompt(), result(), state() and plain
attributes are looked at, so a check can never change a fight.
"""


def _between(out, what, v, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        out.append("%s %r is outside %d..%d" % (what, v, lo, hi))


def _common(game, out):
    p = game.prompt()
    r = game.result()
    if p is not None and (len(p) != 3 or p[1] > p[2]):
        out.append("prompt %r is not (what, lo, hi)" % (p,))
    # a fight is never stuck: no next input means it has a result
    if p is None and r is None:
        out.append("no prompt and no result")
    if r is not None and game.RULESET != "dice" and p is not None:
        out.append("a result %r but still asks %r" % (r, p))


def _dice(game, s, out):
    _between(out, "rolls", s["rolls"], 0, 1 << 30)


def _titlebout(game, s, out):
    rounds = game.options["rounds"]
    _between(out, "round", s["round"], 1, rounds)
    _between(out, "click", s["click"], 0, 100)  # 40 a round; an exchange begun before the bell runs on
    for side in (0, 1):
        _between(out, "knockdowns[%d]" % side, s["knockdowns"][side], 0, 99)
        if len(s["score"][side]) > rounds:
            out.append("score[%d] has %d rounds of %d" % (side, len(s["score"][side]), rounds))
        for pts in s["score"][side]:
            _between(out, "round score", pts, -99, 999)


def _arena(game, s, out):
    lo, hi = s["arena"]
    if not (1 <= lo <= hi + 1 <= 9 and hi - lo + 1 in (8, 6, 4, 2, 0)):
        out.append("arena %r" % ([lo, hi],))
    a, b = s["positions"]
    if a == b or abs(a - b) != 1:
        out.append("positions %r are not side by side" % ([a, b],))
    if game.result() is None and not (lo <= a <= hi and lo <= b <= hi):
        out.append("positions %r outside the arena %r while fighting" % ([a, b], [lo, hi]))
    for h in s["health"]:
        _between(out, "health", h, 0, game.start_hp)
    _between(out, "time", s["time"], 0, 10)
    _between(out, "moment", s["moment"], 0, 10)
    for space in s["mines"] + s["crystals"]:
        _between(out, "mine/crystal space", space, lo, hi)


def _arena_cup(game, s, out):
    n = len(game.fighters)
    _between(out, "champion", s["champion"], -1, n - 1)
    _between(out, "ties in a row", game.ties, 0, 2)
    size = n
    for r in game.rounds:
        if len(r) != size:
            out.append("a round of %d fighters where %d belong" % (len(r), size))
        for i in r:
            _between(out, "fighter", i, 0, n - 1)
        size //= 2
    if len(game.winners) > len(game.rounds[-1]) // 2:
        out.append("%d winners from %d fighters" % (len(game.winners), len(game.rounds[-1])))
    if game.match is not None:
        _arena(game.match, game.match.state(), out)  # the match being fought, or just ended


def _arena_story(game, s, out):
    from dicebox.arena import story

    _between(out, "rung", s["rung"], 0, story.RUNGS)
    _between(out, "chances", s["chances"], 0, story.CHANCES)
    _between(out, "health", s["health"], 0, 10)
    if len(s["build"]) != 4:
        out.append("a build of %d stats" % len(s["build"]))
    for v in s["build"]:
        _between(out, "stat", v, 2, 9)
    if len(s["ladder"]) != story.RUNGS:
        out.append("a ladder of %d rivals" % len(s["ladder"]))
    if game.match is not None:
        _arena(game.match, game.match.state(), out)  # the fight on the ladder


def _boxing(game, s, out):
    cards = game.options["cards"]
    _between(out, "round", s["round"], 1, game.options["rounds"])
    _between(out, "attacker", s["attacker"], 1, 2)
    _between(out, "blow", s["blow"], 0, 2)
    for boxer in (1, 2):  # the secret part is read from the game: state() hides it until the end
        _between(out, "progress", game.progress[boxer], 0, cards)
        _between(out, "best", game.best[boxer], 0, cards)
        if len(game.orders[boxer]) != cards:
            out.append("order %r is not %d cards" % (game.orders[boxer], cards))


def _duel(game, s, out):
    _between(out, "attacker", s["attacker"], 1, 2)
    _between(out, "cycles", s["cycles"], 0, 1 if game.options["weapon"] == "firearms" else 10000)
    for key in ("limbs", "bodies", "heads"):
        for v in s[key]:
            _between(out, key, v, 0, 10000)


def _shoot(game, s, out):
    _between(out, "shots", s["shots"], 0, game.options["shots"])
    if len(s["hits"]) > s["shots"]:
        out.append("%d hits from %d shots" % (len(s["hits"]), s["shots"]))


def _stealth(game, s, out):
    if s["elapsed_ms"] is not None:  # None until the count is stopped
        _between(out, "elapsed_ms", s["elapsed_ms"], 0, 1 << 30)
    _between(out, "kind", s["kind"], 0, 5)


def _wounds(game, s, out):
    from dicebox.larp import common as larp  # here: a check of another rule set does not load it

    n = len(s["who"])
    if not len(s["kind"]) == len(s["flags"]) == len(s["due"]) == n:
        out.append("wound arrays differ in length")
        return
    _between(out, "now", s["now"], 0, larp.SESSION_MAX)
    open_ = {}
    for i in range(n):
        _between(out, "who", s["who"][i], 1, game.count)
        _between(out, "kind", s["kind"][i], 0, 5)
        due = s["due"][i]
        if due != -1 and (due <= s["now"] or s["kind"][i] not in (1, 2)):
            out.append("wound %d: timer %d with kind %d at %d" % (i, due, s["kind"][i], s["now"]))
        if s["kind"][i] in (1, 2, 3):
            open_[s["who"][i]] = open_.get(s["who"][i], 0) + 1
    for p in open_:
        if open_[p] > 8:
            out.append("participant %d has %d open wounds" % (p, open_[p]))


CHECKS = {
    "dice": _dice, "titlebout": _titlebout, "arena": _arena, "arena_cup": _arena_cup, "arena_story": _arena_story, "boxing": _boxing, "duel": _duel,
    "shoot": _shoot, "stealth": _stealth, "wounds": _wounds,
}


def problems(game):
    """What is wrong with the game's state: [] for a sound one."""
    out = []
    _common(game, out)
    check = CHECKS.get(game.RULESET)
    if check is None:
        out.append("no invariants for rule set '%s'" % game.RULESET)
    else:
        check(game, game.state(), out)
    return out
