"""dicebox-sim stats RULESET ...: many fights, summarised.

Each rule set adds a module under host_sim.stats with register(subparsers);
list it in STATS.
"""
from host_sim import common

STATS = ("titlebout", "arena")


def register(sub):
    common.add_family(sub, "stats", "run many fights and summarise the results", "stats", STATS)
