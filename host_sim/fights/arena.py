"""dicebox-sim fight arena: one Arena duel, printed as a transcript.

Also the host helpers the arena stats and balance commands share: build
parsing, rule options from the command line, per-fight seeds and a fast
fight (the same Game and Dice the box runs, minus the input log); the
many-fight commands use host_sim.arena_fast, which ends every fight the same.
"""
import hashlib

from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.core.dice import Dice
from dicebox.core.game import RecordError, check_options
from dicebox.core.log import Log
from dicebox.core.rng import SEED_MAX
from host_sim import common
from host_sim.errors import CliError

RULE_NAMES = tuple(name for name, _, _ in arena.OPTIONS if name not in ("a", "b", "a_name", "b_name", "health"))


def build_arg(flag):
    """argparse type for --a/--b: P,T,A,S checked by the rules core."""

    def parse(text):
        parts = text.split(",")
        values = []
        for i, part in enumerate(parts):
            try:
                values.append(int(part.strip()))
            except ValueError:
                raise CliError("%s: stat %d ('%s') of '%s' is not a whole number" % (flag, i + 1, part.strip(), text))
        try:
            return list(arena.check_build(values))
        except ValueError as e:
            raise CliError("%s: %s" % (flag, e))

    return parse


def name_arg(flag):
    """argparse type for a fighter's name, checked by the rules core."""

    def parse(text):
        try:
            return arena.check_name(text)
        except ValueError as e:
            raise CliError("%s: %s" % (flag, e))

    return parse


def rule_arg(text):
    """--rule NAME=VALUE for one of the rule options (rulings)."""
    if "=" not in text:
        raise CliError("--rule: '%s' is not NAME=VALUE (names: %s)" % (text, ", ".join(RULE_NAMES)))
    name, value = text.split("=", 1)
    name = name.strip()
    value = value.strip()
    for opt, _, allowed in arena.OPTIONS:
        if opt == name and name in RULE_NAMES:
            if allowed is bool:
                if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise CliError("--rule %s: '%s' is not true or false" % (name, value))
                return name, value.lower() in ("true", "yes", "1")
            if value not in allowed:
                raise CliError("--rule %s: '%s' is not one of %s" % (name, value, ", ".join(allowed)))
            return name, value
    raise CliError("--rule: unknown rule '%s' (rules: %s)" % (name, ", ".join(RULE_NAMES)))


health_arg = common.int_arg("--health", 1, 99)


def add_fighter_args(p, required=True):
    p.add_argument("--a", type=build_arg("--a"), required=required, default=None if required else [6, 6, 6, 6],
                   metavar="P,T,A,S", help="fighter a's Power,Toughness,Agility,Special: 2..9 each, 24 in all")
    p.add_argument("--b", type=build_arg("--b"), required=required, default=None if required else [6, 6, 6, 6],
                   metavar="P,T,A,S", help="fighter b's build")
    add_rule_args(p)


def add_rule_args(p):
    p.add_argument("--health", type=health_arg, help="starting health (default %d)" % _default("health"))
    p.add_argument("--rule", type=rule_arg, action="append", default=[], metavar="NAME=VALUE",
                   help="a ruling option, repeatable: " + ", ".join(
                       "%s (%s)" % (n, "|".join(a) if isinstance(a, tuple) else "true|false")
                       for n, _, a in arena.OPTIONS if n in RULE_NAMES))


def _default(name):
    for opt, default, _ in arena.OPTIONS:
        if opt == name:
            return default
    raise KeyError(name)


def options_from(args, a=None, b=None):
    """The record's options: builds, names, health and rulings given."""
    opts = {"a": a if a is not None else args.a, "b": b if b is not None else args.b}
    if getattr(args, "a_name", None) is not None:
        opts["a_name"] = args.a_name
    if getattr(args, "b_name", None) is not None:
        opts["b_name"] = args.b_name
    if args.health is not None:
        opts["health"] = args.health
    for name, value in args.rule:
        opts[name] = value
    try:
        check_options(arena.OPTIONS, opts)
    except RecordError as e:
        raise CliError(str(e))
    return opts


def fight_seed(master, *keys):
    """A per-fight seed from the run's seed and the fight's place in it:
    the same fight gets the same seed however the work is split."""
    text = "arena:%d:%s" % (master, ":".join(str(k) for k in keys))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % (SEED_MAX + 1)


def seeds_of(master, *keys):
    """seed(k) == fight_seed(master, *keys, k), with the common prefix hashed once."""
    base = hashlib.sha256(("arena:%d:%s" % (master, "".join("%s:" % k for k in keys))).encode())
    span = SEED_MAX + 1

    def seed(k):
        h = base.copy()
        h.update(b"%d" % k)
        return int.from_bytes(h.digest()[:8], "big") % span

    return seed


def quick_fight(checked_options, seed):
    """(winner 0/1/-1, method code, moments) of one fight from the generator."""
    log = Log()
    game = arena.Game(checked_options, Dice(seed, None, log), log)
    while game.method == arena.GOING:
        game.apply(0)
    return game.winner, game.method, game.moment


def register(sub):
    p = sub.add_parser("arena", help="Arena duel (1x8 grid, ten moments)")
    add_fighter_args(p)
    p.add_argument("--a-name", dest="a_name", help="fighter a's name (1..12 characters)")
    p.add_argument("--b-name", dest="b_name", help="fighter b's name")
    p.add_argument("--seed", type=common.seed_arg, help="generator seed 0..999999999 (default: fresh)")
    p.add_argument("--dice", type=common.dice_arg, default=[], help="forced die values V,V,... used first")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the fight's record to FILE")
    p.set_defaults(run=run)


def run(args):
    opts = options_from(args)
    seed = common.fresh_seed() if args.seed is None else args.seed
    rec = record.Record("arena", opts, seed, [], args.dice)
    try:
        game = record.start(rec)
        while game.prompt() is not None:
            rec.inputs.append(0)
            record.feed(game, rec, len(rec.inputs) - 1)
    except RecordError as e:
        raise common.fight_error(e)
    return common.finish_fight(rec, game, args)
