"""What the LARP fights' screens share; each fight's screen module loads only with it, so a
fight runs without the others' screens and rules."""

from dicebox.larp import common as larp
from dicebox.larp.kinds import kind_label
from dicebox.core.compat import const
from dicebox.core.log import EVENT, ROLL
from dicebox.ui import text
from dicebox.ui.app import Confirm, Message
from dicebox import load
from dicebox.larp.menu import larp_label, tracker


# Each fight's screen: (ruleset, module, class).
_SCREENS = const((
    ("boxing", "dicebox.larp.boxing_ui", "BoxingScreen"),
    ("duel", "dicebox.larp.duel_ui", "DuelScreen"),
    ("shoot", "dicebox.larp.shoot_ui", "ShootScreen"),
    ("stealth", "dicebox.larp.stealth_ui", "StealthScreen"),
))


def screen_for(app, rec):
    for ruleset, mod, cls in _SCREENS:
        if ruleset == rec.ruleset:
            return getattr(load(mod), cls)(app, rec)
    raise ValueError("no LARP screen for " + rec.ruleset)


# (here, not in draw.py: only the LARP fights use them, and a name at boot costs the name pool)
_VOWELS = const("aeiouyаеёиоуыэюяйьъ")


def shorten(s, chars):
    """s in at most chars characters as a player would write it on paper, its longest word cut
    after a consonant ("прав. рука"); None if no such cut is short enough."""
    while len(s) > chars:
        words = s.split(" ")
        k = 0
        for i in range(len(words)):
            if len(words[i].rstrip(".")) > len(words[k].rstrip(".")):
                k = i
        w = words[k].rstrip(".")
        n = min(len(w) - 1, len(w) - (len(s) - chars) - 1)
        while n >= 3 and _VOWELS.find(w[n - 1]) >= 0:
            n -= 1
        if n < 3:
            return None
        words[k] = w[:n] + "."
        s = " ".join(words)
    return s


def big_line(c, s, y, color=1, x0=0, x1=128):
    """s centred in x0..x1 at y in MEDIUM (read at arm's length), cut as shorten() does; SMALL,
    4 px lower, if no cut fits or s is one word (cut alone it reads as a broken word)."""
    room = (x1 - x0 + 2) // text.MEDIUM.advance
    short = s if len(s) <= room else (shorten(s, room) if " " in s else None)
    if short is not None:
        text.draw_center(c, short, y, text.MEDIUM, color, x0, x1)
    else:
        text.draw_center(c, s, y + 4, text.SMALL, color, x0, x1)


def last_event(game, names):
    """(index, name, a, b, c) of the newest logged event among names, or None."""
    log = game.log
    for i in range(len(log) - 1, -1, -1):
        kind, name, a, b, c = log.entry(i)
        if kind == EVENT and name in names:
            return i, name, a, b, c
    return None


def roll_before(game, i, back):
    """Value of the back-th roll before log entry i (1 = the nearest)."""
    log = game.log
    while i > 0:
        i -= 1
        kind, name, a, b, c = log.entry(i)
        if kind == ROLL:
            back -= 1
            if not back:
                return b
    return 0


def _target_range(app):
    """(highest participant, his name or None) for a target picker. A session
    asleep stays asleep (a wake replays its journal): it kept who as it dozed."""
    for task in getattr(app.stack[0], "tasks", ()):
        if hasattr(task, "give_wound"):  # awake (an alert over the fight): it stays as it is
            return task.count(), task.name
        roster = getattr(task, "roster", None)  # a Timer's (count, names)
        if roster is not None:
            names = roster[1]
            return roster[0], (lambda p: names[p - 1]) if names else None
    tr = tracker(app)  # asleep since boot, no roster kept: woken
    return (tr.count(), tr.name) if tr is not None else (larp.MAX_PARTICIPANTS, None)


def offer_wounds(screen, wounds, ask_who):
    """A finished fight's wounds ([[who, kind name], ...]) onto the wound tracker, if one runs
    (it wakes now); ask_who: `who` is a duellist (1/2) whose participant number is asked."""
    if not wounds:
        return
    app = screen.app
    tr = tracker(app)
    if tr is None:
        return

    def put(p, who):
        for w, kind in wounds:
            if w == who:
                try:
                    tr.give_wound(p, larp.KIND_NAMES.index(kind))
                except ValueError as e:
                    app.push(Message(app, larp_label("wounds"), str(e)))
                    return

    for who in (2, 1) if ask_who else sorted(set(w for w, _ in wounds)):
        if not any(w == who for w, _ in wounds):
            continue
        if ask_who:
            app.push(_picker()(app, larp_label("who_is") % who, 0, 0, tr.count(),
                               (lambda w: lambda p: p and put(p, w))(who), tr.name))
        elif who:
            kinds = ", ".join(kind_label(larp.KIND_NAMES.index(k)) for w, k in wounds if w == who)
            note = ("%d %s %s" % (who, tr.name(who), kinds))[:19]
            app.push(Confirm(app, larp_label("to_tracker"), note, (lambda w: lambda: put(w, w))(who)))


def _picker():
    from dicebox.larp.picker import ParticipantPicker  # when one is asked: it loads the pickers' heap

    return ParticipantPicker


def _ask_target(screen):
    hi, name_of = _target_range(screen.app)
    # BACK before the first shot leaves the fight too: nothing to show under the picker
    on_back = None if screen.session.rec.inputs else screen.leave
    screen.app.push(_picker()(screen.app, larp_label("target"), 0, 0, hi, screen.give, name_of, on_back))
