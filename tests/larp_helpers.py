"""Shared helpers for the LARP tests: forced dice for a wanted deal."""
from dicebox.core import record

ZONE = {"head": 0, "jaw": 1, "ear": 2, "body": 3, "ribs": 4, "stomach": 5}


def deal_dice(*names):
    """Forced card dice that deal exactly these zones, in this order."""
    left = list(range(6))
    out = []
    for n in names:
        k = left.index(ZONE[n])
        if len(left) > 1:
            out.append(k + 1)
        left.pop(k)
    return out


def bout(order1, order2, coin, blows, **options):
    """A boxing bout: boxer 1's and 2's secret orders, the coin, the targets (names; '!' blocks)."""
    options.setdefault("cards", len(order1))
    inputs = [ZONE[b.rstrip("!")] + (6 if b.endswith("!") else 0) for b in blows]
    rec = record.Record("boxing", options, 1, inputs, deal_dice(*order1) + deal_dice(*order2) + [coin])
    return rec, record.replay(rec)


def events(game, *names):
    out = []
    for i in range(len(game.log)):
        kind, name, a, b, c = game.log.entry(i)
        if kind == 1 and (not names or name in names):
            out.append((name, a, b, c))
    return out
