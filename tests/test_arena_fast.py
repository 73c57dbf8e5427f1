"""host_sim/arena_fast.py: the many-fight loop ends every fight as the logged
core does from the same seed, on CPython and MicroPython; and the plain
reference duel (the speed baseline) plays the same game in distribution."""
import math
import os
import random

from conftest import ROOT, SUPPORT
from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.core.game import check_options
from dicebox.core.rng import Rng
from host_sim import arena_fast
from host_sim.bench import arena_reference
from host_sim.commands.balance import legal_builds

BUILDS = legal_builds()


def random_options(r):
    opts = {"a": list(r.choice(BUILDS)), "b": list(r.choice(BUILDS)), "health": r.choice([1, 2, 5, 10, 10, 10, 25, 99])}
    for name, _, allowed in arena.OPTIONS:
        if isinstance(allowed, tuple) and isinstance(allowed[0], str):
            opts[name] = r.choice(allowed)
        elif allowed is bool:
            opts[name] = r.choice([False, True])
    return opts


def logged(opts, seed):
    """The fight as the box plays it: a record fed one OK at a time, every die logged."""
    rec = record.Record("arena", opts, seed)
    game = record.start(rec)
    while game.prompt() is not None:
        rec.inputs.append(0)
        record.feed(game, rec, len(rec.inputs) - 1)
    again = record.replay(rec)  # and replayed from the record alone
    assert again.result() == game.result()
    return game


def test_fast_fights_end_as_the_logged_replay_from_the_same_seed():
    draw = int.from_bytes(os.urandom(4), "big")
    r = random.Random(draw)
    methods = set()
    seeds = [r.randrange(1000000000) for _ in range(1500)]
    rows = arena_fast.draws_for(seeds)  # the batch the commands use (numpy)
    assert rows is not None and len(rows) == 1500
    for i, seed in enumerate(seeds):
        opts = random_options(r)
        checked = check_options(arena.OPTIONS, opts)
        fight = arena_fast.make(checked)
        got = fight(checked["a"], checked["b"], seed, rows[i])
        assert fight(checked["a"], checked["b"], seed) == got  # one draw at a time, as on MicroPython
        game = logged(opts, seed)
        want = (game.winner, game.method, game.moment, game.hp[0], game.hp[1])
        assert got == want, "draw %d, fight %d: %r seed %d" % (draw, i, opts, seed)
        methods.add(got[1])
    assert methods == {1, 2, 3, 4, 5}  # every way a fight ends was compared


def test_fast_fights_cover_the_rare_rulings():
    # one build pair, many seeds, each ruling at its non-default value: mines and
    # crystals sharing, crumbling once, vampire roll-offs, literal stun, margins
    for rules in ({"share": True, "pass": "land"}, {"crumble": "once"}, {"vampire_tie": "rolloff"},
                  {"stun": "literal", "lower": "margin", "effects": "text"}):
        opts = dict(rules, a=[5, 5, 5, 9], b=[4, 4, 8, 8], health=30)
        checked = check_options(arena.OPTIONS, opts)
        fight = arena_fast.make(checked)
        for seed in range(300):
            game = logged(opts, seed)
            assert fight(checked["a"], checked["b"], seed) == (game.winner, game.method, game.moment, game.hp[0], game.hp[1])


def test_fast_fights_are_the_same_on_micropython(mp):
    out = mp.run(SUPPORT / "arena_fast_mp.py", 1000, 150, path=[ROOT]).stdout.decode().split("\n")
    want = []
    for rules in ({}, {"stun": "literal", "effects": "both", "lower": "margin", "pass": "land", "share": True, "health": 4}):
        opts = check_options(arena.OPTIONS, dict(rules, a=[9, 3, 7, 5], b=[3, 9, 5, 7]))
        fight = arena_fast.make(opts)
        want += ["%d %d %d %d %d" % fight(opts["a"], opts["b"], s) for s in range(1000, 1150)]
    assert out[:-1] == want


def test_a_batch_row_is_the_generator_and_a_short_one_plays_on():
    seeds = [0, 1, 77, 999999999]
    for seed, row in zip(seeds, arena_fast.draws_for(seeds)):
        rng = Rng(seed)
        assert row == [rng.next() - 1 for _ in range(len(row))]  # Rng.below's v, draw by draw
    checked = check_options(arena.OPTIONS, {"health": 40})
    fight = arena_fast.make(checked)
    for seed, row in zip(range(50), arena_fast.draws_for(list(range(50)))):
        whole = fight([6, 6, 6, 6], [9, 5, 5, 5], seed)
        assert fight([6, 6, 6, 6], [9, 5, 5, 5], seed, row[:7]) == whole  # ran out: replayed drawing on


def test_a_bad_seed_is_refused():
    checked = check_options(arena.OPTIONS, {})
    fight = arena_fast.make(checked)
    for seed in (-1, 1000000000):
        for call in (lambda: fight([6, 6, 6, 6], [6, 6, 6, 6], seed), lambda: arena_fast.draws_for([5, seed])):
            try:
                call()
            except ValueError as e:
                assert "0..999999999" in str(e)
            else:
                raise AssertionError("seed %d accepted" % seed)


def test_the_reference_duel_plays_the_same_game_in_distribution():
    # the speed baseline must be the real game, not a toy: win, tie and method
    # rates within sampling error of the core's (z <= 4.5 on each)
    n = 4000
    for a, b in (([9, 3, 7, 5], [3, 9, 5, 7]), ([2, 9, 9, 4], [8, 4, 8, 4])):
        checked = check_options(arena.OPTIONS, {"a": a, "b": b})
        fight = arena_fast.make(checked)
        core = [fight(a, b, s)[:2] for s in range(n)]
        ref = [arena_reference.fight(a, b, s)[:2] for s in range(n)]
        names = {0: "a", 1: "b", -1: None}
        for key in ("a", "b", None):
            p = sum(1 for w, _ in core if names[w] == key) / n
            q = sum(1 for w, _ in ref if w == {"a": 0, "b": 1, None: None}[key]) / n
            z = abs(p - q) / math.sqrt(max(1e-9, (p * (1 - p) + q * (1 - q)) / n))
            assert z <= 4.5, (a, b, key, p, q)
        for code, name in ((1, "ko"), (2, "ringout"), (3, "time"), (4, "sudden-death"), (5, "tie")):
            p = sum(1 for _, m in core if m == code) / n
            q = sum(1 for _, m in ref if m == name) / n
            z = abs(p - q) / math.sqrt(max(1e-9, (p * (1 - p) + q * (1 - q)) / n))
            assert z <= 4.5, (a, b, name, p, q)
