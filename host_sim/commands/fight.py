"""dicebox-sim fight RULESET ...: one fight, printed as a transcript.

A rule set of the box's modes (dicebox/modes.py) is played here when
host_sim/fights has a module of its name with register(subparsers).
"""
import os

from host_sim import common

from dicebox import modes


def fights():
    here = os.path.join(os.path.dirname(os.path.abspath(common.__file__)), "fights")
    return [r for r in modes.rulesets() if os.path.exists(os.path.join(here, r + ".py"))]


def register(sub):
    common.add_family(sub, "fight", "run one fight and print its transcript", "fights", fights())
