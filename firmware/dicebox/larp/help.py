"""First aid and medical help in the wound tracker (wounds.py AID, MEDIC; docs/rules/larp.md W2):
apart, so that neither module is too big to compile from source on a small heap."""
from dicebox.larp import common as larp
from dicebox.core.compat import const

AID = const(7)
MEDIC = const(8)
_HELPED = const(1)
ALERT = const(2)  # an escalation not yet acknowledged
AIDED = const(4)  # stopped by first aid
TREATED = const(8)  # stopped by medical help
# A help event names the help and the kind of wound it stopped (the wound may change later).
EVENTS = const(("first aid: light", "first aid: heavy", "medical help: light", "medical help: heavy"))


def stops(game, op, kind):
    """Whether help `op` (AID, MEDIC, or the old one-kind HELP) stops a wound of this kind."""
    if kind == larp.LIGHT:
        return True
    return kind == larp.HEAVY and (op != AID or game.aid_heavy)


def helpable(game, op, p, t, w=0):
    """Wound ids of p (or only wound number w) with a running timer that help `op` stops at t."""
    out = []
    for i in range(len(game.who)):
        if game.who[i] == p and (not w or i == w - 1):
            kind, due = game._project(i, t)
            if due >= 0 and stops(game, op, kind):
                out.append(i)
    return out


def check(game, op, p, t, w):
    if helpable(game, op, p, t, w):
        return
    if w and not (0 < w <= len(game.who) and game.who[w - 1] == p):
        raise ValueError("wound %d is not participant %d's" % (w, p))
    if op == AID and helpable(game, MEDIC, p, t, w):
        raise ValueError("first aid does not stop a heavy wound: medical help does")
    if w:
        raise ValueError("wound %d is not a running light or heavy wound" % w)
    raise ValueError("participant %d has no running light or heavy wound" % p)


def give(game, op, p, t, w):
    """The help, after the timers were brought up to t: each wound it stops, logged."""
    for i in helpable(game, op, p, t, w):
        game.due[i] = -1
        # help answers the wound's alert, as a heal does (other wounds' alerts wait for ACK)
        game.flags[i] = (game.flags[i] | _HELPED | (AIDED if op == AID else TREATED)) & ~ALERT
        game._event(EVENTS[(op == MEDIC) * 2 + game.kind[i] - 1], i, t)
