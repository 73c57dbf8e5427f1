# The host's fast arena fights on MicroPython: one line a seed, for the test to
# compare with CPython's. argv: first seed, count.
import sys

from dicebox.arena import rules as arena
from dicebox.core.game import check_options
from host_sim import arena_fast

first = int(sys.argv[1])
count = int(sys.argv[2])
for rules in ({}, {"stun": "literal", "effects": "both", "lower": "margin", "pass": "land", "share": True, "health": 4}):
    opts = check_options(arena.OPTIONS, dict(rules, a=[9, 3, 7, 5], b=[3, 9, 5, 7]))
    fight = arena_fast.make(opts)
    for seed in range(first, first + count):
        print("%d %d %d %d %d" % fight(opts["a"], opts["b"], seed))
