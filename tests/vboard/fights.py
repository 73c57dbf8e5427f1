"""Host side: the fights a virtual-board run played and what became of each,
followed through the box's own log (vbsetup `log=`, tests/vboard/fslog.py).

A fight is born when current.json is written while there is none (a resume is
not a birth: its kept file goes right after). It moves to uNNNNNN.rec when left
and kept, to hNNNNNN.rec (or joins fNNNNNN.rec, a fold) when finished, between
.rec and .pin when pinned. It may leave the flash only

- deleted after the referee said yes to "Delete for good?",
- deleted by the Store to make room on a full flash (said on the screen),
- set aside as .bad,
- or, never having had an input, abandoned (nothing made, nothing asked).

Anything else is a fight lost.
"""

DELETE_Q = ("Delete for good?", "Удалить навсегда?")
UNDO_Q = ("Undo last input?", "Отменить ввод?")  # an undo back to no input removes the fight (larp.md U6a)  # ui/unfinished.py's question, en and ru
_FIGHT = ("u", "h", "f")


def _fight_file(name):
    return name == "current.json" or (len(name) == 11 and name[0] in _FIGHT and name[1:7].isdigit()
                                      and name[7:] in (".rec", ".pin"))


class Fight:
    def __init__(self, n, at):
        self.n = n
        self.saves = 0  # current.json written: at its start and after each input
        self.story = ["started %d ms" % at]
        self.fate = None  # None while on the flash

    def __repr__(self):
        return "fight %d (%d saves, %s): %s" % (self.n, self.saves, self.fate or "on the flash", ", ".join(self.story))


def follow(lines):
    """(fights, where): every Fight born in the log, and {file name: [Fight, ...]}
    of those still on the flash (a fold holds several)."""
    fights = []
    where = {}
    born = None  # the Fight the last line's current.json write made, if it made one
    before = None  # the line before this one, of the log
    for line in lines:
        p = line.split()
        if not p or p[0] not in ("FS", "YES", "ROOM"):
            continue
        op, name, at = (p[1], p[2], int(p[-2] if p[-1] == "empty" else p[-1])) if p[0] == "FS" else (p[0], "", 0)
        made, born = born, None
        if p[0] != "FS" or not _fight_file(name):
            before = line
            continue
        if op == "w" and name == "current.json":
            if name not in where:
                born = Fight(len(fights) + 1, at)
                fights.append(born)
                where[name] = [born]
            where[name][0].saves += 1
        elif op in ("w", "a"):  # filed (h, f) or kept (u): current.json's fight, which goes next
            if "current.json" in where:
                fight = where["current.json"][0]
            else:  # a record filed whole, not from current.json (a LARP wound session)
                fight = Fight(len(fights) + 1, at)
                fights.append(fight)
            fight.story.append("%s %s %d ms" % ("kept as" if name[0] == "u" else "filed in", name, at))
            where.setdefault(name, []).append(fight)
        elif op == "mv":
            new = p[3]
            for fight in where.get(name, ()):
                fight.story.append("%s %d ms" % (new, at))
                if not _fight_file(new):
                    fight.fate = "set aside as %s" % new
            moved = where.pop(name, [])
            if _fight_file(new):
                where[new] = moved
        elif op == "rm":
            gone = where.pop(name, [])
            if name == "current.json":
                fight = gone[0]
                if any(fight in there for there in where.values()):
                    continue  # filed or kept just before
                fight.story.append("removed %d ms" % at)
                undone = before is not None and before.split()[0] == "YES" and before[4:].startswith(UNDO_Q)
                fight.fate = ("abandoned before any input" if p[-1] == "empty" else
                              "undone to no input" if undone else "LOST: current.json removed")
            elif made is not None and name[0] == "u":
                # a resume: the kept fight is the one in current.json now, not a new one
                fights.remove(made)
                fight = gone[0]
                fight.saves += 1
                fight.story.append("resumed %d ms" % at)
                where["current.json"] = [fight]
            else:
                asked = before is not None and before.split()[0] == "YES" and before[4:].startswith(DELETE_Q)
                room = before is not None and before.startswith("ROOM")
                for fight in gone:
                    fight.story.append("deleted %d ms" % at)
                    fight.fate = ("deleted when asked" if asked else "deleted to make room" if room
                                  else "LOST: %s removed unasked" % name)
        before = line
    for i, fight in enumerate(fights):
        fight.n = i + 1
    return fights, where


def account(lines, listing):
    """What a run did with its fights, checked against what is left: the fights
    and a one-line account. Fails if one was lost, or the log and the flash disagree."""
    fights, where = follow(lines)
    lost = [f for f in fights if f.fate is not None and f.fate.startswith("LOST")]
    assert not lost, "\n".join(repr(f) for f in lost)
    left = sorted(n for n in listing if _fight_file(n))
    assert sorted(where) == left, "the log leaves %s on the flash, the flash has %s" % (sorted(where), left)
    fates = {}
    for f in fights:
        fate = f.fate
        if fate is None:
            there = [n for n in where if f in where[n]][0]
            fate = "under way" if there == "current.json" else "kept" if there[0] == "u" else "in History"
        fates[fate] = fates.get(fate, 0) + 1
    return fights, ", ".join("%d %s" % (n, fate) for fate, n in sorted(fates.items()))
