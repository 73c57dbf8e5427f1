"""dicebox-sim stats arena: many Arena duels between two builds, summarised.

Fight k uses fight_seed(S, k), so a run is reproducible from its seed.
"""
import math

from dicebox.core import arena
from dicebox.core.game import check_options
from host_sim import common
from host_sim.fights.arena import add_fighter_args, fight_seed, options_from, quick_fight

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


fights_arg = common.int_arg("--fights", 1, 10000000)


def register(sub):
    p = sub.add_parser("arena", help="Arena duel win rates between two builds")
    add_fighter_args(p)
    p.add_argument("--fights", type=fights_arg, default=1000, help="how many fights (default 1000)")
    p.add_argument("--seed", type=common.seed_arg, help="run seed 0..999999999 (default: fresh)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=run)


def summarise(opts, n, seed, progress=None):
    checked = check_options(arena.OPTIONS, opts)
    wins = [0, 0]
    ties = 0
    methods = {}
    moments = 0
    for k in range(n):
        winner, method, length = quick_fight(checked, fight_seed(seed, k))
        if winner < 0:
            ties += 1
        else:
            wins[winner] += 1
        name = arena.METHODS[method]
        methods[name] = methods.get(name, 0) + 1
        moments += length
        if progress is not None and (k & 255 == 0 or k == n - 1):
            progress.update(k + 1)
    out = {"ruleset": "arena", "seed": seed, "fights": n, "options": opts, "mean_moments": moments / n,
           "methods": {m: methods.get(m, 0) for m in arena.METHODS[1:]}}
    for key, k in (("a", wins[0]), ("b", wins[1]), ("tie", ties)):
        lo, hi = wilson(k, n)
        out[key] = {"count": k, "rate": k / n, "ci95": [lo, hi]}
    return out


def run(args):
    opts = options_from(args)
    seed = common.fresh_seed() if args.seed is None else args.seed
    s = summarise(opts, args.fights, seed, common.Progress(args.fights, "arena"))
    if args.json:
        common.print_json(s)
        return 0
    fmt = ",".join(str(v) for v in opts["a"]), ",".join(str(v) for v in opts["b"])
    print("arena: a %s against b %s, %d fights, seed %d" % (fmt[0], fmt[1], s["fights"], seed))
    for key, label in (("a", "a wins"), ("b", "b wins"), ("tie", "ties")):
        r = s[key]
        print("  %-7s %6.1f%%  (95%% CI %.1f-%.1f%%, %d)" % (label, 100 * r["rate"], 100 * r["ci95"][0], 100 * r["ci95"][1], r["count"]))
    print("  by     " + ", ".join("%s %.1f%%" % (m, 100 * c / s["fights"]) for m, c in s["methods"].items()))
    print("  mean length %.2f moments" % s["mean_moments"])
    return 0
