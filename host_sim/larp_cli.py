"""Helpers shared by the LARP commands (fight boxing/duel/stealth, shoot, wounds)."""
from dicebox.core import record
from dicebox.core.game import RecordError
from host_sim import common
from host_sim.errors import CliError


def add_common(p, dice=True):
    p.add_argument("--seed", type=common.seed_arg, help="generator seed 0..999999999 (default: fresh)")
    if dice:
        p.add_argument("--dice", type=common.dice_arg, default=[], help="forced die values V,V,... used first")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the record to FILE")


int_arg = common.int_arg


def start(ruleset, options, args):
    seed = common.fresh_seed() if args.seed is None else args.seed
    rec = record.Record(ruleset, options, seed, [], list(getattr(args, "dice", [])))
    try:
        game = record.start(rec)
    except RecordError as e:
        raise common.fight_error(e)
    return rec, game


def feed(rec, game, value, what):
    """Append one input and apply it; a rules refusal names `what` (the argument)."""
    rec.inputs.append(value)
    try:
        record.feed(game, rec, len(rec.inputs) - 1)
    except RecordError as e:
        rec.inputs.pop()
        msg = str(e)
        if msg.startswith("dice: "):
            raise common.fight_error(e)
        raise CliError("%s: %s" % (what, msg.split(": ", 1)[-1]))


finish = common.finish_fight
