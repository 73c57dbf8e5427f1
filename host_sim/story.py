"""The Arena's story mode on the host: the stated policy, a story played on the
box's own code (`dicebox-sim story arena`), and the batch tuner that plays
thousands with host_sim/arena_fast.py (`--stories N`).

The policy (what the host chooses where the box asks the player): after an
objective met, all health back when the fighter is down to 5 or less, else
+1 to the fighter's lowest stat under 9 (the first of P, T, A, S on a tie).

The tuner plays the story's own rules (dicebox/arena/story.Road: the ladder,
the objectives, rewards and chances) with arena_fast's fights, which end as
the core's do (tests/test_arena_fast.py; the objective's facts, lowest health
and knock-backs, are compared in tests/test_arena_story.py). Fight k of story
s has its own seed (fight_seed), so the rates are the same for any split of
the work; on the box a story's fights share the record's one dice stream.
"""
import hashlib

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
from dicebox.arena import rules as arena
from dicebox.arena import story as S
from dicebox.core import record
from dicebox.core.game import check_options
from dicebox.core.log import EVENT
from dicebox.core.rng import SEED_MAX

POLICY = ("after an objective met: all health back at 5 health or less, else +1 to the lowest stat "
          "under 9 (the first of P,T,A,S on a tie)")
HEAL_AT = 5
STORY_EVENTS = ("rival", "beat", "verdict", "reward", "story_end")


def choose(road):
    """The policy's reward for a Road (or a Game's road) with a reward pending."""
    if road.hp <= HEAL_AT:
        return S.HEALTH
    best = None
    for i in range(4):
        if road.build[i] < arena.STAT_MAX and (best is None or road.build[i] < road.build[best]):
            best = i
    return S.HEALTH if best is None else best + 1


def play(seed, name="Even", build=(6, 6, 6, 6), dice=None):
    """(record, game) of a whole story played on the box's rules by the policy."""
    rec = record.Record(S.RULESET, {"fighter": [name, list(build)]}, seed, [], list(dice or []))
    game = record.start(rec)
    while game.prompt() is not None:
        rec.inputs.append(choose(game.road) if game.road.pending else 0)
        record.feed(game, rec, len(rec.inputs) - 1)
    return rec, game


def story_lines(game):
    """The told story: each story event's sentences, a blank line between fights."""
    out = []
    log = game.log
    for k in range(len(log)):
        kind, name, a, b, c = log.entry(k)
        if kind != EVENT:
            continue
        said = game.describe(name, a, b, c)  # in order: the "rival" events set the names
        if name in STORY_EVENTS:
            if name == "rival" and out:
                out.append("")
            out.append(said)
    return out


def fight_seed(master, k):
    text = "story:%d:%d" % (master, k)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % (SEED_MAX + 1)


def play_fast(seed, build, fight, trk):
    """A story on Road with arena_fast's fights: the finished Road."""
    road = S.Road(S.ladder(seed), build)
    k = 0
    while not road.over:
        _, rb, _, _ = road.rival()
        w, m, moments, ha, _ = fight(list(road.build), list(rb), fight_seed(seed, k), None, road.hp, S.RIVAL_HP[road.rung])
        k += 1
        road.settle(w, m, moments, trk[0], trk[1], ha)
        if road.pending:
            road.take(choose(road))
    return road


def tune(builds, stories, seed=1):
    """{build: (stories finished, stories ended at each rung)} over `stories` stories each."""
    from host_sim import arena_fast

    trk = [0, 0]
    fight = arena_fast.make(check_options(arena.OPTIONS, {}), trk)
    out = {}
    for build in builds:
        done = 0
        reached = [0] * S.RUNGS  # stories that ended at each rung (a finished one at the last)
        for s in range(stories):
            road = play_fast(fight_seed(seed, s), list(build), fight, trk)
            done += road.won
            reached[road.rung] += 1
        out[tuple(build)] = (done, reached)
    return out
