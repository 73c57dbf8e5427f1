"""Title Bout transcript lines (rules.Game.describe), apart so a bout on the box does not carry them."""
from dicebox.core.game import Game
from dicebox.titlebout.play import M_DRAW, METHODS, REASONS, STOP_PICK


def describe(game, name, a, b, c):
    """The transcript line of a bout event (Game.describe)."""
    n = game._name
    if name == "start":
        how = ("higher AGG", "won the 2d6 roll-off", "AGG tie: red by rule", "AGG tie: referee", "new round")[b]
        return "%s starts in control (%s)" % (n(a), how)
    if name == "control":
        return "CF roll %d: control passes to %s" % (b, n(a))
    if name == "miss":
        return "%s misses (%d)" % (n(a), b)
    if name == "punch":
        pts = c & 255
        if b < 0:
            what = "a punch"
        else:
            what = "%s (%s)" % (game.fighters[a].punch_names[b], game.codes[b])
        how = ": knockdown chart gives" if c >> 8 else ":"
        return "%s lands %s%s %d point%s" % (n(a), what, how, pts, "" if pts == 1 else "s")
    if name == "down":
        return "%s is DOWN, up at the count of %d; %s scores %d" % (n(a), b, n(1 - a), c)
    if name == "ko":
        return "%s is knocked out" % n(a)
    if name in ("foul", "injury", "cut"):
        who = n(a)
        if b == STOP_PICK:
            return {"foul": "%s fouls: disqualified", "injury": "%s is injured: the fight is stopped",
                    "cut": "%s is cut: the fight is stopped"}[name] % who
        if b < 0:
            return "%s fouls: a warning" % who
        if b == 0:
            # the cut chart follows a punch that scored: no cut; 99/100 was no punch
            return "cut chart: no cut" if name == "cut" else "%s chart: nothing happens, a missed punch" % name
        return {"foul": "%s fouls: %d points off", "injury": "%s is injured: %s scores %d",
                "cut": "%s is cut: %s scores %d"}[name] % ((who, b) if name == "foul" else (who, n(1 - a), b))
    if name == "ki":
        return "Killer Instinct: %s throws %d more" % (n(a), b)
    if name == "bell":
        return "the bell ends round %d mid-exchange" % a
    if name == "round":
        return "end of round %d: %s %d, %s %d" % (a, n(0), b, n(1), c)
    if name == "end":
        if a == M_DRAW:
            return "the bout is a draw"
        why = REASONS[a]
        return "%s wins by %s%s in round %d" % (n(b), METHODS[a], " (%s)" % why if why else "", c)
    return Game.describe(game, name, a, b, c)
