"""dicebox-sim fight titlebout: one Title Bout with dice, as a transcript."""
from dicebox.core import record
from dicebox.core.game import RecordError
from host_sim import common, tbcards
from host_sim.errors import CliError


def register(sub):
    p = sub.add_parser("titlebout", help="Title Bout with dice: one bout between two fighter cards")
    add_fighter_args(p)
    p.add_argument("--dice", type=common.dice_arg, default=[], help="forced die values V,V,... used first")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the bout's record to FILE")
    p.set_defaults(run=run)


def add_fighter_args(p):
    p.add_argument("--red", required=True, metavar="FIGHTER", help="demo fighter name or card file (.json, .csv)")
    p.add_argument("--blue", required=True, metavar="FIGHTER", help="demo fighter name or card file (.json, .csv)")
    p.add_argument("--rounds", type=common.int_arg("--rounds", 4, 15), default=12, help="scheduled rounds 4..15 (default 12)")
    p.add_argument("--seed", type=common.seed_arg, help="generator seed 0..999999999 (default: fresh)")
    p.add_argument("--charts", metavar="FILE", help="chart set file (default: the built-in demo charts)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a ruling option, e.g. ki_roll=punch (see docs/rules/title-bout.md)")


def options(args):
    charts_opt, charts = tbcards.load_charts(args.charts)
    opts = tbcards.option_args(args.option)
    for name in ("red", "blue", "charts", "rounds"):
        if name in opts:
            raise CliError("--option: set %s with --%s" % (name, name))
    opts["red"] = tbcards.load(args.red, "--red", charts)
    opts["blue"] = tbcards.load(args.blue, "--blue", charts)
    opts["charts"] = charts_opt
    opts["rounds"] = args.rounds
    return opts


def run(args):
    seed = common.fresh_seed() if args.seed is None else args.seed
    rec = record.Record("titlebout", options(args), seed, [2], args.dice)
    try:
        game = record.replay(rec)
    except RecordError as e:
        raise common.fight_error(e)
    return common.finish_fight(rec, game, args)
