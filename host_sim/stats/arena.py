"""dicebox-sim stats arena: many Arena duels between two builds, summarised.

Fight k uses fight_seed(S, k), so a run is reproducible from its seed, and
fight k alone is `dicebox-sim fight arena --seed fight_seed(S, k)` with the
same builds and rulings. The fights are host_sim.arena_fast's.
"""
import math
import os

from dicebox.arena import rules as arena
from dicebox.core.game import check_options
from host_sim import common
from host_sim import arena_fast
from host_sim.fights.arena import add_fighter_args, options_from, seeds_of
from host_sim.progress import progress

Z95 = 1.959963984540054


def wilson(k, n):
    """95% Wilson score interval of a proportion k/n, as (low, high)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + Z95 * Z95 / n
    mid = (p + Z95 * Z95 / (2 * n)) / d
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


MAX_FIGHTS = 10000000
fights_arg = common.int_arg("--fights", 1, MAX_FIGHTS)
jobs_arg = common.int_arg("--jobs", 1, 256)
_CHUNK = 20000  # fights a worker plays between reports
_MANY = 100000  # from here on the cores are worth their start-up


def register(sub):
    p = sub.add_parser("arena", help="Arena duel win rates between two builds")
    add_fighter_args(p)
    p.add_argument("--fights", type=fights_arg, default=1000,
                   help="how many fights, 1..%d (default 1000; a progress bar on a terminal)" % MAX_FIGHTS)
    p.add_argument("--seed", type=common.seed_arg, help="run seed 0..999999999 (default: fresh)")
    p.add_argument("--jobs", type=jobs_arg, default=None,
                   help="worker processes (default: all cores from %d fights, else 1; the summary is the same for any number)"
                        % _MANY)
    p.add_argument("--json", action="store_true", help="print the summary as JSON (no progress bar)")
    p.set_defaults(run=run)


def play(task):
    """Fights k0..k1-1 of a run: [a wins, b wins, ties, moments, count by method code,
    ties by method code]."""
    checked, seed, k0, k1 = task
    fight = arena_fast.make(checked)
    seed_of = seeds_of(seed)
    a = checked["a"]
    b = checked["b"]
    wins = [0, 0, 0]  # a, b, tie (winner -1 lands on index 2)
    by = [0] * len(arena.METHODS)
    tie_by = [0] * len(arena.METHODS)  # a tie is level at time (method "tie"), or a double KO or ring-out
    moments = 0
    for k in range(k0, k1, 1000):
        seeds = [seed_of(i) for i in range(k, min(k1, k + 1000))]
        for s, draws in zip(seeds, arena_fast.draws_for(seeds) or [None] * len(seeds)):
            w, m, n, _, _ = fight(a, b, s, draws)
            wins[w] += 1
            by[m] += 1
            if w < 0:
                tie_by[m] += 1
            moments += n
    return wins + [moments] + by + tie_by


def summarise(opts, n, seed, bar=None, jobs=1):
    checked = check_options(arena.OPTIONS, opts)
    tasks = [(checked, seed, k, min(n, k + _CHUNK)) for k in range(0, n, _CHUNK)]
    k = len(arena.METHODS)
    total = [0] * (4 + 2 * k)
    for part in common.pool_map(play, tasks, jobs):
        total = [x + y for x, y in zip(total, part)]
        if bar is not None:
            bar.update(part[0] + part[1] + part[2])
    wins, ties, moments, by, tie_by = total[:2], total[2], total[3], total[4:4 + k], total[4 + k:]
    out = {"ruleset": "arena", "seed": seed, "fights": n, "options": opts, "mean_moments": moments / n,
           "methods": {m: by[i] for i, m in enumerate(arena.METHODS) if i},
           "tie_methods": {m: tie_by[i] for i, m in enumerate(arena.METHODS) if i}}
    for key, k in (("a", wins[0]), ("b", wins[1]), ("tie", ties)):
        lo, hi = wilson(k, n)
        out[key] = {"count": k, "rate": k / n, "ci95": [lo, hi]}
    return out


def run(args):
    opts = options_from(args)
    seed = common.fresh_seed() if args.seed is None else args.seed
    with progress(args.fights, "arena", quiet=args.json) as bar:
        jobs = args.jobs or ((os.cpu_count() or 1) if args.fights >= _MANY else 1)
        s = summarise(opts, args.fights, seed, bar, jobs)
    if args.json:
        common.print_json(s)
        return 0
    fmt = ",".join(str(v) for v in opts["a"]), ",".join(str(v) for v in opts["b"])
    print("arena: a %s against b %s, %d fights, seed %d" % (fmt[0], fmt[1], s["fights"], seed))
    n = s["fights"]
    for key, label in (("a", "a wins"), ("b", "b wins"), ("tie", "ties")):
        r = s[key]
        print("  %-7s %6.1f%%  (95%% CI %.1f-%.1f%%, %d)%s" % (label, 100 * r["rate"], 100 * r["ci95"][0],
                                                            100 * r["ci95"][1], r["count"], _tie_parts(s) if key == "tie" else ""))
    # every fight by how it ended; the method "tie" is time run out on level health
    print("  by     " + ", ".join("%s %.1f%%" % (_SAID.get(m, m), 100 * c / n) for m, c in s["methods"].items()))
    print("  mean length %.2f moments" % s["mean_moments"])
    return 0


_SAID = {"tie": "level at time"}
_BOTH = {"ko": "both knocked out", "ringout": "both rung out"}


def _tie_parts(s):
    """What the ties were: level at time, and the double knock-outs and ring-outs
    (the "by" line counts those under ko and ringout)."""
    n = s["fights"]
    parts = ["%s %.1f%%" % (_SAID["tie"], 100 * s["tie_methods"]["tie"] / n)]
    parts += ["%s %.1f%%" % (_BOTH[m], 100 * c / n) for m, c in s["tie_methods"].items() if m in _BOTH and c]
    return ": " + ", ".join(parts)
