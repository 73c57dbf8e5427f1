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
    cut = down = points_off = 0  # bouts with a cut that told, with a knockdown, with a foul's points off
    for i in range(bouts):
        rec = record.Record("titlebout", opts, (seed + i) % (SEED_MAX + 1), [2])
        try:
            game = record.replay(rec)
            res = game.result()
        except RecordError as e:
            raise CliError(str(e))
        wins[res["side"] or "draw"] += 1
        key = res["method"] + (" (%s)" % res["reason"] if res["reason"] else "")
        methods[key] = methods.get(key, 0) + 1
        rounds += res["round"]
        c, d, f = _marks(game)
        cut += c
        down += d
        points_off += f
        if progress is not None:
            progress.update(1)
    # "bouts" is the older key, kept beside "fights" for scripts that read it
    return {"fights": bouts, "bouts": bouts, "seed": seed, "wins": wins, "methods": methods, "average_rounds_x100": rounds * 100 // bouts,
            "bouts_with": {"cut": cut, "knockdown": down, "points_off": points_off}}


def _marks(game):
    """Did the bout hold a cut that told (points or a stoppage, not "none"),
    a knockdown, a foul that cost points?"""
    from dicebox.core.log import EVENT

    cut = down = off = 0
    log = game.log
    for i in range(len(log)):
        kind, name, a, b, c = log.entry(i)
        if kind != EVENT:
            continue
        if name == "cut" and b:
            cut = 1
        elif name in ("down", "ko"):
            down = 1
        elif name == "foul" and b > 0:
            off = 1
    return cut, down, off


def _groups(methods):
    """The methods in three groups that together hold every bout."""
    groups = (("by KO or TKO", []), ("by disqualification", []), ("on the scoresheet", []))
    for k in sorted(methods):
        i = 0 if k.startswith(("KO", "TKO")) else 1 if k.startswith("DQ") else 2
        groups[i][1].append((k, methods[k]))
    return groups


def _pct(n, total):
    return "%5.1f%%" % (100.0 * n / total)


def run(args):
    opts = options(args)
    for side in ("red", "blue"):
        if not opts[side]["punches"]:
            raise CliError("--%s: %s is a card of ratings only (its punches are asked): play it with "
                           "`fight titlebout --answers`, not in stats" % (side, opts[side]["name"]))
    seed = common.fresh_seed() if args.seed is None else args.seed
    with progress(args.fights, "titlebout", unit="bouts", quiet=args.json) as bar:
        s = summarise(opts, seed, args.fights, bar)
    s["red"] = opts["red"]["name"]
    s["blue"] = opts["blue"]["name"]
    groups = _groups(s["methods"])
    ko, dq, dec = (sum(n for _, n in g[1]) for g in groups)
    s["rates_pct_x10"] = {"red": s["wins"]["red"] * 1000 // args.fights, "blue": s["wins"]["blue"] * 1000 // args.fights,
                          "draw": s["wins"]["draw"] * 1000 // args.fights, "ko_tko": ko * 1000 // args.fights,
                          "dq": dq * 1000 // args.fights, "decision": dec * 1000 // args.fights}
    if args.json:
        common.print_json(s)
        return 0
    n = args.fights
    charts = opts["charts"]
    print("%d bouts, %s (red) v %s (blue), %d rounds, seeds %d..%d, charts: %s"
          % (n, s["red"], s["blue"], args.rounds, seed, seed + n - 1,
             charts if isinstance(charts, str) else charts.get("name", args.charts)))
    print("  %-24s %6d  %s" % (s["red"] + " wins", s["wins"]["red"], _pct(s["wins"]["red"], n)))
    print("  %-24s %6d  %s" % (s["blue"] + " wins", s["wins"]["blue"], _pct(s["wins"]["blue"], n)))
    print("  %-24s %6d  %s" % ("draws", s["wins"]["draw"], _pct(s["wins"]["draw"], n)))
    print("  how the bouts ended (the three groups add up to %d):" % n)
    for title, members in groups:
        print("  %-24s %6d  %s" % (title, sum(m for _, m in members), _pct(sum(m for _, m in members), n)))
        for k, m in members:
            print("    %-22s %6d  %s" % (k, m, _pct(m, n)))
    w = s["bouts_with"]
    print("  bouts with a cut %d (%s), a knockdown %d (%s), points off for a foul %d (%s)"
          % (w["cut"], _pct(w["cut"], n).strip(), w["knockdown"], _pct(w["knockdown"], n).strip(),
             w["points_off"], _pct(w["points_off"], n).strip()))
    print("  average rounds %d.%02d" % (s["average_rounds_x100"] // 100, s["average_rounds_x100"] % 100))
    return 0
