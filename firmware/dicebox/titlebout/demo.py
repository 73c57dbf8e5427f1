"""The built-in chart sets for Title Bout with dice, "demo" and "dicebox": INVENTED for dicebox (not
the publisher's charts), holding every number the rules' worked examples use; the same data as
firmware/data/titlebout/charts-demo.json (tests check it). JSON text, a string a chart: it stays in
flash with the code until parsed, where a dict literal builds all its lists at import."""
import json

from dicebox.core.compat import const

_NAME = const("dicebox demo charts (invented)")
_PUNCH = const(
    '[[1,8,"L-11"],[9,16,"L-22"],[17,22,"L-33"],[23,25,"R-66"],[26,27,"R-77"],[28,35,"R-11"],'
    '[36,43,"L-44"],[44,50,"R-22"],[51,56,"L-55"],[57,60,"R-33"],[61,66,"R-44"],[67,72,"L-66"],'
    '[73,80,"L-11"],[81,86,"R-55"],[87,90,"R-88"],[91,96,"L-22"],[97,98,"R-77"]]'
)
_FOUL = const('[[1,55,"none"],[56,80,"warn"],[81,94,"points",1],[95,99,"points",2],[100,100,"stop"]]')
_INJURY = const('[[1,70,"none"],[71,90,"points",1],[91,98,"points",2],[99,100,"stop"]]')
_CUT = const('[[1,30,"none"],[31,65,"points",1],[66,90,"points",2],[91,97,"points",3],[98,100,"stop"]]')
# rating r is row r; d20 = 1..20 left to right; "K" is a knockdown (at KDR1) or a knockout (at KOR)
_KNOCKDOWN = const(
    '[["K","K","K","K","K","K",1,1,2,2,2,3,3,3,4,4,4,5,5,5],'
    '[1,1,1,2,2,2,3,3,3,3,3,4,4,"K","K","K","K","K","K","K"],'
    '[1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,5,5,"K","K","K"],'
    '[1,1,1,1,1,2,2,2,2,2,3,3,3,3,4,4,4,5,5,"K"],'
    "[1,1,1,1,1,1,2,2,2,2,2,3,3,3,3,4,4,4,5,5]]"
)
# [low, high, count, points for the man still standing]
_COUNT = const("[[1,15,2,4],[16,30,3,5],[31,40,4,6],[41,55,5,7],[56,70,6,8],[71,82,7,9],[83,92,8,10],[93,100,9,12]]")

# The "dicebox" set, the default of new bouts: knockdown and cut marks on the punch chart's results
# ("R-(Knockdown)-77"), its rates checked against professional boxing (title-bout.md, "Demo rates"),
# the worked examples' numbers kept.
_D_NAME = const("dicebox demo charts")
_D_PUNCH = const(
    '[[1,8,"L-11"],[9,16,"L-22"],[17,22,"L-33"],[23,23,"R-66","CUT"],[24,25,"R-66"],[26,27,"R-77","KD"],[28,35,"R-11"],[36,43,"L-44"],[44,50,"R-22"],[51,56,"L-55"],'
    '[57,60,"R-33"],[61,66,"R-44"],[67,70,"L-66"],[71,72,"L-66","KD"],[73,80,"L-11"],[81,86,"R-55"],[87,90,"R-88","KD"],[91,96,"L-22"],[97,98,"R-77","KD"]]'
)
_D_FOUL = const('[[1,70,"none"],[71,92,"warn"],[93,98,"points",1],[99,100,"points",2]]')
_D_INJURY = const('[[1,80,"none"],[81,95,"points",1],[96,99,"points",2],[100,100,"stop"]]')
_D_CUT = const('[[1,80,"none"],[81,95,"points",1],[96,97,"points",2],[98,100,"stop"]]')
_D_KNOCKDOWN = const(
    '[["K","K","K","K","K","K",1,1,2,2,2,3,3,3,4,4,4,5,5,5],[1,1,1,2,2,2,3,3,3,3,3,4,4,"K","K","K","K","K","K","K"],[1,1,1,2,2,2,3,3,3,4,4,4,5,"K","K","K","K","K","K","K"],[1,1,1,2,2,2,3,3,3,4,4,5,5,5,"K","K","K","K","K","K"],[1,1,1,1,2,2,2,3,3,3,4,4,4,5,5,"K","K","K","K","K"]]'
)


class Sections:
    """The demo set (or Sections("dicebox")) read a chart at a time: charts["punch"] parses that
    chart alone, so a bout's start, its tightest moment, never holds the whole set parsed."""

    def __init__(self, which="demo"):
        self.d = which == "dicebox"

    def __getitem__(self, key):
        d = self.d
        if key == "name":
            return _D_NAME if d else _NAME
        if key == "punch":
            return json.loads(_D_PUNCH if d else _PUNCH)
        if key == "foul":
            return json.loads(_D_FOUL if d else _FOUL)
        if key == "injury":
            return json.loads(_D_INJURY if d else _INJURY)
        if key == "cut":
            return json.loads(_D_CUT if d else _CUT)
        if key == "knockdown":
            return json.loads(_D_KNOCKDOWN if d else _KNOCKDOWN)
        if key == "count":
            return json.loads(_COUNT)  # one count chart in both sets
        raise KeyError(key)


# The chart's words as the code's own strings: loaded code interns them (qstrs), and JSON parsed
# later reuses them instead of a heap copy of each. A list, not a tuple: mpy-cross packs a
# constant tuple's strings as objects, not qstrs.
_WORDS = ["L-11", "L-22", "L-33", "L-44", "L-55", "L-66", "R-11", "R-22", "R-33", "R-44", "R-55", "R-66", "R-77",
          "R-88", "none", "warn", "points", "stop", "K", "KD", "CUT"]


BUILT_IN = ("demo", "dicebox")  # the names a record's "charts" option may give


def whole(which):
    """A built-in set as one dict (host tools, tests, the set-up's checks)."""
    part = Sections(which)
    return {k: part[k] for k in ("name", "punch", "foul", "injury", "cut", "knockdown", "count")}


def __getattr__(name):
    if name == "CHARTS":
        return whole("demo")
    if name == "DICEBOX":
        return whole("dicebox")
    raise AttributeError(name)
