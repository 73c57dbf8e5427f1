"""dicebox-sim story arena --seed N [--fighter P,T,A,S]: an Arena story played on the
host by a stated policy (host_sim/story.py), printed as the box tells it; with
--stories N, the batch tuner's completion table instead."""
from host_sim import common


def register(sub):
    common.add_family(sub, "story", "play a story mode on the host and print the story", "stories", ("arena",))
