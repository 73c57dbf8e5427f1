"""dicebox-sim fight boxing: a show-boxing bout with secret vulnerabilities."""
import random

from dicebox.larp import boxing as B
from dicebox.larp import menu, menu_ru
from host_sim import larp_cli
from host_sim.errors import CliError


def register(sub):
    p = sub.add_parser("boxing", help="LARP show boxing with secret vulnerabilities")
    larp_cli.add_common(p)
    p.add_argument("--targets", type=_targets, help="blows in order: zones by name (head, jaw, ear, body, ribs, "
                   "stomach, or Russian) or 1..6; a trailing ! is the Champion's BLOCK! on that blow")
    p.add_argument("--strategy", choices=("random",), help="pick targets at random (the default without --targets)")
    p.add_argument("--champion", type=larp_cli.int_arg("--champion", 1, 2), default=0, help="boxer 1 or 2 is the reigning Champion")
    for name, default, allowed in B.OPTIONS:
        if name == "champion":
            continue
        flag = "--" + name
        if isinstance(allowed[0], int):
            p.add_argument(flag, type=larp_cli.int_arg(flag, allowed[0], allowed[1]), default=default,
                           help="default %d" % default)
        else:
            p.add_argument(flag, choices=allowed, default=default, help="default %s" % default)
    p.set_defaults(run=run)


def _russian(key):
    """A LARP label's Russian, as the box shows it (larp/menu_ru.py, in larp/menu.py's order)."""
    return menu_ru.LABELS[menu._TABLE.count("\n", 0, menu._TABLE.find("\n%s\t" % key))]


def _zone(text, i):
    word = text.strip().lower().replace("ё", "е")
    if word.isdigit() and 1 <= int(word) <= 6:
        return int(word) - 1
    for code in range(B.ZONE_COUNT):
        if word in (B.ZONE_NAMES[code], _russian("z%d" % code).replace("ё", "е")):
            return code
    raise CliError("--targets: target %d '%s' is not a zone (head, jaw, ear, body, ribs, stomach or 1..6)" % (i + 1, text))


def _targets(text):
    out = []
    for i, part in enumerate(text.split(",")):
        block = part.strip().endswith("!")
        out.append(_zone(part.strip().rstrip("!"), i) + (B.ZONE_COUNT if block else 0))
    return out


def run(args):
    if args.targets is not None and args.strategy:
        raise CliError("--targets and --strategy: give one of them")
    options = {name: getattr(args, name) for name, _, _ in B.OPTIONS}
    rec, game = larp_cli.start("boxing", options, args)
    pick = random.Random(rec.seed)  # the players' choices, not the box's dice
    note = None
    while game.prompt() is not None:
        if args.targets is not None:
            n = len(rec.inputs)
            if n == len(args.targets):
                note = "bout unfinished after %d blows: give more --targets (the secrets stay hidden)" % n
                break
            larp_cli.feed(rec, game, args.targets[n], "--targets: target %d" % (n + 1))
        else:
            value = pick.randrange(B.ZONE_COUNT)
            if game.can_block() and pick.randrange(6) == 0:
                value += B.ZONE_COUNT
            larp_cli.feed(rec, game, value, "--strategy")
    return larp_cli.finish(rec, game, args, note)
