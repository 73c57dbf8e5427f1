"""dicebox-sim stats titlebout: many bouts between two cards, summarised."""
from dicebox.core import record
from dicebox.core.game import RecordError
from dicebox.core.rng import SEED_MAX
from host_sim import common
from host_sim.errors import CliError
from host_sim.fights.titlebout import add_fighter_args, options
from host_sim.progress import progress


def register(sub):
    p = sub.add_parser("titlebout", help="Title Bout with dice: win, KO and decision rates")
    add_fighter_args(p)
    # --fights as in `stats arena`; --bouts, the older name, still works for scripts
    p.add_argument("--fights", "--bouts", dest="fights", metavar="N", type=common.int_arg("--fights", 1, 100000), required=True,
                   help="how many bouts, 1..100000 (--bouts is the same; a progress bar on a terminal)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON (no progress bar)")
    p.set_defaults(run=run)


def summarise(opts, seed, bouts, progress=None):
    """Bout i uses seed + i: any single bout can be replayed from the summary."""
    wins = {"red": 0, "blue": 0, "draw": 0}
    methods = {}
    rounds = 0
    for i in range(bouts):
        rec = record.Record("titlebout", opts, (seed + i) % (SEED_MAX + 1), [2])
        try:
            res = record.replay(rec).result()
        except RecordError as e:
            raise CliError(str(e))
        wins[res["side"] or "draw"] += 1
        key = res["method"] + (" (%s)" % res["reason"] if res["reason"] else "")
        methods[key] = methods.get(key, 0) + 1
        rounds += res["round"]
        if progress is not None:
            progress.update(1)
    # "bouts" is the older key, kept beside "fights" for scripts that read it
    return {"fights": bouts, "bouts": bouts, "seed": seed, "wins": wins, "methods": methods, "average_rounds_x100": rounds * 100 // bouts}


def _pct(n, total):
    return "%5.1f%%" % (100.0 * n / total)


def run(args):
    opts = options(args)
    seed = common.fresh_seed() if args.seed is None else args.seed
    with progress(args.fights, "titlebout", unit="bouts", quiet=args.json) as bar:
        s = summarise(opts, seed, args.fights, bar)
    s["red"] = opts["red"]["name"]
    s["blue"] = opts["blue"]["name"]
    ko = sum(v for k, v in s["methods"].items() if k.startswith(("KO", "TKO")))
    dec = s["methods"].get("decision", 0) + s["methods"].get("draw", 0)
    s["rates_pct_x10"] = {"red": s["wins"]["red"] * 1000 // args.fights, "blue": s["wins"]["blue"] * 1000 // args.fights,
                          "draw": s["wins"]["draw"] * 1000 // args.fights, "ko_tko": ko * 1000 // args.fights,
                          "decision": dec * 1000 // args.fights}
    if args.json:
        common.print_json(s)
        return 0
    n = args.fights
    print("%d bouts, %s (red) v %s (blue), %d rounds, seeds %d..%d" % (n, s["red"], s["blue"], args.rounds, seed, seed + n - 1))
    print("  %-24s %6d  %s" % (s["red"] + " wins", s["wins"]["red"], _pct(s["wins"]["red"], n)))
    print("  %-24s %6d  %s" % (s["blue"] + " wins", s["wins"]["blue"], _pct(s["wins"]["blue"], n)))
    print("  %-24s %6d  %s" % ("draws", s["wins"]["draw"], _pct(s["wins"]["draw"], n)))
    print("  %-24s %6d  %s" % ("by KO or TKO", ko, _pct(ko, n)))
    print("  %-24s %6d  %s" % ("on the scoresheet", dec, _pct(dec, n)))
    for k in sorted(s["methods"]):
        print("    %-22s %6d  %s" % (k, s["methods"][k], _pct(s["methods"][k], n)))
    print("  average rounds %d.%02d" % (s["average_rounds_x100"] // 100, s["average_rounds_x100"] % 100))
    return 0
