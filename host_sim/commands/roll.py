"""dicebox-sim roll EXPR: the box's dice roller on the command line."""
from dicebox.core import expr, record
from dicebox.core.game import RecordError
from dicebox.core.log import INPUT, ROLL
from host_sim import common
from host_sim.errors import CliError


def register(sub):
    p = sub.add_parser("roll", help="roll a dice expression (2d6+1, d%%, D3+1, coin)")
    p.add_argument("expr", help="dice expression")
    p.add_argument("--seed", type=common.seed_arg, help="generator seed 0..999999999 (default: fresh)")
    p.add_argument("--count", type=common.int_arg("--count", 1, record._MAX_INPUTS), default=1,
                   help="how many rolls, 1..%d: the most one record holds (default 1)" % record._MAX_INPUTS)
    p.add_argument("--dice", type=common.dice_arg, default=[], help="forced die values V,V,... used first")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the session's record to FILE")
    p.set_defaults(run=run)


def run(args):
    try:
        terms = expr.parse(args.expr)
    except expr.ExprError as e:
        raise CliError("EXPR: %s" % e)
    if expr.names(terms):
        raise CliError("EXPR: '%s' names values (%s) the roller cannot know" % (args.expr, ", ".join(expr.names(terms))))
    seed = common.fresh_seed() if args.seed is None else args.seed
    rec = record.Record("dice", seed=seed, inputs=[args.expr] * args.count, dice=args.dice)
    try:
        game = record.replay(rec)
    except RecordError as e:
        raise common.fight_error(e)
    if args.save:
        common.write_text(args.save, rec.dumps() + "\n")
    if args.json:
        common.print_json(record.transcript(game, rec))
        return 0
    for line in _results(game, rec):
        print(line)
    print("seed %d" % seed)
    return 0


def _results(game, rec):
    """One line a roll: 'EXPR = total  (die, die, ...)'."""
    log = game.log
    faces = []
    current = ""
    for i in range(len(log)):
        kind, name, a, b, c = log.entry(i)
        if kind == INPUT:
            current = rec.inputs[a]
            faces = []
        elif kind == ROLL:
            faces.append(str(b))
        else:
            shown = game.describe(name, a, b, c).split(": ", 1)[1] if name == "coin" else str(a)
            yield "%s = %s  (%s)" % (current, shown, ", ".join(faces))
