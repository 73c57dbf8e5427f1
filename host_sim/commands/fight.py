"""dicebox-sim fight RULESET ...: one fight, printed as a transcript.

Each rule set adds a module under host_sim.fights with register(subparsers);
list it in FIGHTS.
"""
from host_sim import common

FIGHTS = ("titlebout", "arena", "larp_boxing", "larp_duel")


def register(sub):
    common.add_family(sub, "fight", "run one fight and print its transcript", "fights", FIGHTS)
